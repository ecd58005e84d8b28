import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { money } from "../ledger";
import { crossedBy, trailLevel, TriggerBook, type Observation } from "../triggers";
import { lossWay, stopOrderRefusal, stopTriggers, triggersOf, type LiveLevels } from "./positions.engine";

/** Stop entry orders and trailing stop-losses in the engine and the one trigger book: tables and a property. */

const obs = (bid: string, ask: string, atMs = 0): Observation => ({ symbol: "BTC/USDT", price: bid, bid, ask, atMs });
const live = (over: Partial<LiveLevels>): LiveLevels => ({
  id: 1,
  symbol: "BTC/USDT",
  direction: "long",
  status: "open",
  limitPrice: null,
  tp: null,
  sl: null,
  liquidation: null,
  spread: "",
  userId: 7,
  ...over,
});
const MAX_AGE = 5_000;

describe("a stop entry order", () => {
  it.each([
    ["long: the ask exactly at the stop", "long", "61000", "61000", 0, true],
    ["long: the ask a cent under", "long", "61000", "60999.99", 0, false],
    ["long: a gap far through", "long", "61000", "65000", 0, true],
    ["short: the bid exactly at the stop", "short", "59000", "59000", 0, true],
    ["short: the bid a cent above", "short", "59000", "59000.01", 0, false],
    ["short: a gap far through", "short", "59000", "50000", 0, true],
    ["a stale tick through the stop", "long", "61000", "62000", MAX_AGE + 1, false],
    ["a tick exactly at the maximum age", "long", "61000", "62000", MAX_AGE, true],
  ] as const)("%s", (_name, direction, stop, exec, age, fires) => {
    expect(stopTriggers(direction, stop, exec, age, MAX_AGE)).toBe(fires);
  });

  it.each([
    ["long at the ask", "long", "60012.00", "LONG_STOP_NOT_ABOVE_ASK"],
    ["long a cent above the ask", "long", "60012.01", null],
    ["long below the ask", "long", "59000", "LONG_STOP_NOT_ABOVE_ASK"],
    ["short at the bid", "short", "59988.00", "SHORT_STOP_NOT_BELOW_BID"],
    ["short a cent below the bid", "short", "59987.99", null],
    ["short above the bid", "short", "61000", "SHORT_STOP_NOT_BELOW_BID"],
  ] as const)("stop side: %s", (_name, direction, stop, refusal) => {
    expect(stopOrderRefusal(direction, stop, { bid: "59988.00", ask: "60012.00" })).toBe(refusal);
  });

  it("arms one fill trigger: a long's on the ask going up, a short's on the bid going down; the book fires it at the level", () => {
    const [long] = triggersOf(live({ status: "pending", stopPrice: "61000" }));
    expect(long).toMatchObject({ key: "positions:1:fill", watch: "ask", cross: "up", level: "61000" });
    const [short] = triggersOf(live({ id: 2, direction: "short", status: "pending", stopPrice: "59000" }));
    expect(short).toMatchObject({ watch: "bid", cross: "down", level: "59000" });
    const book = new TriggerBook();
    book.addMany([long, short]);
    expect(book.evaluate(obs("60988", "60999.99"))).toEqual([]);
    expect(book.evaluate(obs("60990", "61000")).map((f) => f.owner)).toEqual(["positions:1"]);
    expect(book.evaluate(obs("58000", "58010")).map((f) => f.owner)).toEqual(["positions:2"]);
  });
});

describe("a trailing stop-loss", () => {
  it("its level rounds away from the price (never tighter than the rate)", () => {
    // A long's trails down (rounded down), a short's up (rounded up): the rate's bounds and rounding in trailing.test.ts.
    expect(trailLevel(lossWay("long"), "60987.80", "0.01", 2)).toBe("60377.92"); // 60377.922
    expect(trailLevel(lossWay("short"), "100.01", "0.003", 2)).toBe("100.32"); // 100.31003 up
  });

  const trailing = (direction: "long" | "short", best: string, rate = "0.01") => {
    const book = new TriggerBook();
    const triggers = triggersOf(live({ direction, trail: { rate, best, pricePrecision: 2 } }));
    book.addMany(triggers);
    return { book, sl: triggers.find((t) => t.key.endsWith(":sl"))! };
  };

  it("a long's moves up with the highest bid, never down, and fires on the bid exactly at its level", () => {
    const { book, sl } = trailing("long", "100.00");
    expect(sl.level).toBe("99.00");
    expect(book.evaluate(obs("110.00", "110.10"))).toEqual([]);
    expect(sl.level).toBe("108.90");
    expect(book.takeMoved().map((t) => t.key)).toEqual(["positions:1:sl"]);
    expect(book.evaluate(obs("109.50", "109.60"))).toEqual([]);
    expect(sl.level).toBe("108.90");
    expect(book.takeMoved()).toEqual([]);
    expect(book.evaluate(obs("108.91", "109"))).toEqual([]);
    const fired = book.evaluate(obs("108.90", "109"));
    expect(fired[0].fired[0]).toMatchObject({ observed: "108.90", trigger: { level: "108.90" } });
  });

  it("a short's moves down with the lowest ask and fires on a gap through it", () => {
    const { book, sl } = trailing("short", "100.00", "0.05");
    expect(sl.level).toBe("105.00");
    book.evaluate(obs("89.90", "90.00"));
    expect(sl.level).toBe("94.50");
    expect(book.evaluate(obs("93", "94.49"))).toEqual([]);
    expect(book.evaluate(obs("119", "120")).map((f) => f.owner)).toEqual(["positions:1"]);
  });

  it("a replay of remembered ticks trails as the book does (crossedBy)", () => {
    const { sl } = trailing("long", "100.00");
    const copy = { ...sl };
    expect(crossedBy([copy], obs("120.00", "120.1"))).toEqual([]);
    expect(copy.level).toBe("118.80");
    expect(crossedBy([copy], obs("118.80", "119")).map((f) => f.trigger.key)).toEqual(["positions:1:sl"]);
  });

  it("property: over any path of bids the level is the highest bid x (1 - rate), never falls, and fires first where the bid reaches it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 20_000 }),
        fc.array(fc.integer({ min: 5_000, max: 30_000 }), { minLength: 1, maxLength: 60 }),
        fc.constantFrom("0.001", "0.01", "0.05", "0.2"),
        (start, path, rate) => {
          const { book, sl } = trailing("long", (start / 100).toFixed(2), rate);
          let best = start / 100;
          let previous = money(sl.level);
          for (const cents of path) {
            const bid = (cents / 100).toFixed(2);
            best = Math.max(best, cents / 100);
            const expected = trailLevel("down", best.toFixed(2), rate, 2);
            const fired = book.evaluate(obs(bid, bid));
            expect(money(sl.level).gte(previous)).toBe(true);
            expect(sl.level).toBe(expected);
            previous = money(sl.level);
            const crossed = money(bid).lte(expected);
            expect(fired.length).toBe(crossed ? 1 : 0);
            if (crossed) return;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
