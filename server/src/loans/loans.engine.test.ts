import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { money } from "../ledger";
import { accrualsDue, aprOf, DAY_MS, dueAtOf, interestOf, isOverdue, repayRefusal, totalDue } from "./loans.engine";

const at = (iso: string) => Date.parse(iso);

describe("interest and APR", () => {
  it.each([
    // amount, daily rate, days -> interest, apr, total
    ["1000", "0.001", 7, "7", "0.365", "1007"],
    ["5000", "0.0008", 30, "120", "0.292", "5120"],
    ["333.33", "0.0009", 15, "4.4999550", "0.3285", "337.829955"],
    ["100", "0", 7, "0", "0", "100"],
  ])("%s at %s for %i days", (amount, rate, days, interest, apr, total) => {
    expect(interestOf(amount, rate, days).eq(interest)).toBe(true);
    expect(aprOf(rate).eq(apr)).toBe(true);
    expect(totalDue(amount, interestOf(amount, rate, days), 0).eq(total)).toBe(true);
  });
});

describe("overdue accrual across day boundaries", () => {
  const due = at("2026-12-01T10:30:00Z");
  const state = (overdueDays = 0, unpaid = "1000") => ({ dueAtMs: due, overdueDays, unpaid, overdueDailyRate: "0.002" });
  const table: Array<[string, number, string, Array<[number, string, string]>]> = [
    // now, days accrued, unpaid -> [n, day, fee]
    ["2026-12-01T10:29:59Z", 0, "1000", []],
    ["2026-12-02T10:29:59Z", 0, "1000", []],
    ["2026-12-02T10:30:00Z", 0, "1000", [[1, "2026-12-02", "2"]]],
    ["2026-12-04T23:00:00Z", 0, "1000", [[1, "2026-12-02", "2"], [2, "2026-12-03", "2.004"], [3, "2026-12-04", "2.008008"]]],
    ["2026-12-04T23:00:00Z", 2, "1004.004", [[3, "2026-12-04", "2.008008"]]],
    ["2026-12-04T23:00:00Z", 3, "1006.012008", []],
    ["2027-01-01T00:00:00Z", 0, "0", []],
  ];
  it.each(table)("at %s with %i days accrued on %s unpaid", (now, days, unpaid, expected) => {
    const got = accrualsDue(state(days, unpaid), at(now));
    expect(got.map((a) => [a.n, a.day, a.fee.toString()])).toEqual(expected.map(([n, day, fee]) => [n, day, money(fee).toString()]));
  });

  it("property: accruing in steps equals accruing at once (a late leader charges exactly the same)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 40 }), (split, total) => {
        const s = state(0, "777.77");
        const once = accrualsDue(s, due + total * DAY_MS + 5);
        const first = accrualsDue(s, due + Math.min(split, total) * DAY_MS + 5);
        const owed = first.reduce((u, a) => u.plus(a.fee), money("777.77"));
        const rest = accrualsDue({ ...s, overdueDays: first.at(-1)?.n ?? 0, unpaid: owed }, due + total * DAY_MS + 5);
        expect([...first, ...rest].map((a) => a.fee.toString())).toEqual(once.map((a) => a.fee.toString()));
        expect(once.length).toBe(total);
      }),
    );
  });

  it("due date, overdue and repayment limits", () => {
    expect(dueAtOf(at("2026-12-01T10:30:00Z"), 7)).toBe(at("2026-12-08T10:30:00Z"));
    expect(isOverdue(due, "1", due)).toBe(false);
    expect(isOverdue(due, "1", due + 1)).toBe(true);
    expect(isOverdue(due, "0", due + 1)).toBe(false);
    expect(repayRefusal("10", "9.99")).toBe("AMOUNT_ABOVE_MAX");
    expect(repayRefusal("0", "9.99")).toBe("AMOUNT_NOT_POSITIVE");
    expect(repayRefusal("1.000000001", "9.99")).toBe("AMOUNT_ERROR");
    expect(repayRefusal("9.99", "9.99")).toBeNull();
  });
});
