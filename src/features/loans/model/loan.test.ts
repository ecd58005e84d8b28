import { describe, expect, it } from "vitest";
import { dueIfIssuedNow, loanAmountProblem, loanPreview } from "./loan";

describe("loan preview (the server's maths)", () => {
  it.each([
    ["1000", "0.001", 7, "7", "1007"],
    ["333.33", "0.0009", 15, "4.499955", "337.829955"],
  ])("%s at %s for %i days", (amount, rate, days, interest, total) => {
    expect(loanPreview(amount, rate, days)).toEqual({ interest, total });
  });
  it("limits and rates", () => {
    expect(loanAmountProblem("99", "100", "20000")).toEqual({ rule: "min", limit: "100" });
    expect(loanAmountProblem("20000.01", "100", "20000")).toEqual({ rule: "max", limit: "20000" });
    expect(loanAmountProblem("x", "100", "20000")).toEqual({ rule: "number" });
    expect(loanAmountProblem("500", "100", "20000")).toBeNull();
    expect(dueIfIssuedNow(Date.parse("2026-12-01T00:00:00Z"), 7)).toBe(Date.parse("2026-12-08T00:00:00Z") / 1000);
  });
});
