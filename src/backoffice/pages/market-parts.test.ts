import { describe, expect, it } from "vitest";
import { ageText } from "./market-parts";

describe("back office market formatting", () => {
  it("says how old a tick is", () => {
    expect(ageText(null)).toBe("-");
    expect(ageText(820)).toBe("0.8 s");
    expect(ageText(42_000)).toBe("42 s");
    expect(ageText(180_000)).toBe("3 min");
    expect(ageText(7_200_000)).toBe("2 h");
  });
});
