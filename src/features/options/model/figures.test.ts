import { describe, expect, it } from "vitest";
import { countdown, moveOf, periodParts, previewOption, stakeProblem, winningNow } from "./figures";

describe("option figures before submit", () => {
  it.each([
    ["100", "0.8", { payout: "180", profit: "80", loss: "100", coinToss: "-10" }],
    ["12.5", "0.82", { payout: "22.75", profit: "10.25", loss: "12.5", coinToss: "-1.125" }],
    ["10", "0.9", { payout: "19", profit: "9", loss: "10", coinToss: "-0.5" }],
  ])("stake %s at rate %s", (amount, rate, expected) => {
    expect(previewOption(amount, rate)).toEqual(expected);
  });
  it("no preview without a positive stake", () => {
    expect(previewOption("", "0.8")).toBeNull();
    expect(previewOption("0", "0.8")).toBeNull();
    expect(previewOption("abc", "0.8")).toBeNull();
  });
  it("stake problems as the server names them", () => {
    const period = { min: "10", max: "50000" };
    expect(stakeProblem("9.99", period, "100")).toEqual({ rule: "min", limit: "10" });
    expect(stakeProblem("50001", period, null)).toEqual({ rule: "max", limit: "50000" });
    expect(stakeProblem("101", period, "100")).toEqual({ rule: "balance", limit: "100" });
    expect(stakeProblem("1.123456789", period, "100")).toEqual({ rule: "decimals", limit: 8 });
    expect(stakeProblem("-10", period, "100")).toEqual({ rule: "positive" });
    expect(stakeProblem("1e3", period, "100")).toEqual({ rule: "number" });
    expect(stakeProblem("0", period, "100")).toEqual({ rule: "positive" });
    expect(stakeProblem("", period, "100")).toEqual({ rule: "empty" });
    expect(stakeProblem("100", period, "100")).toBeNull();
  });
});

describe("an open option", () => {
  it("moves and wins against the opening tick", () => {
    expect(moveOf("60000", "60000.01")).toBe("up");
    expect(moveOf("60000", "60000.00")).toBe("flat");
    expect(winningNow("down", "60000", "59999")).toBe(true);
    expect(winningNow("up", "60000", "60000")).toBeNull();
  });
  it("counts down", () => {
    expect(countdown(65_000)).toBe("1:05");
    expect(countdown(8_200)).toBe("0:09");
    expect(countdown(-5)).toBe("0:00");
    expect(countdown(7_384_000)).toBe("2:03:04");
  });
  it("names periods and tick times", () => {
    expect(periodParts(30)).toEqual({ value: 30, unit: "s" });
    expect(periodParts(300)).toEqual({ value: 5, unit: "min" });
    expect(periodParts(86_400)).toEqual({ value: 1, unit: "d" });
  });
});
