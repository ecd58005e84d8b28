import { describe, expect, it } from "vitest";
import { amountProblem, dailyIncome, earlyExit, termIncome } from "./earn";

describe("earn previews (the server's maths)", () => {
  it.each([
    ["1000", "0.012", 7, "12", "84"],
    ["333.33", "0.0007", 10, "0.233331", "2.33331"],
    ["0.00000001", "0.01", 1, "0", "0"],
  ])("%s at %s for %i days", (amount, rate, days, daily, term) => {
    expect(dailyIncome(amount, rate)).toBe(daily);
    expect(termIncome(amount, rate, days)).toBe(term);
  });

  it("early exit keeps the penalty share", () => {
    expect(earlyExit("1000", "0.05")).toEqual({ penalty: "50", returned: "950" });
    expect(earlyExit("0.3", "0.1")).toEqual({ penalty: "0.03", returned: "0.27" });
  });

  it("amount problems, in the server's order", () => {
    const limits = { min: "100", max: "5000", available: "300" };
    expect(amountProblem("", limits)).toEqual({ rule: "empty" });
    expect(amountProblem("abc", limits)).toEqual({ rule: "number" });
    expect(amountProblem("1e3", limits)).toEqual({ rule: "number" });
    expect(amountProblem("0", limits)).toEqual({ rule: "positive" });
    expect(amountProblem("-100", limits)).toEqual({ rule: "positive" });
    expect(amountProblem("1.123456789", limits)).toEqual({ rule: "decimals", limit: 8 });
    expect(amountProblem("99.99", limits)).toEqual({ rule: "min", limit: limits.min });
    expect(amountProblem("5000.01", limits)).toEqual({ rule: "max", limit: limits.max });
    expect(amountProblem("300.01", limits)).toEqual({ rule: "balance", limit: limits.available });
    expect(amountProblem("300", limits)).toBeNull();
  });
});
