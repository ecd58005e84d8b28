import type { market } from "@contract";
import type { Depth, RecentTrade } from "@contract/market";
import { endpoint } from "@/shared/api/client";
import { useLiveSWR } from "@/shared/api/realtime";

/** GET currency/depth: a pair's book at its venue, best first (public). */
export const getDepth = endpoint<typeof market.depth>({ method: "GET", path: "currency/depth", access: "public" });
/** GET currency/trades: a pair's recent trades at its venues, newest first (public). */
export const getTrades = endpoint<typeof market.trades>({ method: "GET", path: "currency/trades", access: "public" });

/** Trades a screen keeps. */
export const TRADES_SHOWN = 20;

/** The pair's book, replaced by each `depth` frame (one a second at most), polled while the socket is down. */
export const useDepth = (symbol: string | null, limit = 20) =>
  useLiveSWR<Depth>(symbol ? ["currency/depth", symbol, limit] : null, () => getDepth({ symbol: symbol!, limit }, { silent: true, loading: false }), {
    topics: symbol ? [{ channel: "depth", symbol }] : null,
    onMessage: (message, mutate) => {
      const depth = message.data as Depth | null;
      if (depth && Array.isArray(depth.bids)) void mutate({ ...depth, bids: depth.bids.slice(0, limit), asks: depth.asks.slice(0, limit) }, { revalidate: false });
    },
  });

/** Newest first, without a trade twice (a frame and the fetch after a reconnect may both carry it). */
export function mergeTrades(current: readonly RecentTrade[], incoming: readonly RecentTrade[], keep = TRADES_SHOWN): RecentTrade[] {
  const key = (t: RecentTrade) => `${t.venue}|${t.at_ms}|${t.price}|${t.quantity}|${t.side}`;
  const seen = new Set<string>();
  return [...incoming, ...current]
    .filter((t) => !seen.has(key(t)) && (seen.add(key(t)), true))
    .sort((a, b) => b.at_ms - a.at_ms)
    .slice(0, keep);
}

/** The pair's recent trades, the newest arriving by the `trades` frames. */
export const useTrades = (symbol: string | null) =>
  useLiveSWR<{ list: RecentTrade[] }>(symbol ? ["currency/trades", symbol] : null, () => getTrades({ symbol: symbol!, limit: TRADES_SHOWN }, { silent: true, loading: false }), {
    topics: symbol ? [{ channel: "trades", symbol }] : null,
    onMessage: (message, mutate) => {
      const data = message.data as { list?: RecentTrade[] } | null;
      if (data && Array.isArray(data.list)) void mutate((current) => ({ list: mergeTrades(current?.list ?? [], data.list!) }), { revalidate: false });
    },
  });
