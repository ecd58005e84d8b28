import useSWR, { mutate } from "swr";
import type { spot } from "@contract";
import { endpoint } from "@/shared/api/client";
import { useTopics } from "@/shared/api/realtime";

/** GET coin/account: each holding with its USDT value now and the average cost of the spot buys behind it. */
export const getSpotAccount = endpoint<typeof spot.accountCall>({ method: "GET", path: "coin/account", access: "user" });

export const spotAccountKey = "coin/account";

export const refreshSpotAccount = () => mutate(spotAccountKey);

/** The spot account, revalued every 15 s and at once when an order fills. */
export function useSpotAccount() {
  const result = useSWR(spotAccountKey, () => getSpotAccount({}, { silent: true, loading: false }), { refreshInterval: 15_000 });
  useTopics([{ channel: "orders" }], () => void result.mutate(), { user: true });
  return result;
}
