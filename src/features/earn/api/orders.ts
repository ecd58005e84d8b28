import { mutate } from "swr";
import useSWRInfinite, { unstable_serialize } from "swr/infinite";
import type { earn } from "@contract";
import type { EarnKind } from "@contract/earn";
import { endpoint } from "@/shared/api/client";

/** GET project/orders: my AI arbitrage orders, in progress or ended. */
export const getProjectOrders = endpoint<typeof earn.orders>({ method: "GET", path: "project/orders", access: "user" });
/** GET lh/deposit/order: my hosting orders, in progress or ended. */
export const getHostingOrders = endpoint<typeof earn.hostingOrders>({ method: "GET", path: "lh/deposit/order", access: "user" });

export type OrderTab = "running" | "ended";

const isEarnKey = (key: unknown) => typeof key === "string" && (key.startsWith("earn-records:") || key === "lh/deposit/ordersum");
const pageKey = (kind: EarnKind, status: OrderTab) => (index: number) => `earn-orders:${kind}:${status}:${index + 1}`;

/**
 * Every earn list and total in the cache, after a subscription or a termination. The order lists are infinite
 * lists: a key filter never reaches them, their cache entries are addressed through `unstable_serialize`.
 */
export const refreshEarnOrders = () =>
  Promise.all([
    mutate(isEarnKey),
    ...(["arbitrage", "hosting"] as const).flatMap((kind) => (["running", "ended"] as const).map((status) => mutate(unstable_serialize(pageKey(kind, status))))),
  ]);

export const useEarnOrders = (kind: EarnKind, status: OrderTab) =>
  useSWRInfinite(pageKey(kind, status), (key: string) => {
    const page = Number(key.split(":")[3]);
    const query = { status, page, limit: 20 };
    return kind === "arbitrage" ? getProjectOrders(query, { silent: true, loading: false }) : getHostingOrders(query, { silent: true, loading: false });
  });
