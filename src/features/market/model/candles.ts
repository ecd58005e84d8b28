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

/**
 * Whether `next` differs from `before` only in its last candle, or by one candle added after it: what a live tick
 * does (`mergeCandle` keeps every other candle the same object), so a chart may update those candles alone.
 */
export function changedAtTheEnd(before: readonly Candle[], next: readonly Candle[]): boolean {
  const kept = before.length - 1;
  if (kept < 0 || (next.length !== kept + 1 && next.length !== kept + 2)) return false;
  if (next[kept].t !== before[kept].t) return false;
  for (let i = 0; i < kept; i++) if (next[i] !== before[i]) return false;
  return true;
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

/** A candle as the chart draws it: numbers (display only; the readout shows the strings). */
export interface ChartCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** A volume bar, and whether its candle rose (a flat one counts as rising): its colour. */
export interface ChartVolume {
  time: number;
  value: number;
  rising: boolean;
}

/**
 * The chart's series from the candles, in one pass: candles, volume bars and the closes' moving averages (null
 * until a period has enough candles), with the candles they came from. Chart maths only: these numbers draw, they
 * never price anything.
 */
export function chartSeries(candles: Candle[]) {
  const n = candles.length;
  const times = new Array<number>(n);
  const ohlc = new Array<ChartCandle>(n);
  const volumes = new Array<ChartVolume>(n);
  const closes = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const c = candles[i];
    const open = Number(c.o);
    const close = Number(c.c);
    times[i] = c.t;
    ohlc[i] = { time: c.t, open, high: Number(c.h), low: Number(c.l), close };
    volumes[i] = { time: c.t, value: Number(c.v), rising: close >= open };
    closes[i] = close;
  }
  const ma = MA_PERIODS.map((period) => movingAverage(closes, period));
  return { times, ohlc, volumes, ma, candles };
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

/** A recorded tick to mark (a fill, trigger, liquidation or settlement): its candle's index and its price. */
export interface ChartMark {
  index: number;
  price: string;
  label: string;
}

/** How many of the loaded candles show at first; the rest are a pinch or a drag away. */
export const FIRST_VIEW_CANDLES = 80;
/** Candles shown either side of a marked tick. */
export const MARK_VIEW_HALF = 30;

/**
 * The logical range (candle indexes) a chart opens on: around a marked candle, centred on it, or the latest candles
 * with a little room after the last. A mark outside the list opens the latest candles.
 */
export function openingRange(count: number, markIndex: number | null): { from: number; to: number } {
  if (markIndex !== null && markIndex >= 0 && markIndex < count) return { from: markIndex - MARK_VIEW_HALF, to: markIndex + MARK_VIEW_HALF };
  return { from: count - FIRST_VIEW_CANDLES, to: count + 2 };
}
