import type { market } from "@contract";
import { endpoint } from "@/shared/api/client";
import { useLiveSWR } from "@/shared/api/realtime";
import { mergeCandle } from "../model/candles";
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
