import { describe, expect, it } from "vitest";
import type { KlineInterval } from "../../contract/market";
import { Dec, historyPlan, instrumentOf, simHistory, tickBar, type Bar } from "../feeds";
import { KlineBook, mergeBar, toCandle, type CandleState } from "./kline.engine";

const T0 = Date.UTC(2026, 0, 1, 0, 0, 0); // a Thursday
const at = (iso: string) => Date.parse(`${iso}Z`);
const tick = (iso: string, price: string, qty = "1"): Bar => tickBar(at(iso), price, qty);

interface Case {
  name: string;
  interval: KlineInterval;
  bars: Bar[];
  /** Closed candles, then the open one, as [open time, o, h, l, c, v]. */
  closed: [string, string, string, string, string, string][];
  open: [string, string, string, string, string, string];
  late?: number;
}

/** Runs bars through mergeBar and compares what closed and what is open. */
function check(c: Case): void {
  let current: CandleState | null = null;
  const closed: CandleState[] = [];
  let late = 0;
  for (const bar of c.bars) {
    const result = mergeBar(current, c.interval, bar);
    if (result.closed) closed.push(result.closed);
    if (result.late) late++;
    current = result.candle;
  }
  const row = (s: CandleState) => {
    const w = toCandle(s);
    return [new Date(s.t).toISOString().slice(0, 23), w.o, w.h, w.l, w.c, w.v];
  };
  expect(closed.map(row), c.name).toEqual(c.closed);
  expect(row(current as CandleState), c.name).toEqual(c.open);
  expect(late, c.name).toBe(c.late ?? 0);
}

describe("mergeBar: aggregation across boundaries and gaps", () => {
  const cases: Case[] = [
    {
      name: "ticks inside one minute merge: high, low, close, volume",
      interval: "1m",
      bars: [tick("2026-01-01T00:00:01", "100"), tick("2026-01-01T00:00:20", "105", "2"), tick("2026-01-01T00:00:40", "98", "0.5"), tick("2026-01-01T00:00:59.999", "101")],
      closed: [],
      open: ["2026-01-01T00:00:00.000", "100", "105", "98", "101", "4.5"],
    },
    {
      name: "a tick exactly on the boundary opens the next candle",
      interval: "1m",
      bars: [tick("2026-01-01T00:00:30", "100"), tick("2026-01-01T00:01:00", "102")],
      closed: [["2026-01-01T00:00:00.000", "100", "100", "100", "100", "1"]],
      open: ["2026-01-01T00:01:00.000", "102", "102", "102", "102", "1"],
    },
    {
      name: "a gap of several minutes leaves no invented candles; the next opens at its first price",
      interval: "1m",
      bars: [tick("2026-01-01T00:00:30", "100"), tick("2026-01-01T00:07:10", "90"), tick("2026-01-01T00:07:50", "91")],
      closed: [["2026-01-01T00:00:00.000", "100", "100", "100", "100", "1"]],
      open: ["2026-01-01T00:07:00.000", "90", "91", "90", "91", "2"],
    },
    {
      name: "the same ticks in 5 m candles: the gap stays within one candle",
      interval: "5m",
      bars: [tick("2026-01-01T00:00:30", "100"), tick("2026-01-01T00:04:59.999", "104"), tick("2026-01-01T00:07:10", "90"), tick("2026-01-01T00:07:50", "91")],
      closed: [["2026-01-01T00:00:00.000", "100", "104", "100", "104", "2"]],
      open: ["2026-01-01T00:05:00.000", "90", "91", "90", "91", "2"],
    },
    {
      name: "a late tick changes nothing",
      interval: "1m",
      bars: [tick("2026-01-01T00:01:10", "100"), tick("2026-01-01T00:00:50", "500")],
      closed: [],
      open: ["2026-01-01T00:01:00.000", "100", "100", "100", "100", "1"],
      late: 1,
    },
    {
      name: "a week spans Sunday night into Monday: Monday opens the next week",
      interval: "1w",
      bars: [tick("2026-01-01T10:00:00", "100"), tick("2026-01-04T23:59:59", "120"), tick("2026-01-05T00:00:00", "119")],
      closed: [["2025-12-29T00:00:00.000", "100", "120", "100", "120", "2"]],
      open: ["2026-01-05T00:00:00.000", "119", "119", "119", "119", "1"],
    },
    {
      name: "decimal volumes add exactly, prices keep their digits",
      interval: "1h",
      bars: [tick("2026-01-01T05:00:00", "0.000123", "0.1"), tick("2026-01-01T05:30:00", "0.000124", "0.2")],
      closed: [],
      open: ["2026-01-01T05:00:00.000", "0.000123", "0.000124", "0.000123", "0.000124", "0.3"],
    },
  ];
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => check(c));

  it("does not change its inputs", () => {
    const first = mergeBar(null, "1m", tick("2026-01-01T00:00:01", "100")).candle;
    const copy = { ...first };
    mergeBar(first, "1m", tick("2026-01-01T00:00:02", "200"));
    expect(first).toEqual(copy);
  });
});

describe("KlineBook: every interval from the same ticks", () => {
  it("builds coarse candles that equal the aggregate of the fine ones", () => {
    const book = new KlineBook();
    const closed = new Map<KlineInterval, ReturnType<typeof toCandle>[]>();
    let price = 100;
    // Three hours of ticks every 7 seconds, with a 20-minute silence in the middle.
    for (let ms = 0; ms < 3 * 3_600_000; ms += 7_000) {
      if (ms > 3_600_000 && ms < 3_600_000 + 20 * 60_000) continue;
      price += Math.sin(ms / 600_000) * 0.7;
      for (const u of book.apply("X", tickBar(T0 + ms, price.toFixed(2), "0.1"))) {
        if (u.closed) closed.set(u.interval, [...(closed.get(u.interval) ?? []), toCandle(u.closed)]);
      }
    }
    const minutes = [...(closed.get("1m") ?? []), toCandle(book.get("X", "1m")!)];
    const hours = [...(closed.get("1h") ?? []), toCandle(book.get("X", "1h")!)];
    expect(hours).toHaveLength(3);
    for (const hour of hours) {
      const inside = minutes.filter((m) => m.t >= hour.t && m.t < hour.t + 3600);
      expect(hour.o).toBe(inside[0].o);
      expect(hour.c).toBe(inside[inside.length - 1].c);
      expect(Number(hour.h)).toBe(Math.max(...inside.map((m) => Number(m.h))));
      expect(Number(hour.l)).toBe(Math.min(...inside.map((m) => Number(m.l))));
      expect(inside.reduce((sum, m) => sum.plus(m.v), new Dec(0)).toString()).toBe(hour.v);
    }
    // The silence: no 1 m candle inside it.
    const silent = minutes.filter((m) => m.t * 1000 > T0 + 3_600_000 && m.t * 1000 < T0 + 3_600_000 + 19 * 60_000);
    expect(silent).toEqual([]);
  });

  it("does not split a coarse bar into finer candles", () => {
    const book = new KlineBook();
    const hourBar: Bar = { t: T0, ms: 3_600_000, o: "1", h: "2", l: "0.5", c: "1.5", v: new Dec(10) };
    const updates = book.apply("X", hourBar);
    expect(updates.map((u) => u.interval)).toEqual(["1h", "4h", "1d", "1w"]);
    expect(book.get("X", "1m")).toBeUndefined();
  });
});

describe("candles from the feeds' simulated history", () => {
  const now = Date.UTC(2026, 2, 11, 13, 37, 21, 500);

  it("builds every interval's 500 candles from the simulated history's 5,000 bars", () => {
    const plan = historyPlan(now, null, 505, 1500);
    const bars = simHistory(instrumentOf("BTC/USDT")!, "h", plan);
    expect(bars.length).toBeLessThan(6_000);
    const book = new KlineBook();
    const counts = new Map<string, number>();
    for (const bar of bars) for (const u of book.apply("BTC/USDT", bar)) if (u.closed) counts.set(u.interval, (counts.get(u.interval) ?? 0) + 1);
    for (const interval of ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"] as const) {
      // closed ones plus the open one
      expect((counts.get(interval) ?? 0) + 1, interval).toBeGreaterThanOrEqual(500);
    }
    expect(bars[bars.length - 1].t).toBeLessThan(now);
    expect(bars[bars.length - 1].t).toBeGreaterThan(now - 60_000);
  });
});
