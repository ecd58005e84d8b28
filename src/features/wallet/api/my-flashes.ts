import useSWRInfinite from "swr/infinite";
import type { wallet } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET wallet/myFlashAgainstList: my conversions, newest first. */
export const getMyFlashes = endpoint<typeof wallet.myFlashes>({ method: "GET", path: "wallet/myFlashAgainstList", access: "user" });

export const useMyFlashes = () =>
  useSWRInfinite(
    (index) => ["wallet/myFlashAgainstList", index + 1] as const,
    ([, page]) => getMyFlashes({ page, limit: 20 }, { silent: true, loading: false }),
  );
