import type { Decimal } from "decimal.js";
import type { Candle, KlineInterval } from "../../contract/market";
import { bucketStart, Dec, INTERVAL_MS, INTERVALS, plain, type Bar } from "../feeds";

/**
 * Kline aggregation, pure: candles of every interval built from ticks (or from finer bars, for the simulated
 * history). No clock, no database. Rules:
 * - A candle's open time is its interval's boundary in UTC; weeks start on Monday 00:00 UTC (as exchanges do).
 * - A bar (a tick is a bar with o = h = l = c) merges into the candle of its boundary: high and low widen, the
 *   close moves, volumes add. Bars arrive in time order.
 * - A bar past the current candle closes it and opens the next one at the bar's own boundary. A gap (no ticks for
 *   a while) is a gap: no empty candles are invented, and the next candle opens at its first price.
 * - A bar older than the current candle is late and changes nothing (the caller keeps ticks in order).
 * - A bar coarser than an interval (a 1 h bar of history) is not split into that interval's candles.
 */

/** A candle being built. `hn`/`ln` mirror `h`/`l` as numbers for cheap comparisons; the strings stay exact. */
export interface CandleState {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  hn: number;
  ln: number;
  v: Decimal;
}

const open = (t: number, bar: Bar): CandleState => ({ t, o: bar.o, h: bar.h, l: bar.l, c: bar.c, hn: Number(bar.h), ln: Number(bar.l), v: bar.v });

export interface MergeResult {
  candle: CandleState;
  /** The candle the bar closed (it moved past it), or null. */
  closed: CandleState | null;
  /** The bar was older than the current candle and was ignored. */
  late: boolean;
}

/** Merges one bar into the current candle of `interval` (null: none yet). Returns new objects; inputs are unchanged. */
export function mergeBar(current: CandleState | null, interval: KlineInterval, bar: Bar): MergeResult {
  const t = bucketStart(interval, bar.t);
  if (!current) return { candle: open(t, bar), closed: null, late: false };
  if (t < current.t) return { candle: current, closed: null, late: true };
  if (t > current.t) return { candle: open(t, bar), closed: current, late: false };
  const hn = Number(bar.h);
  const ln = Number(bar.l);
  return {
    candle: {
      t,
      o: current.o,
      h: hn > current.hn ? bar.h : current.h,
      hn: hn > current.hn ? hn : current.hn,
      l: ln < current.ln ? bar.l : current.l,
      ln: ln < current.ln ? ln : current.ln,
      c: bar.c,
      v: current.v.plus(bar.v),
    },
    closed: null,
    late: false,
  };
}

/** Whether a bar of this length may build candles of `interval` (a bar never splits across candles). */
export const fitsInterval = (interval: KlineInterval, bar: Bar): boolean => bar.ms <= INTERVAL_MS[interval];

/** The wire shape: open time in seconds, decimal strings. */
export function toCandle(state: CandleState): Candle {
  return { t: Math.floor(state.t / 1000), o: state.o, h: state.h, l: state.l, c: state.c, v: plain(state.v) };
}

/** A stored candle back into a state (open time in seconds on the wire and in the table). */
export function fromCandle(candle: Candle): CandleState {
  return { t: candle.t * 1000, o: candle.o, h: candle.h, l: candle.l, c: candle.c, hn: Number(candle.h), ln: Number(candle.l), v: new Dec(candle.v) };
}

export interface CandleUpdate {
  symbol: string;
  interval: KlineInterval;
  candle: CandleState;
  /** The previous candle when this bar closed it. */
  closed: CandleState | null;
}

/** The current candle of every interval of every symbol, and the bar that moves them. */
export class KlineBook {
  private readonly current = new Map<string, CandleState[]>();

  /** The current candles of a symbol, by interval index (undefined: none yet). */
  candles(symbol: string): readonly (CandleState | undefined)[] {
    return this.current.get(symbol) ?? [];
  }

  get(symbol: string, interval: KlineInterval): CandleState | undefined {
    return this.current.get(symbol)?.[INTERVALS.indexOf(interval)];
  }

  /** Sets a candle as current (loaded from storage at start). */
  set(symbol: string, interval: KlineInterval, candle: CandleState): void {
    let row = this.current.get(symbol);
    if (!row) this.current.set(symbol, (row = []));
    row[INTERVALS.indexOf(interval)] = candle;
  }

  /** Merges a bar into every interval it fits; returns what changed (late intervals are left out). */
  apply(symbol: string, bar: Bar, out: CandleUpdate[] = []): CandleUpdate[] {
    let row = this.current.get(symbol);
    if (!row) this.current.set(symbol, (row = []));
    for (let i = 0; i < INTERVALS.length; i++) {
      const interval = INTERVALS[i];
      if (!fitsInterval(interval, bar)) continue;
      const result = mergeBar(row[i] ?? null, interval, bar);
      if (result.late) continue;
      row[i] = result.candle;
      out.push({ symbol, interval, candle: result.candle, closed: result.closed });
    }
    return out;
  }
}
