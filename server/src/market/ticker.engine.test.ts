import { describe, expect, it } from "vitest";
import { Dec, tickBar } from "../feeds";
import { changePercent, RollingDay } from "./ticker.engine";

const T0 = Date.UTC(2026, 0, 1);
const MIN = 60_000;
const add = (day: RollingDay, ms: number, price: string, qty = "1") => day.add(tickBar(T0 + ms, price, qty), new Dec(qty).times(price));

describe("RollingDay: the 24 h ticker", () => {
  it("spans the last 24 hours: open is the first price still inside", () => {
    const day = new RollingDay();
    add(day, 0, "100");
    add(day, 10 * MIN, "130");
    add(day, 60 * MIN, "80");
    add(day, 24 * 60 * MIN - 1, "110");
    expect(day.day()).toMatchObject({ open: "100", high: "130", low: "80", last: "110" });
    expect(day.day()?.volume.toString()).toBe("4");
    // The first minute leaves the window once 24 h have passed since its end.
    add(day, 24 * 60 * MIN + MIN, "111");
    expect(day.day()).toMatchObject({ open: "130", high: "130", low: "80", last: "111" });
    // An hour later, the 130 and the 80 have left too.
    add(day, 25 * 60 * MIN + MIN, "112");
    expect(day.day()).toMatchObject({ open: "110", high: "112", low: "110", last: "112" });
    expect(day.day()?.quoteVolume.toString()).toBe("333");
  });

  it("keeps the minute in progress after a long silence", () => {
    const day = new RollingDay();
    add(day, 0, "5");
    add(day, 3 * 24 * 60 * MIN, "6");
    expect(day.size).toBe(1);
    expect(day.day()).toMatchObject({ open: "6", high: "6", low: "6", last: "6" });
  });

  it("ignores a late tick and is empty before the first", () => {
    const day = new RollingDay();
    expect(day.day()).toBeNull();
    add(day, 5 * MIN, "10");
    add(day, 2 * MIN, "999");
    expect(day.day()).toMatchObject({ high: "10", last: "10" });
  });
});

describe("changePercent", () => {
  it.each([
    ["100", "102.345", "2.35"],
    ["100", "97.655", "-2.35"],
    ["100", "100", "0.00"],
    ["100", "99.999", "0.00"],
    ["0.000123", "0.000246", "100.00"],
    ["0", "5", "0.00"],
  ])("%s -> %s is %s%%", (open, last, expected) => {
    expect(changePercent(open, last)).toBe(expected);
  });
});
