import type { Candle, Quotation } from "../../contract/market";
import { fixed } from "../feeds";
import type { TickerFigures } from "./market-state";
import type { PairRow } from "./market.store";
import { quoteAround } from "./quote.engine";
import { changePercent } from "./ticker.engine";

/** A pair's quotation as the wire shows it: its 24 h figures with the pair's precision, bid and ask around the last. */
export function quotationFrom(pair: PairRow, t: TickerFigures): Quotation {
  const p = pair.price_precision;
  const { bid, ask } = quoteAround(t.last, pair.spread_rate, p);
  return {
    symbol: pair.symbol,
    base: pair.base,
    quote: pair.quote,
    kind: pair.kind,
    last: fixed(t.last, p),
    open_24h: fixed(t.open, p),
    high_24h: fixed(t.high, p),
    low_24h: fixed(t.low, p),
    change_24h: changePercent(t.open, t.last),
    volume_24h: t.volume,
    quote_volume_24h: t.quoteVolume,
    bid,
    ask,
    price_precision: p,
    trading: pair.trading,
    // Read again at each answer by MarketView.quotationOf: they change with the clock, not with the figures.
    paused: false,
    tick_age_ms: null,
    tick_max_age_ms: 1,
    source: t.source,
    updated_at: Math.floor(t.atMs / 1000),
  };
}

/** A candle as the wire shows it: prices with the pair's precision. */
export function roundCandle(candle: Candle, precision: number): Candle {
  return { t: candle.t, o: fixed(candle.o, precision), h: fixed(candle.h, precision), l: fixed(candle.l, precision), c: fixed(candle.c, precision), v: candle.v };
}
