import type { KlineInterval } from "../../contract/market";
import { Dec } from "./decimal";
import type { Instrument } from "./instruments";
import { bucketStart, INTERVAL_MS, INTERVALS, type Bar } from "./bars";
import { Random } from "./random";
import { formatPrice, PriceModel, quantityFor, YEAR_MS } from "./sim.feed";

/**
 * Simulated history, so every interval has its candles from the first start (at least `candles` of each), built
 * in nested regions: weekly bars long ago, then daily, ..., then one-minute bars for the last `minuteCandles`
 * minutes. Each region starts on a boundary of the next coarser interval, so every bar falls inside one candle of
 * every coarser interval, and an interval's candles are aggregated from the bars of its own size or finer: the
 * 1 w candle of last month sums last month's daily bars. About 5,000 bars a pair instead of the millions a
 * minute-by-minute history of ten years would take.
 *
 * After a restart the same plan fills the gap since the last recorded tick (`fromMs`): the bar that contains it
 * merges into the candle already stored.
 */

export interface Region {
  interval: KlineInterval;
  /** First bar's start and the region's end, ms. */
  fromMs: number;
  toMs: number;
}

export function historyPlan(nowMs: number, fromMs: number | null, candles: number, minuteCandles = Math.max(candles, 1500)): Region[] {
  const regions: Region[] = [];
  let end = nowMs;
  // Finest first: each region ends where the finer one starts.
  for (let i = 0; i < INTERVALS.length; i++) {
    const interval = INTERVALS[i];
    const size = INTERVAL_MS[interval];
    const count = interval === "1m" ? minuteCandles : candles;
    const coarser = INTERVALS[i + 1] ?? interval;
    let start = bucketStart(coarser, nowMs - count * size);
    if (start > end) start = bucketStart(coarser, end);
    const from = fromMs === null ? start : Math.max(start, bucketStart(interval, fromMs));
    if (from < end) regions.push({ interval, fromMs: from, toMs: end });
    end = Math.min(end, start);
  }
  return regions.reverse();
}

/**
 * The bars of a plan for one pair, oldest first, starting from `startPrice` (the last recorded tick after a
 * restart, the reference otherwise). Deterministic in seed, pair and plan.
 */
export function simHistory(instrument: Instrument, seed: string, plan: readonly Region[], startPrice?: number): Bar[] {
  const bars: Bar[] = [];
  if (plan.length === 0) return bars;
  const random = new Random(`${seed}|history|${instrument.symbol}|${plan[0].fromMs}|${startPrice ?? ""}`);
  const model = new PriceModel(instrument, random, startPrice ?? instrument.sim.reference);
  const precision = instrument.pricePrecision;
  let close = model.price;
  for (const region of plan) {
    const size = INTERVAL_MS[region.interval];
    for (let t = region.fromMs; t < region.toMs; t += size) {
      const dtMs = Math.min(size, region.toMs - t);
      const open = close;
      close = model.step(dtMs);
      const wick = model.volatility * Math.sqrt(dtMs / YEAR_MS) * 0.5;
      const high = Math.max(open, close) * Math.exp(Math.abs(random.normal()) * wick);
      const low = Math.min(open, close) * Math.exp(-Math.abs(random.normal()) * wick);
      const moveSigmas = wick > 0 ? Math.log(close / open) / (2 * wick) : 0;
      bars.push({
        t,
        ms: size,
        o: formatPrice(open, precision),
        h: formatPrice(high, precision),
        l: formatPrice(low, precision),
        c: formatPrice(close, precision),
        v: new Dec(quantityFor(instrument, random, dtMs, moveSigmas)),
      });
    }
  }
  return bars;
}
