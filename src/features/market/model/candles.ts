import type { Candle } from "./types";

/**
 * A live candle into the loaded series: the open candle is replaced as it moves, a new open time appends, an
 * update to an older candle replaces it, and one older than everything loaded is ignored. Returns a new array
 * only when something changed.
 */
export function mergeCandle(list: Candle[], candle: Candle, maxLength = 2000): Candle[] {
  const last = list.at(-1);
  if (!last || candle.t > last.t) {
    const next = [...list, candle];
    return next.length > maxLength ? next.slice(next.length - maxLength) : next;
  }
  const index = candle.t === last.t ? list.length - 1 : findIndex(list, candle.t);
  if (index < 0) return list;
  const old = list[index];
  if (old.o === candle.o && old.h === candle.h && old.l === candle.l && old.c === candle.c && old.v === candle.v) return list;
  const next = list.slice();
  next[index] = candle;
  return next;
}

/** Binary search by open time (candles are in time order). */
function findIndex(list: Candle[], t: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].t === t) return mid;
    if (list[mid].t < t) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Simple moving average of the closes over `period` candles; null until enough candles exist. Chart maths only:
 * these numbers draw a line, they never price anything.
 */
export function movingAverage(closes: number[], period: number): (number | null)[] {
  const out: (number | null)[] = new Array(closes.length).fill(null);
  let sum = 0;
  for (let i = 0; i < closes.length; i++) {
    sum += closes[i];
    if (i >= period) sum -= closes[i - period];
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

export const MA_PERIODS = [5, 10, 30] as const;

/** A volume bar for echarts: candle index, volume, and 1 for a rising candle or -1 for a falling one (its colour). */
export type VolumeBar = [index: number, volume: number, direction: 1 | -1];

/**
 * The chart's series from the candles: echarts wants numbers (display only; the readout shows the strings). Plain
 * arrays only: an object per item (an item's own style) sends echarts down its slow per-item path for every candle,
 * which 5,000 candles make a long task; the volume colour is read from `direction` by a colour callback instead.
 */
export function chartSeries(candles: Candle[]) {
  const times: number[] = [];
  const ohlc: [number, number, number, number][] = [];
  const volumes: VolumeBar[] = [];
  const closes: number[] = [];
  candles.forEach((c, i) => {
    const o = Number(c.o);
    const close = Number(c.c);
    times.push(c.t);
    // echarts' candlestick order: open, close, lowest, highest.
    ohlc.push([o, close, Number(c.l), Number(c.h)]);
    volumes.push([i, Number(c.v), close >= o ? 1 : -1]);
    closes.push(close);
  });
  const ma = MA_PERIODS.map((period) => movingAverage(closes, period));
  return { times, ohlc, volumes, ma };
}

/** Seconds per candle of an interval ("4h" -> 14400). */
export function intervalSeconds(interval: string): number {
  const unit = interval.slice(-1);
  const n = Number(interval.slice(0, -1));
  const seconds = { m: 60, h: 3600, d: 86_400, w: 604_800 }[unit];
  if (!seconds || !Number.isInteger(n) || n <= 0) throw new Error(`unknown interval ${interval}`);
  return n * seconds;
}

/** The candle a moment falls in (its open time <= the moment < the next open time), or -1 outside the list. */
export function candleIndexAt(candles: readonly { t: number }[], seconds: number, interval: string): number {
  let lo = 0;
  let hi = candles.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (candles[mid].t <= seconds) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && seconds < candles[found].t + intervalSeconds(interval) ? found : -1;
}
