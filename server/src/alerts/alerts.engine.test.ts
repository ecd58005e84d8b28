import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TriggerBook, type Observation } from "../triggers";
import { afterFire, afterRearm, decide, moveMeasure, moveOf, PriceHistory, triggerOf, type AlertState, type AlertTick } from "./alerts.engine";

/** The pure maths of price alerts: tables of ticks against alerts, and properties over random price paths. */

const NOW = 1_000_000_000;
const alert = (over: Partial<AlertState>): AlertState => ({
  id: 1,
  userId: 7,
  symbol: "BTC/USDT",
  kind: "above",
  price: "100",
  rate: null,
  windowS: null,
  repeat: "once",
  status: "active",
  paused: false,
  armed: true,
  armedSinceMs: NOW - 10_000,
  ...over,
});
const at = (price: string, ageMs = 0): AlertTick => ({ price, atMs: NOW - ageMs });
const context = (reference: string | null = null) => ({ nowMs: NOW, maxAgeMs: 5_000, reference });

describe("decide: what one tick does to an alert", () => {
  const cases: Array<[string, Partial<AlertState>, AlertTick, string | null, string]> = [
    ["above: a tick exactly at the level fires", {}, at("100"), null, "fire"],
    ["above: a gap through the level fires", {}, at("130.5"), null, "fire"],
    ["above: a tick under the level does not", {}, at("99.99"), null, "none"],
    ["above: a stale tick that crosses is ignored", {}, at("120", 5_001), null, "none"],
    ["above: a tick at the maximum age still counts", {}, at("120", 5_000), null, "fire"],
    ["above: a tick not after the last change is ignored (a replay)", { armedSinceMs: NOW }, at("120"), null, "none"],
    ["below: a tick exactly at the level fires", { kind: "below" }, at("100"), null, "fire"],
    ["below: a gap through it fires", { kind: "below" }, at("80"), null, "fire"],
    ["below: above the level does not", { kind: "below" }, at("100.01"), null, "none"],
    ["paused: nothing", { paused: true }, at("120"), null, "none"],
    ["fired: nothing", { status: "fired" }, at("120"), null, "none"],
    ["always, disarmed above: still above does nothing", { repeat: "always", armed: false }, at("101"), null, "none"],
    ["always, disarmed above: at the level is not back across", { repeat: "always", armed: false }, at("100"), null, "none"],
    ["always, disarmed above: strictly under re-arms", { repeat: "always", armed: false }, at("99.9"), null, "rearm"],
    ["always, disarmed below: strictly over re-arms", { kind: "below", repeat: "always", armed: false }, at("100.1"), null, "rearm"],
    ["move: exactly the rate over the window fires", { kind: "move", price: null, rate: "0.05", windowS: 60 }, at("105"), "100", "fire"],
    ["move: a fall of the rate fires", { kind: "move", price: null, rate: "0.05", windowS: 60 }, at("94"), "100", "fire"],
    ["move: less than the rate does not", { kind: "move", price: null, rate: "0.05", windowS: 60 }, at("104.99"), "100", "none"],
    ["move: no reference (no history that far back) does not", { kind: "move", price: null, rate: "0.05", windowS: 60 }, at("200"), null, "none"],
    ["move, disarmed: before the window has passed nothing", { kind: "move", price: null, rate: "0.05", windowS: 60, armed: false, armedSinceMs: NOW - 59_999 }, at("200"), "100", "none"],
    ["move, disarmed: once the window has passed it re-arms", { kind: "move", price: null, rate: "0.05", windowS: 60, armed: false, armedSinceMs: NOW - 60_000 }, at("200"), "100", "rearm"],
  ];
  it.each(cases)("%s", (_name, over, tick, reference, expected) => {
    expect(decide(alert(over), tick, context(reference)).action).toBe(expected);
  });

  it("names the move it measured", () => {
    expect(decide(alert({ kind: "move", price: null, rate: "0.01", windowS: 300 }), at("98"), context("100"))).toEqual({ action: "fire", move: "0.02" });
  });
});

describe("triggerOf: what an alert arms in the book", () => {
  it.each([
    [{}, { watch: "price", cross: "up", level: "100" }],
    [{ kind: "below" as const }, { watch: "price", cross: "down", level: "100" }],
    [{ repeat: "always" as const, armed: false }, { watch: "price", cross: "down", level: "100" }],
    [{ kind: "below" as const, repeat: "always" as const, armed: false }, { watch: "price", cross: "up", level: "100" }],
    [{ kind: "move" as const, price: null, rate: "0.02", windowS: 300 }, { watch: "measure:move:300", cross: "up", level: "0.02" }],
    [{ kind: "move" as const, price: null, rate: "0.02", windowS: 300, armed: false, armedSinceMs: 5_000 }, { watch: "time", cross: "up", level: "305000" }],
  ])("%o arms %o", (over, expected) => {
    expect(triggerOf(alert(over))).toMatchObject({ ...expected, key: "alerts:1", owner: "alerts:1", symbol: "BTC/USDT", user: 7 });
  });
  it("a paused or fired alert arms nothing", () => {
    expect(triggerOf(alert({ paused: true }))).toBeNull();
    expect(triggerOf(alert({ status: "fired" }))).toBeNull();
  });
});

describe("PriceHistory", () => {
  it("answers the last price at or before a time, and nothing before its first", () => {
    const history = new PriceHistory();
    for (let s = 0; s < 10; s++) history.record({ price: String(100 + s), atMs: NOW + s * 1000 });
    expect(history.at(NOW - 1)).toBeNull();
    expect(history.at(NOW)).toBe("100");
    expect(history.at(NOW + 3_500)).toBe("103");
    expect(history.at(NOW + 60_000)).toBe("109");
  });
  it("keeps a day at one price a minute beyond the last hour", () => {
    const history = new PriceHistory();
    for (let m = 0; m <= 24 * 60; m++) history.record({ price: String(1000 + m), atMs: NOW + m * 60_000 });
    expect(history.at(NOW + 30_000)).toBe("1000");
    expect(history.at(NOW + 23 * 3_600_000 + 1)).toBe(String(1000 + 23 * 60));
    expect(history.at(NOW + 24 * 3_600_000)).toBe(String(1000 + 24 * 60));
  });
});

/** An observation the way the runner builds it, with the move measures over a history. */
function observe(history: PriceHistory, symbol: string, tick: AlertTick): Observation {
  return {
    symbol,
    price: tick.price,
    bid: tick.price,
    ask: tick.price,
    atMs: tick.atMs,
    measure: (name) => {
      const windowS = Number(name.split(":")[1]);
      const reference = history.at(tick.atMs - windowS * 1000);
      return name === moveMeasure(windowS) && reference !== null ? moveOf(tick.price, reference).toFixed() : null;
    },
  };
}

describe("properties over random price paths", () => {
  const path = fc.array(fc.integer({ min: 1, max: 2_000 }), { minLength: 1, maxLength: 60 });
  const alerts = fc.array(
    fc.record({
      kind: fc.constantFrom("above" as const, "below" as const, "move" as const),
      level: fc.integer({ min: 1, max: 2_000 }),
      rate: fc.integer({ min: 1, max: 500 }),
      windowS: fc.constantFrom(60, 300),
      repeat: fc.constantFrom("once" as const, "always" as const),
    }),
    { minLength: 1, maxLength: 20 },
  );

  it("the book fires exactly the alerts the decimal rule fires, each once per arming, on the first tick that crosses", () => {
    fc.assert(
      fc.property(path, alerts, (prices, specs) => {
        const book = new TriggerBook();
        const history = new PriceHistory();
        const states = specs.map((spec, i): AlertState =>
          alert({ id: i + 1, kind: spec.kind, price: spec.kind === "move" ? null : String(spec.level), rate: spec.kind === "move" ? String(spec.rate / 1000) : null, windowS: spec.kind === "move" ? spec.windowS : null, repeat: spec.repeat, armedSinceMs: 0 }),
        );
        for (const state of states) book.add(triggerOf(state)!);
        prices.forEach((price, step) => {
          const tick = { price: String(price), atMs: (step + 1) * 30_000 };
          const fired = new Set(book.evaluate(observe(history, "BTC/USDT", tick)).map((f) => Number(f.owner.split(":")[1])));
          states.forEach((state, i) => {
            const reference = state.kind === "move" ? history.at(tick.atMs - state.windowS! * 1000) : null;
            const decision = decide(state, tick, { nowMs: tick.atMs, maxAgeMs: 5_000, reference });
            // Whatever the decimal rule acts on, the book offered it; whatever the book offered and the rule passed
            // over goes back unchanged (it is read again by the runner).
            if (decision.action !== "none") expect(fired.has(state.id)).toBe(true);
            if (!fired.has(state.id)) return;
            const next = decision.action === "fire" ? afterFire(state, tick) : decision.action === "rearm" ? afterRearm(state, tick) : state;
            states[i] = next;
            const trigger = triggerOf(next);
            if (trigger) book.add(trigger);
            // The same tick replayed changes nothing.
            expect(decide(next, tick, { nowMs: tick.atMs, maxAgeMs: 5_000, reference }).action).toBe(next === state ? decision.action : "none");
          });
          history.record(tick);
        });
        // A `once` alert that fired is done and arms nothing.
        for (const state of states) if (state.repeat === "once" && state.status === "fired") expect(triggerOf(state)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it("an always level alert alternates: between two firings the price went strictly back across", () => {
    fc.assert(
      fc.property(path, fc.integer({ min: 1, max: 2_000 }), (prices, level) => {
        let state = alert({ price: String(level), repeat: "always", armedSinceMs: 0 });
        const firings: number[] = [];
        prices.forEach((price, step) => {
          const tick = { price: String(price), atMs: (step + 1) * 1000 };
          const decision = decide(state, tick, { nowMs: tick.atMs, maxAgeMs: 5_000, reference: null });
          if (decision.action === "fire") {
            firings.push(step);
            state = afterFire(state, tick);
          } else if (decision.action === "rearm") state = afterRearm(state, tick);
        });
        for (let i = 1; i < firings.length; i++) expect(prices.slice(firings[i - 1], firings[i]).some((p) => p < level)).toBe(true);
        // The first tick at or above the level fired it.
        const first = prices.findIndex((p) => p >= level);
        expect(firings[0] ?? -1).toBe(first);
      }),
    );
  });
});
