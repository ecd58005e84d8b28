import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TriggerBook } from "../triggers";
import { breakEvenWinRate, coinTossExpectedValue, expiryMs, outcome, payoutOf, settle, settleAtSeconds, settlingTick, triggerOf, type Tick } from "./options.engine";

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0, 250);
const ticks = (...list: Array<[number, string]>): Tick[] => list.map(([dt, price]) => ({ atMs: T0 + dt, price }));

describe("settlement, as a table", () => {
  const cases: Array<{ name: string; direction: "up" | "down"; ticks: Tick[]; close: Tick | null; result: string | null; payout: string | null }> = [
    { name: "up wins on a tick exactly at expiry", direction: "up", ticks: ticks([30_000, "101"]), close: { atMs: T0 + 30_000, price: "101" }, result: "win", payout: "180" },
    { name: "down loses on a higher close", direction: "down", ticks: ticks([30_000, "101"]), close: { atMs: T0 + 30_000, price: "101" }, result: "loss", payout: "0" },
    { name: "down wins on a lower close", direction: "down", ticks: ticks([30_000, "99.99"]), close: { atMs: T0 + 30_000, price: "99.99" }, result: "win", payout: "180" },
    { name: "an equal close is a tie: the stake comes back", direction: "up", ticks: ticks([30_000, "100.00"]), close: { atMs: T0 + 30_000, price: "100.00" }, result: "tie", payout: "100" },
    { name: "a tick 1 ms before expiry does not settle", direction: "up", ticks: ticks([29_999, "150"]), close: null, result: null, payout: null },
    { name: "1 ms before does not count, the next tick settles", direction: "up", ticks: ticks([29_999, "150"], [30_000, "90"]), close: { atMs: T0 + 30_000, price: "90" }, result: "loss", payout: "0" },
    { name: "a gap: the first tick after the expiry settles, however late", direction: "up", ticks: ticks([10_000, "120"], [95_000, "100.5"], [96_000, "80"]), close: { atMs: T0 + 95_000, price: "100.5" }, result: "win", payout: "180" },
    { name: "ticks before the expiry never decide", direction: "down", ticks: ticks([1_000, "50"], [29_000, "50"], [31_000, "100"]), close: { atMs: T0 + 31_000, price: "100" }, result: "tie", payout: "100" },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const settled = settle({ direction: c.direction, amount: "100", rate: "0.8", open: { atMs: T0, price: "100" }, seconds: 30 }, c.ticks);
      if (c.close === null) return expect(settled).toBeNull();
      expect(settled?.close).toEqual(c.close);
      expect(settled?.result).toBe(c.result);
      expect(settled?.payout.toString()).toBe(c.payout);
    });
  }
});

describe("figures", () => {
  it("settle_at is the expiry rounded up to the second", () => {
    expect(expiryMs(T0, 30)).toBe(T0 + 30_000);
    expect(settleAtSeconds(T0, 30)).toBe(Math.ceil((T0 + 30_000) / 1000));
    expect(settleAtSeconds(Date.UTC(2026, 0, 1), 60)).toBe(Date.UTC(2026, 0, 1) / 1000 + 60);
  });
  it("break-even win rate is 1 / (1 + rate)", () => {
    expect(breakEvenWinRate("0.8")).toBe("0.5556");
    expect(breakEvenWinRate("0.9")).toBe("0.5263");
    expect(breakEvenWinRate("1")).toBe("0.5");
  });
  it("outcome and payout", () => {
    expect(outcome("up", "1.08000", "1.08001")).toBe("win");
    expect(outcome("up", "1.08000", "1.0800")).toBe("tie");
    expect(payoutOf("win", "12.5", "0.82").toString()).toBe("22.75");
    expect(payoutOf("loss", "12.5", "0.82").toString()).toBe("0");
  });
  it("with a rate below 1 a coin toss has a negative expected value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 1_000_000 }), (ratePct, stake) => {
        expect(coinTossExpectedValue(String(stake), String(ratePct / 100)).isNegative()).toBe(true);
        expect(Number(breakEvenWinRate(String(ratePct / 100)))).toBeGreaterThan(0.5);
      }),
    );
  });
});

describe("the trigger", () => {
  it("fires at the first tick whose time reaches the expiry, not 1 ms before", () => {
    const book = new TriggerBook();
    book.add(triggerOf({ id: 7, symbol: "BTC/USDT", expiresAtMs: T0 + 30_000, userId: 1 }));
    const at = (atMs: number) => book.evaluate({ symbol: "BTC/USDT", price: "1", bid: "1", ask: "1", atMs });
    expect(at(T0 + 29_999)).toEqual([]);
    const fired = at(T0 + 30_000);
    expect(fired.map((f) => f.owner)).toEqual(["options:7"]);
    expect(book.size).toBe(0);
  });
  it("property: the settling tick is the first at or after the expiry", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 100_000 }), { maxLength: 30 }), fc.integer({ min: 0, max: 100_000 }), (times, expiry) => {
        const sorted = [...times].sort((a, b) => a - b).map((atMs) => ({ atMs, price: "1" }));
        const found = settlingTick(sorted, expiry);
        const expected = sorted.find((t) => t.atMs >= expiry) ?? null;
        expect(found).toEqual(expected);
        if (found) expect(sorted.filter((t) => t.atMs >= expiry && t.atMs < found.atMs)).toEqual([]);
      }),
    );
  });
});
