import type { market } from "@contract";
import { endpoint } from "@/shared/api/client";
import useSWR from "swr";
import { useLiveSWR } from "@/shared/api/realtime";
import { intervalSeconds, mergeCandle } from "../model/candles";
import type { Candle, KlineInterval, MarketKind } from "../model/types";
// Forex and metal candles come from currency/whkdata, crypto ones from currency/new_timeshar.
import { getFxKlines } from "./fx-klines";

/** GET currency/new_timeshar: a crypto pair's candles, oldest first, the last one still open. */
export const getKlines = endpoint<typeof market.klines>({ method: "GET", path: "currency/new_timeshar", access: "user" });

/** Enough history to zoom out a long way in one request (the feed keeps at least 500 per interval). */
export const KLINE_LIMIT = 500;

export const klinesKey = (symbol: string, interval: KlineInterval) => ["klines", symbol, interval] as const;

/** A pair's candles for one interval, the last one moving live from the socket (polled while it is down). */
export const useKlines = (symbol: string, kind: MarketKind | undefined, interval: KlineInterval) =>
  useLiveSWR<Candle[]>(
    symbol && kind ? klinesKey(symbol, interval) : null,
    () => (kind === "crypto" ? getKlines : getFxKlines)({ symbol, interval, limit: KLINE_LIMIT }, { silent: true, loading: false }),
    {
      topics: [{ channel: "kline", symbol, interval }],
      // A candle opened while the gap was being fetched stays (the fetch predates it); otherwise the fetch wins.
      merge: (current, fetched) => {
        const live = current?.at(-1);
        const last = fetched.at(-1);
        return live && (!last || live.t > last.t) ? mergeCandle(fetched, live) : fetched;
      },
      onMessage: (message, mutate) => {
        const candle = message.data as Candle | null;
        if (candle && typeof candle.t === "number") void mutate((list) => (list ? mergeCandle(list, candle) : list), { revalidate: false });
      },
    },
  );

/** Candles loaded either side of a past moment. */
export const KLINE_AROUND = 160;

/**
 * The candles around a past moment (a fill's tick): half the window before it, half after, through the kline
 * call's `to`. History does not move, so this is a plain fetch with no live updates (they would append today's
 * candles to a past window).
 */
export const useKlinesAround = (symbol: string, kind: MarketKind | undefined, interval: KlineInterval, atMs: number | null) => {
  const to = atMs === null ? null : Math.floor(atMs / 1000) + (KLINE_AROUND / 2) * intervalSeconds(interval);
  return useSWR(symbol && kind && to !== null ? ["klines-around", symbol, interval, to] : null, () =>
    (kind === "crypto" ? getKlines : getFxKlines)({ symbol, interval, limit: KLINE_AROUND, to: to ?? undefined }, { silent: true, loading: false }),
  );
};
