import type { Decimal } from "decimal.js";
import { klineIntervals, type KlineInterval } from "../../contract/market";
import { Dec } from "./decimal";

/**
 * Bars and the interval calendar: what a venue's history is made of (the simulator's, `sim.history.ts`), and the
 * boundaries the market's candles are cut on (`market/kline.engine.ts`). A week starts on Monday 00:00 UTC, as
 * exchanges count it.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05 00:00 UTC, the first Monday of the epoch: week boundaries are counted from it. */
const MONDAY_MS = 4 * DAY_MS;

export const INTERVAL_MS: Record<KlineInterval, number> = {
  "1m": MINUTE_MS,
  "5m": 5 * MINUTE_MS,
  "15m": 15 * MINUTE_MS,
  "30m": 30 * MINUTE_MS,
  "1h": HOUR_MS,
  "4h": 4 * HOUR_MS,
  "1d": DAY_MS,
  "1w": WEEK_MS,
};

export const INTERVALS: readonly KlineInterval[] = klineIntervals;

/** The open time (ms) of the candle of `interval` that contains `atMs`. */
export function bucketStart(interval: KlineInterval, atMs: number): number {
  const size = INTERVAL_MS[interval];
  const offset = interval === "1w" ? MONDAY_MS : 0;
  return Math.floor((atMs - offset) / size) * size + offset;
}

/** A price bar: a tick (o = h = l = c, `ms` 0) or a finer candle of history (`ms` its length). */
export interface Bar {
  /** Start time, ms. */
  t: number;
  /** Length in ms (0 for a tick). */
  ms: number;
  o: string;
  h: string;
  l: string;
  c: string;
  /** Base volume. */
  v: Decimal;
}

/** A tick as a bar: one price, its quantity, no length. */
export function tickBar(atMs: number, price: string, quantity: Decimal.Value): Bar {
  return { t: atMs, ms: 0, o: price, h: price, l: price, c: price, v: new Dec(quantity) };
}
