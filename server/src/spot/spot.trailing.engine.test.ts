import fc from "fast-check";
import { Decimal } from "decimal.js";
import { describe, expect, it } from "vitest";
import { ocoHoldPrice, ocoRefusal, trailingRateRefusal, trailLevel, trailStep, trailTriggersOf, type Trail } from "./spot.engine";

/** The pure maths of trailing stops and OCO pairs (CONTRACT wave 4): tables of cases, then a property. */

const sell: Trail = { side: "sell", rate: "0.01", extreme: "100.00", sinceMs: 1_000, precision: 2 };
const buy: Trail = { side: "buy", rate: "0.01", extreme: "100.00", sinceMs: 1_000, precision: 2 };
const q = (bid: string, ask: string, atMs = 2_000) => ({ bid, ask, atMs });

describe("trailing rate", () => {
  it.each([
    ["0", "TRAILING_RATE_RANGE"],
    ["0.0009", "TRAILING_RATE_RANGE"],
    ["0.001", null],
    ["0.05", null],
    ["0.2", null],
    ["0.2001", "TRAILING_RATE_RANGE"],
    ["-0.01", "TRAILING_RATE_RANGE"],
  ])("%s -> %s", (rate, code) => expect(trailingRateRefusal(rate)).toBe(code));
});

describe("trailing level", () => {
  it.each([
    // A sell's level rounds down, a buy's up: exact for prices on the pair's grid.
    ["sell", "100.00", "0.01", "99.00"],
    ["sell", "100.01", "0.01", "99.00"], // 99.0099 -> 99.00
    ["buy", "100.00", "0.01", "101.00"],
    ["buy", "99.99", "0.01", "100.99"], // 100.9899 -> 100.99
    ["sell", "60000.00", "0.2", "48000.00"],
  ] as const)("%s from %s at %s -> %s", (side, extreme, rate, level) => expect(trailLevel(side, extreme, rate, 2)).toBe(level));
});

describe("a tick through a trailing stop", () => {
  const cases: Array<{ name: string; trail: Trail; quote: ReturnType<typeof q>; triggered: boolean; extreme: string }> = [
    { name: "sell: a bid exactly at the level triggers", trail: sell, quote: q("99.00", "99.10"), triggered: true, extreme: "100.00" },
    { name: "sell: one step above the level waits", trail: sell, quote: q("99.01", "99.11"), triggered: false, extreme: "100.00" },
    { name: "sell: a gap far through the level triggers", trail: sell, quote: q("80.00", "80.10"), triggered: true, extreme: "100.00" },
    { name: "sell: a higher bid moves the extreme up", trail: sell, quote: q("105.00", "105.10"), triggered: false, extreme: "105.00" },
    { name: "sell: a lower bid above the level leaves it", trail: sell, quote: q("99.50", "99.60"), triggered: false, extreme: "100.00" },
    { name: "sell: a stale tick (at the placement time) changes nothing", trail: sell, quote: q("50.00", "50.10", 1_000), triggered: false, extreme: "100.00" },
    { name: "sell: an older tick changes nothing", trail: sell, quote: q("150.00", "150.10", 900), triggered: false, extreme: "100.00" },
    { name: "buy: an ask exactly at the level triggers", trail: buy, quote: q("100.90", "101.00"), triggered: true, extreme: "100.00" },
    { name: "buy: one step below the level waits", trail: buy, quote: q("100.89", "100.99"), triggered: false, extreme: "100.00" },
    { name: "buy: a gap far through the level triggers", trail: buy, quote: q("119.90", "120.00"), triggered: true, extreme: "100.00" },
    { name: "buy: a lower ask moves the extreme down", trail: buy, quote: q("94.90", "95.00"), triggered: false, extreme: "95.00" },
    { name: "buy: a stale tick changes nothing", trail: buy, quote: q("199.90", "200.00", 1_000), triggered: false, extreme: "100.00" },
  ];
  it.each(cases)("$name", ({ trail, quote, triggered, extreme }) => expect(trailStep(trail, quote)).toEqual({ triggered, extreme }));

  it("the triggers it arms: the level, and one price step beyond the extreme", () => {
    expect(trailTriggersOf({ id: 7, symbol: "X", side: "sell", trail: sell, spread: "0.001", userId: 3 }).map((t) => [t.key, t.watch, t.cross, t.level])).toEqual([
      ["spot:7:trail", "bid", "down", "99.00"],
      ["spot:7:best", "bid", "up", "100.01"],
    ]);
    expect(trailTriggersOf({ id: 8, symbol: "X", side: "buy", trail: buy, spread: "0.001", userId: 3 }).map((t) => [t.key, t.watch, t.cross, t.level])).toEqual([
      ["spot:8:trail", "ask", "up", "101.00"],
      ["spot:8:best", "ask", "down", "99.99"],
    ]);
  });
});

describe("OCO", () => {
  it.each([
    ["sell", "110", "90", null],
    ["sell", "90", "90", "OCO_SELL_LIMIT_NOT_ABOVE_STOP"],
    ["sell", "80", "90", "OCO_SELL_LIMIT_NOT_ABOVE_STOP"],
    ["buy", "90", "110", null],
    ["buy", "110", "110", "OCO_BUY_LIMIT_NOT_BELOW_STOP"],
    ["buy", "120", "110", "OCO_BUY_LIMIT_NOT_BELOW_STOP"],
  ] as const)("%s limit %s, stop %s -> %s", (side, limit, stop, code) => expect(ocoRefusal(side, limit, stop)).toBe(code));

  it("a buy holds for its larger leg: the stop-market's worst fill or the stop-limit's price", () => {
    expect(ocoHoldPrice("buy", "90.00", "110.00", null, 2)).toBe("115.50");
    expect(ocoHoldPrice("buy", "90.00", "110.00", "111.00", 2)).toBe("111.00");
    expect(ocoHoldPrice("buy", "90.00", "91.00", "80.00", 2)).toBe("90.00");
  });
});

describe("property: the level only moves in the order's favour, and a trigger is always at or beyond it", () => {
  const path = fc.array(fc.record({ price: fc.integer({ min: 5_000, max: 20_000 }), dt: fc.integer({ min: -2, max: 3 }) }), { minLength: 1, maxLength: 60 });
  it.each(["sell", "buy"] as const)("%s", (side) => {
    fc.assert(
      fc.property(path, fc.integer({ min: 1, max: 200 }), (ticks, permille) => {
        const rate = new Decimal(permille).div(1000).toFixed();
        let trail: Trail = { side, rate, extreme: "100.00", sinceMs: 1_000, precision: 2 };
        let atMs = 1_000;
        for (const { price, dt } of ticks) {
          atMs += dt;
          const mid = new Decimal(price).div(100);
          const quote = { bid: mid.toFixed(2), ask: mid.plus("0.02").toFixed(2), atMs };
          const before = trailLevel(side, trail.extreme, rate, 2);
          const step = trailStep(trail, quote);
          const after = trailLevel(side, step.extreme, rate, 2);
          // Monotone in the order's favour: a sell's level never falls, a buy's never rises.
          if (side === "sell") expect(new Decimal(after).gte(before)).toBe(true);
          else expect(new Decimal(after).lte(before)).toBe(true);
          if (atMs <= 1_000) expect(step).toEqual({ triggered: false, extreme: trail.extreme });
          if (step.triggered) {
            if (side === "sell") expect(new Decimal(quote.bid).lte(new Decimal(trail.extreme).times(1 - permille / 1000))).toBe(true);
            else expect(new Decimal(quote.ask).gte(new Decimal(trail.extreme).times(1 + permille / 1000))).toBe(true);
            return;
          }
          trail = { ...trail, extreme: step.extreme };
        }
      }),
    );
  });
});
