import useSWR from "swr";
import type { market } from "@contract";
import { endpoint } from "@/shared/api/client";
import { hasLoginAtom, useAtomValue } from "@/shared/state/store";

/** GET market/favorites: my favourite pairs, in the order I added them (on the server: every device has them). */
export const getFavorites = endpoint<typeof market.favorites>({ method: "GET", path: "market/favorites", access: "user" });
/** POST market/favorite: add a pair (on: true) or take it out; answers the whole list. */
export const postFavorite = endpoint<typeof market.favorite>({ method: "POST", path: "market/favorite", access: "user" });

export const FAVORITES_KEY = "market/favorites";

/**
 * The favourites while signed in (none otherwise). SWR's offline copy keeps the last answer, so the favourites tab
 * works offline; a toggle shows at once and the server's list replaces it.
 */
export function useFavorites() {
  const signedIn = useAtomValue(hasLoginAtom);
  const result = useSWR(signedIn ? FAVORITES_KEY : null, () => getFavorites({}, { silent: true, loading: false }));
  const list = result.data?.list ?? [];
  const toggle = async (symbol: string) => {
    const on = !list.includes(symbol);
    await result.mutate(postFavorite({ symbol, on }, { loading: false }), {
      optimisticData: { list: on ? [...list, symbol] : list.filter((s) => s !== symbol) },
      rollbackOnError: true,
      revalidate: false,
    });
  };
  return { favorites: list, signedIn, toggle };
}
