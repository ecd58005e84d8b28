import { describe, expect, it } from "vitest";
import { ageText, percentOfFraction } from "./market-parts";

describe("back office market formatting", () => {
  it.each([
    ["0.0004", "0.04%"],
    ["0.25", "25%"],
    ["1.5", "150%"],
    ["0", "0%"],
    ["0.00001", "0.001%"],
    ["x", "-"],
  ])("shows the fraction %s as %s", (fraction, percent) => {
    expect(percentOfFraction(fraction)).toBe(percent);
  });

  it("says how old a tick is", () => {
    expect(ageText(null)).toBe("-");
    expect(ageText(820)).toBe("0.8 s");
    expect(ageText(42_000)).toBe("42 s");
    expect(ageText(180_000)).toBe("3 min");
    expect(ageText(7_200_000)).toBe("2 h");
  });
});
