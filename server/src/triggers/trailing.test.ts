import fc from "fast-check";
import { Decimal } from "decimal.js";
import { describe, expect, it } from "vitest";
import { furtherTrail, levelOf, trailLevel, trailRateRefusal, trailTick, type Cross, type Trail, type Trailing } from "./trailing";

/** The one maths of trailing levels (positions' trailing stop-loss, spot trailing stops): tables, then a property. */

const trail = (best: string, atMs = 1_000, rate = "0.01"): Trail => ({ rate, best, precision: 2, atMs });
const at = (cross: Cross, t: Trail): Trailing => ({ cross, level: levelOf(t, cross), trail: t });
/** A tick's value as the book hands it over: the number ("" cannot be told: NaN) and the string. */
const tick = (state: Trailing, observed: string, atMs: number) => trailTick(state, observed === "" ? Number.NaN : Number(observed), observed, atMs);

describe("the trailing rate", () => {
  it.each([
    ["0", "TRAILING_RATE_RANGE"],
    ["0.0009", "TRAILING_RATE_RANGE"],
    ["0.001", null],
    ["0.05", null],
    ["0.2", null],
    ["0.2001", "TRAILING_RATE_RANGE"],
    ["-0.01", "TRAILING_RATE_RANGE"],
    ["0.123456789", "TRAILING_RATE_RANGE"],
    ["not a rate", "TRAILING_RATE_RANGE"],
  ])("%s -> %s", (rate, code) => expect(trailRateRefusal(rate)).toBe(code));
});

describe("the level at a best", () => {
  it.each([
    // A down trail's level rounds down, an up trail's up: never tighter than the rate, exact for prices on the grid.
    ["down", "100.00", "0.01", "99.00"],
    ["down", "100.01", "0.01", "99.00"], // 99.0099
    ["down", "60987.80", "0.01", "60377.92"], // 60377.922
    ["down", "60000.00", "0.2", "48000.00"],
    ["down", "100.00", "0.001", "99.90"],
    ["up", "100.00", "0.01", "101.00"],
    ["up", "99.99", "0.01", "100.99"], // 100.9899
    ["up", "100.01", "0.003", "100.32"], // 100.31003
    ["up", "59011.80", "0.05", "61962.39"],
  ] as const)("%s from %s at %s -> %s", (cross, best, rate, level) => expect(trailLevel(cross, best, rate, 2)).toBe(level));
});

describe("one tick through a trailing level", () => {
  // Armed at 1,000 ms with a best of 100.00 at 1 %: a down trail stands at 99.00, an up trail at 101.00.
  const cases: Array<{ name: string; cross: Cross; observed: string; atMs: number; crossed: boolean; best: string; level: string }> = [
    { name: "down: a value exactly at the level crosses", cross: "down", observed: "99.00", atMs: 2_000, crossed: true, best: "100.00", level: "99.00" },
    { name: "down: one step above the level waits", cross: "down", observed: "99.01", atMs: 2_000, crossed: false, best: "100.00", level: "99.00" },
    { name: "down: a gap far through the level crosses", cross: "down", observed: "42.00", atMs: 2_000, crossed: true, best: "100.00", level: "99.00" },
    { name: "down: a higher value moves the best and the level up", cross: "down", observed: "110.00", atMs: 2_000, crossed: false, best: "110.00", level: "108.90" },
    { name: "down: a lower value above the level moves nothing (the wrong way)", cross: "down", observed: "99.50", atMs: 2_000, crossed: false, best: "100.00", level: "99.00" },
    { name: "down: a value equal to the best moves nothing", cross: "down", observed: "100.00", atMs: 2_000, crossed: false, best: "100.00", level: "99.00" },
    { name: "down: a tick older than the arming moves nothing", cross: "down", observed: "150.00", atMs: 999, crossed: false, best: "100.00", level: "99.00" },
    { name: "down: a tick older than the arming crosses nothing", cross: "down", observed: "50.00", atMs: 999, crossed: false, best: "100.00", level: "99.00" },
    { name: "down: a tick of the arming's own time counts", cross: "down", observed: "120.00", atMs: 1_000, crossed: false, best: "120.00", level: "118.80" },
    { name: "down: a value that cannot be told does nothing", cross: "down", observed: "", atMs: 2_000, crossed: false, best: "100.00", level: "99.00" },
    { name: "up: a value exactly at the level crosses", cross: "up", observed: "101.00", atMs: 2_000, crossed: true, best: "100.00", level: "101.00" },
    { name: "up: one step below the level waits", cross: "up", observed: "100.99", atMs: 2_000, crossed: false, best: "100.00", level: "101.00" },
    { name: "up: a gap far through the level crosses", cross: "up", observed: "120.00", atMs: 2_000, crossed: true, best: "100.00", level: "101.00" },
    { name: "up: a lower value moves the best and the level down", cross: "up", observed: "95.00", atMs: 2_000, crossed: false, best: "95.00", level: "95.95" },
    { name: "up: a higher value below the level moves nothing (the wrong way)", cross: "up", observed: "100.50", atMs: 2_000, crossed: false, best: "100.00", level: "101.00" },
    { name: "up: a tick older than the arming moves nothing", cross: "up", observed: "50.00", atMs: 999, crossed: false, best: "100.00", level: "101.00" },
  ];
  it.each(cases)("$name", ({ cross, observed, atMs, crossed, best, level }) => {
    const before = trail("100.00");
    const step = tick(at(cross, before), observed, atMs);
    expect({ crossed: step.crossed, best: step.trail.best, level: step.level, moved: step.moved }).toEqual({ crossed, best, level, moved: best !== "100.00" });
    // A move names its tick; no move leaves the very trail it was given.
    expect(step.trail.atMs).toBe(step.moved ? atMs : 1_000);
    if (!step.moved) expect(step.trail).toBe(before);
  });

  it("a tick older than the one that last moved the level moves nothing and crosses nothing", () => {
    const moved = tick(at("down", trail("100.00")), "110.00", 5_000);
    expect(moved).toMatchObject({ moved: true, level: "108.90", trail: { best: "110.00", atMs: 5_000 } });
    const now = { cross: "down" as const, level: moved.level, trail: moved.trail };
    // Delivered late: a tick of 4,999 ms, higher still, and one through the level.
    expect(tick(now, "130.00", 4_999)).toMatchObject({ moved: false, crossed: false, level: "108.90", trail: { best: "110.00" } });
    expect(tick(now, "100.00", 4_999)).toMatchObject({ moved: false, crossed: false });
    // A fresh one after it does both.
    expect(tick(now, "108.90", 5_001)).toMatchObject({ moved: false, crossed: true });
  });
});

describe("the further of a row's trail and the book's", () => {
  it.each([
    ["down: the book's higher best", "down", "110.00", "0.01", "book"],
    ["down: the row's higher best", "down", "90.00", "0.01", "row"],
    ["down: the same best keeps the row's", "down", "100.00", "0.01", "row"],
    ["up: the book's lower best", "up", "90.00", "0.01", "book"],
    ["up: the row's lower best", "up", "110.00", "0.01", "row"],
    ["another rate (the trail was set again): the row's", "down", "110.00", "0.02", "row"],
  ] as const)("%s", (_name, cross, bookBest, rate, wins) => {
    const row = trail("100.00");
    const book = trail(bookBest, 2_000, rate);
    expect(furtherTrail(cross, row, book)).toBe(wins === "book" ? book : row);
  });

  it("no trail in the book: the row's", () => expect(furtherTrail("down", trail("1.00"), undefined)).toEqual(trail("1.00")));
});

describe("property: over any path of ticks, in and out of order", () => {
  const path = fc.array(fc.record({ cents: fc.integer({ min: 5_000, max: 20_000 }), dt: fc.integer({ min: -3, max: 3 }) }), { minLength: 1, maxLength: 80 });
  it.each(["down", "up"] as const)("%s: the level only moves the trail's way, only on a fresh tick, and a crossing is at or beyond it", (cross) => {
    fc.assert(
      fc.property(path, fc.integer({ min: 1, max: 200 }), (ticks, permille) => {
        const rate = new Decimal(permille).div(1000).toFixed();
        let now: Trailing = at(cross, trail("100.00", 1_000, rate));
        let atMs = 1_000;
        for (const { cents, dt } of ticks) {
          atMs += dt;
          const observed = (cents / 100).toFixed(2);
          const step = tick(now, observed, atMs);
          // A long's (down) level never goes down, a short's (up) never up.
          if (cross === "down") expect(Number(step.level)).toBeGreaterThanOrEqual(Number(now.level));
          else expect(Number(step.level)).toBeLessThanOrEqual(Number(now.level));
          if (atMs < now.trail.atMs) expect(step).toEqual({ trail: now.trail, level: now.level, moved: false, crossed: false });
          // The level is always the best's at the rate, and a crossing is through it.
          expect(step.level).toBe(trailLevel(cross, step.trail.best, rate, 2));
          if (step.crossed) expect(cross === "down" ? Number(observed) <= Number(step.level) : Number(observed) >= Number(step.level)).toBe(true);
          if (step.moved) expect(step.crossed).toBe(false);
          now = { cross, level: step.level, trail: step.trail };
        }
      }),
    );
  });
});
