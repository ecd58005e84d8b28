import type { Decimal } from "decimal.js";
import { Dec, ZERO } from "./decimal";
import { bucketStart, DAY_MS, MINUTE_MS, type Bar } from "./kline.engine";

/**
 * The rolling 24 h ticker of one pair, pure: minute buckets of the last 24 hours. `open_24h` is the first price of
 * the window, high/low/volume span it, `last` is the latest price. A tick costs O(1): the figures of the closed
 * minutes are cached and only recomputed when a minute closes or leaves the window.
 */
export interface Day {
  open: string;
  high: string;
  low: string;
  last: string;
  volume: Decimal;
  quoteVolume: Decimal;
}

interface Bucket {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  hn: number;
  ln: number;
  v: Decimal;
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
    const t = bucketStart("1m", bar.t);
    const last = this.buckets.length > this.head ? this.buckets[this.buckets.length - 1] : undefined;
    if (last && t < last.t) return; // late: the window only moves forward
    if (last && t === last.t) {
      const hn = Number(bar.h);
      const ln = Number(bar.l);
      if (hn > last.hn) {
        last.h = bar.h;
        last.hn = hn;
      }
      if (ln < last.ln) {
        last.l = bar.l;
        last.ln = ln;
      }
      last.c = bar.c;
      last.v = last.v.plus(bar.v);
      last.qv = last.qv.plus(quoteVolume);
    } else {
      this.buckets.push({ t, o: bar.o, h: bar.h, l: bar.l, c: bar.c, hn: Number(bar.h), ln: Number(bar.l), v: bar.v, qv: quoteVolume });
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
