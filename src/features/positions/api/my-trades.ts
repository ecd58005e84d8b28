import { mutate, type KeyedMutator } from "swr";
import useSWRInfinite from "swr/infinite";
import type { positions } from "@contract";
import type { MarketKind } from "@contract/market";
import type { Position } from "@contract/positions";
import { endpoint } from "@/shared/api/client";
import { foldPushedRow } from "@/shared/api/pushed-row";
import { useLiveSWR, useTopics, type TopicMessage } from "@/shared/api/realtime";

/** POST lever/my_trade: my pending orders, open positions (live P&L) or closed positions, with the account summary. */
export const getMyTrades = endpoint<typeof positions.myTrades>({ method: "POST", path: "lever/my_trade", access: "user" });

export type MyTrades = Awaited<ReturnType<typeof getMyTrades>>;
export type ListStatus = "pending" | "open" | "closed";

/** Open and pending lists are short (a page of 100); closed ones page. */
const LIVE_LIMIT = 100;
const CLOSED_LIMIT = 20;

export const myTradesKey = (status: ListStatus, kind: MarketKind) => ["lever/my_trade", status, kind] as const;
const isMyTradesKey = (key: unknown) => (Array.isArray(key) && key[0] === "lever/my_trade") || (typeof key === "string" && key.includes("lever/my_trade"));

/** Every position list in the cache, after an order, a change or a close. */
export const refreshMyTrades = () => mutate(isMyTradesKey);

/** The user channel `positions` carries a position that changed: folded in place, or the lists refetched when it moved between lists. */
function onPositionMessage(message: TopicMessage, update: KeyedMutator<MyTrades>, status: ListStatus) {
  const changed = message.data as Partial<Position> | null;
  if (!changed || typeof changed.id !== "number") {
    void refreshMyTrades();
    return;
  }
  // A position stays in its list while its status does ("closing" is still shown among the open ones).
  const stays = (current: Position) => !changed.status || changed.status === current.status || (status === "open" && changed.status === "closing");
  foldPushedRow(update, changed as Partial<Position> & { id: number }, stays, refreshMyTrades);
}

/** Pending or open positions of one kind, live: the user channel's changes, polling while the socket is down. */
export const useMyTrades = (status: "pending" | "open", kind: MarketKind | null) =>
  useLiveSWR<MyTrades>(kind ? myTradesKey(status, kind) : null, () => getMyTrades({ status, kind: kind!, page: 1, limit: LIVE_LIMIT }, { silent: true, loading: false }), {
    topics: kind ? [{ channel: "positions" }] : null,
    user: true,
    onMessage: (message, update) => onPositionMessage(message, update, status),
  });

/** Closed positions of one kind, newest first, a page at a time; refetched when a position closes. */
export function useClosedTrades(kind: MarketKind | null) {
  const result = useSWRInfinite(
    (index) => (kind ? `lever/my_trade?status=closed&kind=${kind}&page=${index + 1}` : null),
    (key: string) => getMyTrades({ status: "closed", kind: kind!, page: Number(new URLSearchParams(key.split("?")[1]).get("page")), limit: CLOSED_LIMIT }, { silent: true, loading: false }),
  );
  useTopics<Partial<Position> | null>(
    kind ? [{ channel: "positions" }] : null,
    (changed) => {
      if (!changed || changed.status === "closed" || changed.status === "cancelled") void result.mutate();
    },
    { user: true },
  );
  return result;
}
