import { describe, expect, it } from "vitest";
import { ocoHoldPrice, ocoRefusal, trailTriggerOf } from "./spot.engine";

/** The pure maths of trailing stops and OCO pairs (CONTRACT wave 4): tables of cases. */

// The level's maths (rate bounds, rounding, a tick through it, its property) is the trigger engine's one: trailing.test.ts.

describe("a trailing stop's trigger", () => {
  const trail = { rate: "0.01", best: "100.00", precision: 2, atMs: 1_000 };
  it("one trigger in the book, at its level, carrying its trail (a sell's bid falling, a buy's ask rising)", () => {
    expect(trailTriggerOf({ id: 7, symbol: "X", side: "sell", trail, spread: "0.001", userId: 3 })).toEqual({ key: "spot:7:trail", owner: "spot:7", symbol: "X", watch: "bid", cross: "down", level: "99.00", spread: "0.001", user: 3, trail });
    expect(trailTriggerOf({ id: 8, symbol: "X", side: "buy", trail, spread: "0.001", userId: 3 })).toMatchObject({ key: "spot:8:trail", watch: "ask", cross: "up", level: "101.00", trail });
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
