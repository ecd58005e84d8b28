import type { Decimal } from "decimal.js";
import { type Bar, DAY_MS, Dec, MINUTE_MS, ZERO } from "../feeds";
import { mergeBar, type CandleState } from "./kline.engine";

/**
 * The rolling 24 h ticker of one pair, pure: the 1 m candles of the last 24 hours, built by the kline merge
 * (`mergeBar`) with the quote volume beside each. `open_24h` is the first price of the window, high/low/volume span
 * it, `last` is the latest price. A tick costs O(1): the figures of the closed minutes are cached and only
 * recomputed when a minute closes or leaves the window.
 */
export interface Day {
  open: string;
  high: string;
  low: string;
  last: string;
  volume: Decimal;
  quoteVolume: Decimal;
}

/** A minute of the window: the 1 m candle the kline merge builds, with what it traded in the quote asset. */
interface Bucket extends CandleState {
  qv: Decimal;
}

interface Span {
  h: string;
  hn: number;
  l: string;
  ln: number;
  v: Decimal;
  qv: Decimal;
}

export class RollingDay {
  private readonly buckets: Bucket[] = [];
  private head = 0;
  /** High, low and volumes of buckets[head .. length-2] (all but the minute in progress); null: recompute. */
  private closed: Span | null = null;

  /**
   * Adds a bar of at most a minute (a tick, or a 1 m candle of history). `quoteVolume` is what it traded in the
   * quote asset (price x quantity for a tick); history bars estimate it.
   */
  add(bar: Bar, quoteVolume: Decimal): void {
    const last = this.buckets.length > this.head ? this.buckets[this.buckets.length - 1] : null;
    const merged = mergeBar(last, "1m", bar);
    if (merged.late) return; // the window only moves forward
    if (last && !merged.closed) {
      this.buckets[this.buckets.length - 1] = { ...merged.candle, qv: last.qv.plus(quoteVolume) };
    } else {
      this.buckets.push({ ...merged.candle, qv: quoteVolume });
      this.closed = null;
    }
    this.evict(bar.t);
  }

  /** Drops minutes wholly older than 24 h before `nowMs`. */
  private evict(nowMs: number): void {
    const from = nowMs - DAY_MS;
    let moved = false;
    // Keep the minute in progress even when the feed was silent for a day.
    while (this.head < this.buckets.length - 1 && this.buckets[this.head].t + MINUTE_MS <= from) {
      this.head++;
      moved = true;
    }
    if (moved) this.closed = null;
    if (this.head > 2048) {
      this.buckets.splice(0, this.head);
      this.head = 0;
    }
  }

  private span(): Span | null {
    if (this.closed) return this.closed;
    const end = this.buckets.length - 1;
    if (end <= this.head) return null;
    let span: Span = { h: "", hn: -Infinity, l: "", ln: Infinity, v: ZERO, qv: ZERO };
    let v = new Dec(0);
    let qv = new Dec(0);
    for (let i = this.head; i < end; i++) {
      const b = this.buckets[i];
      if (b.hn > span.hn) span = { ...span, h: b.h, hn: b.hn };
      if (b.ln < span.ln) span = { ...span, l: b.l, ln: b.ln };
      v = v.plus(b.v);
      qv = qv.plus(b.qv);
    }
    this.closed = { ...span, v, qv };
    return this.closed;
  }

  /** The 24 h figures, or null before the first price. */
  day(): Day | null {
    if (this.buckets.length <= this.head) return null;
    const first = this.buckets[this.head];
    const current = this.buckets[this.buckets.length - 1];
    const span = this.span();
    if (!span) return { open: first.o, high: current.h, low: current.l, last: current.c, volume: current.v, quoteVolume: current.qv };
    return {
      open: first.o,
      high: current.hn > span.hn ? current.h : span.h,
      low: current.ln < span.ln ? current.l : span.l,
      last: current.c,
      volume: span.v.plus(current.v),
      quoteVolume: span.qv.plus(current.qv),
    };
  }

  /** Minutes held (tests). */
  get size(): number {
    return this.buckets.length - this.head;
  }
}

/** Percentage change from `open` to `last`, two decimals ("2.35", "-0.41"; "0.00" for no change). */
export function changePercent(open: string, last: string): string {
  const o = new Dec(open);
  if (o.isZero()) return "0.00";
  const change = new Dec(last).minus(o).div(o).times(100).toFixed(2);
  return change === "-0.00" ? "0.00" : change;
}

/** An estimate of a history bar's quote volume: base volume at its typical price. */
export function estimateQuoteVolume(bar: Bar): Decimal {
  return bar.v.times(new Dec(bar.h).plus(bar.l).plus(bar.c).div(3));
}
