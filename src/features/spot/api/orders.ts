import { mutate } from "swr";
import useSWRInfinite, { unstable_serialize as infiniteKey } from "swr/infinite";
import type { spot } from "@contract";
import type { SpotOrder } from "@contract/spot";
import { endpoint } from "@/shared/api/client";
import { useTopics } from "@/shared/api/realtime";
import { refreshSpotAccount } from "./account";
import { refreshSpotTickets } from "./ticket";

/** GET coin/list: my spot orders, newest first: open, done (filled or cancelled), or all. */
export const getSpotOrders = endpoint<typeof spot.list>({ method: "GET", path: "coin/list", access: "user" });

export type SpotListStatus = "open" | "done";
const LIMIT = 20;

const pageKey = (status: SpotListStatus, index: number) => `coin/list?status=${status}&page=${index + 1}`;
const isOrdersKey = (key: unknown) => typeof key === "string" && key.includes("coin/list");

/**
 * The lists' own keys: SWR's filter form of `mutate` skips paged lists, so they are named. Revalidating a list that is
 * not on show drops its "just fetched" mark, so reopening it within SWR's deduping interval still fetches.
 */
const listKeys = (["open", "done"] as const).map((status) => infiniteKey((index: number) => pageKey(status, index)));

/** Every order list, ticket and the spot account in the cache, after an order, a cancel or a fill. */
export const refreshSpot = () => Promise.all([mutate(isOrdersKey), ...listKeys.map((key) => mutate(key)), refreshSpotTickets(), refreshSpotAccount()]);

/** One list of orders a page at a time; refetched (with balances) when the user channel `orders` says one changed. */
export function useSpotOrders(status: SpotListStatus) {
  const result = useSWRInfinite(
    (index) => pageKey(status, index),
    (key: string) => getSpotOrders({ status, page: Number(new URLSearchParams(key.split("?")[1]).get("page")), limit: LIMIT }, { silent: true, loading: false }),
  );
  useTopics<Partial<SpotOrder> | null>(
    [{ channel: "orders" }],
    () => {
      void result.mutate();
      void refreshSpotTickets();
      void refreshSpotAccount();
    },
    { user: true },
  );
  return result;
}
