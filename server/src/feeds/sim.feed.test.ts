import { describe, expect, it } from "vitest";
import { ManualClock } from "../platform/clock";
import type { Tick, VenueQuote } from "./feed";
import { INSTRUMENTS, instrumentOf } from "./instruments";
import { historyPlan, simHistory } from "./sim.history";
import { SIM_VENUES, SimFeed, YEAR_MS } from "./sim.feed";

const START = Date.UTC(2026, 0, 1);

function run(seed: string, steps: number, stepMs = 1_000, from = new Map()) {
  const clock = new ManualClock(START);
  const feed = new SimFeed({ instruments: INSTRUMENTS, seed, clock, tickMs: stepMs, auto: false });
  const ticks: Tick[] = [];
  const quotes: VenueQuote[] = [];
  feed.start({ tick: (t) => ticks.push(t), quote: (q) => quotes.push(q) }, from);
  for (let i = 1; i <= steps; i++) feed.step(START + i * stepMs);
  feed.stop();
  return { ticks, quotes };
}

describe("the simulated feed", () => {
  it("is deterministic: same seed, same prices; another seed, other prices", () => {
    const a = run("seed-1", 50);
    const b = run("seed-1", 50);
    const c = run("seed-2", 50);
    expect(a.ticks).toEqual(b.ticks);
    expect(a.quotes).toEqual(b.quotes);
    expect(a.ticks.map((t) => t.price)).not.toEqual(c.ticks.map((t) => t.price));
  });

  it("continues from the last recorded price", () => {
    const from = new Map([["BTC/USDT", { price: "70000.00", atMs: START }]]);
    const { ticks } = run("s", 1, 1_000, from);
    const btc = ticks.find((t) => t.symbol === "BTC/USDT")!;
    expect(Math.abs(Number(btc.price) / 70000 - 1)).toBeLessThan(0.01);
  });

  it("moves each pair with its own volatility", () => {
    // A day of one-minute ticks: the realised annualised volatility is near the configured one.
    const { ticks } = run("vol", 1440 * 3, 60_000);
    for (const symbol of ["BTC/USDT", "DOGE/USDT", "EUR/USD", "XAU/USD"]) {
      const prices = ticks.filter((t) => t.symbol === symbol).map((t) => Number(t.price));
      const returns = prices.slice(1).map((p, i) => Math.log(p / prices[i]));
      const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
      const variance = returns.reduce((s, r) => s + (r - mean) ** 2, 0) / (returns.length - 1);
      const annual = Math.sqrt((variance * YEAR_MS) / 60_000);
      const configured = instrumentOf(symbol)!.sim.volatilityAnnual;
      expect(annual, symbol).toBeGreaterThan(configured * 0.5);
      expect(annual, symbol).toBeLessThan(configured * 2);
    }
  });

  it("is quoted by three venues, each with its own deviation and a positive spread", () => {
    const { ticks, quotes } = run("venues", 600);
    expect(new Set(quotes.map((q) => q.venue))).toEqual(new Set(SIM_VENUES.map((v) => v.id)));
    const btcTicks = new Map(ticks.filter((t) => t.symbol === "BTC/USDT").map((t) => [t.atMs, Number(t.price)]));
    const deviation = (venue: string) =>
      quotes.filter((q) => q.symbol === "BTC/USDT" && q.venue === venue).map((q) => (Number(q.bid) + Number(q.ask)) / 2 / btcTicks.get(q.atMs)! - 1);
    const a = deviation("sim-a");
    const b = deviation("sim-b");
    for (const q of quotes) expect(Number(q.ask)).toBeGreaterThan(Number(q.bid));
    // Small: a few basis points, never percent.
    expect(Math.max(...a.map(Math.abs))).toBeLessThan(0.01);
    // Independent: venues do not move together.
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const ma = mean(a);
    const mb = mean(b);
    const cov = mean(a.map((x, i) => (x - ma) * (b[i] - mb)));
    const corr = cov / Math.sqrt(mean(a.map((x) => (x - ma) ** 2)) * mean(b.map((x) => (x - mb) ** 2)));
    expect(Math.abs(corr)).toBeLessThan(0.5);
  });

  it("writes prices with the pair's precision, never zero", () => {
    const { ticks } = run("fmt", 5);
    for (const t of ticks) {
      const precision = instrumentOf(t.symbol)!.pricePrecision;
      expect(t.price.split(".")[1]?.length ?? 0).toBe(precision);
      expect(Number(t.price)).toBeGreaterThan(0);
    }
  });
});

describe("simulated history", () => {
  const now = Date.UTC(2026, 2, 11, 13, 37, 21, 500);

  it("starts each region on a boundary of the next coarser interval, one after the other", () => {
    const plan = historyPlan(now, null, 505, 1500);
    expect(plan.map((r) => r.interval)).toEqual(["1w", "1d", "4h", "1h", "30m", "15m", "5m", "1m"]);
    for (let i = 1; i < plan.length; i++) expect(plan[i].fromMs).toBe(plan[i - 1].toMs);
    expect(plan[plan.length - 1].toMs).toBe(now);
    const monday = (ms: number) => new Date(ms).getUTCDay() === 1 && ms % 86_400_000 === 0;
    expect(monday(plan[0].fromMs)).toBe(true);
    expect(monday(plan[1].fromMs)).toBe(true);
  });

  it("after a pause fills only the gap, and is deterministic", () => {
    const since = now - 3 * 3_600_000 - 123_456;
    const plan = historyPlan(now, since, 505, 1500);
    expect(plan.map((r) => r.interval)).toEqual(["1m"]);
    expect(plan[0].fromMs).toBe(since - (since % 60_000));
    const longPause = historyPlan(now, now - 40 * 86_400_000, 505, 1500);
    expect(longPause[0].interval).toBe("4h");
    const a = simHistory(instrumentOf("EUR/USD")!, "x", plan, 1.1);
    const b = simHistory(instrumentOf("EUR/USD")!, "x", plan, 1.1);
    expect(a).toEqual(b);
    expect(a[0].o).toBe("1.10000");
  });

  it("keeps ten years of prices plausible (mean reversion around the reference)", () => {
    for (const instrument of INSTRUMENTS) {
      const bars = simHistory(instrument, "long", historyPlan(now, null, 505, 1500));
      const closes = bars.map((b) => Number(b.c));
      const ratio = Math.max(...closes) / Math.min(...closes);
      expect(ratio, instrument.symbol).toBeLessThan(instrument.kind === "crypto" ? 60 : 4);
      for (const bar of bars) {
        expect(Number(bar.l)).toBeLessThanOrEqual(Math.min(Number(bar.o), Number(bar.c)));
        expect(Number(bar.h)).toBeGreaterThanOrEqual(Math.max(Number(bar.o), Number(bar.c)));
      }
    }
  });
});
