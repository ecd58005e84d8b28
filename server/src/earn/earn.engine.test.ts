import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { money } from "../ledger";
import { addDays, amountRefusal, aprOf, dailyIncome, dayStart, duePayouts, earlyExit, incomeDue, nextPayout, scheduleOf, termIncome, type RunningOrder } from "./earn.engine";

const at = (iso: string) => Date.parse(iso);

describe("rates and income", () => {
  const cases: Array<[string, string, number, string, string, string]> = [
    // amount, daily rate, days -> daily income, term income, apr
    ["1000", "0.012", 7, "12", "84", "4.38"],
    ["100", "0.001", 30, "0.1", "3", "0.365"],
    ["333.33", "0.0007", 10, "0.233331", "2.33331", "0.2555"],
    ["0.00000001", "0.01", 1, "0", "0", "3.65"],
    ["12345.6789", "0", 5, "0", "0", "0"],
  ];
  it.each(cases)("%s at %s for %i days", (amount, rate, days, daily, term, apr) => {
    expect(dailyIncome(amount, rate).eq(daily)).toBe(true);
    expect(termIncome(amount, rate, days).eq(term)).toBe(true);
    expect(aprOf(rate).eq(apr)).toBe(true);
  });

  it("early exit keeps the penalty share of the principal, never more than it", () => {
    const cases: Array<[string, string, string, string]> = [
      ["1000", "0.05", "50", "950"],
      ["1000", "0", "0", "1000"],
      ["1000", "1", "1000", "0"],
      ["0.3", "0.1", "0.03", "0.27"],
    ];
    for (const [amount, rate, penalty, returned] of cases) {
      const r = earlyExit(amount, rate);
      expect([r.penalty.toString(), r.returned.toString()]).toEqual([money(penalty).toString(), money(returned).toString()]);
    }
  });

  it("amount limits are inclusive and decimals stop at 8", () => {
    expect(amountRefusal("100", "100", "1000")).toBeNull();
    expect(amountRefusal("1000", "100", "1000")).toBeNull();
    expect(amountRefusal("99.99999999", "100", "1000")).toBe("AMOUNT_BELOW_MIN");
    expect(amountRefusal("1000.00000001", "100", "1000")).toBe("AMOUNT_ABOVE_MAX");
    expect(amountRefusal("0", "100", "1000")).toBe("AMOUNT_NOT_POSITIVE");
    expect(amountRefusal("150.000000001", "100", "1000")).toBe("AMOUNT_ERROR");
  });
});

describe("the schedule across day boundaries", () => {
  const order = (subscribed: string, days: number, paidDays = 0): RunningOrder => {
    const s = scheduleOf(at(subscribed), days);
    return { amount: "1000", dailyRate: "0.01", days, paidDays, nextPayDay: addDays(s.firstPayDay, paidDays) };
  };

  it("a subscription at any time of a day earns from that day; its first income is due at the next 00:00 UTC", () => {
    const s = scheduleOf(at("2026-11-25T23:59:59Z"), 3);
    expect(s).toEqual({ startDay: "2026-11-25", firstPayDay: "2026-11-26", endsAtMs: at("2026-11-28T00:00:00Z") });
    expect(scheduleOf(at("2026-11-25T00:00:00Z"), 1).endsAtMs).toBe(at("2026-11-26T00:00:00Z"));
  });

  const table: Array<[string, string, number, number, Array<[number, string, boolean]>]> = [
    // subscribed, now, days, paid days -> payouts due [k, day earned, matures]
    ["2026-11-25T14:00:00Z", "2026-11-25T23:59:59.999Z", 3, 0, []],
    ["2026-11-25T14:00:00Z", "2026-11-26T00:00:00Z", 3, 0, [[1, "2026-11-25", false]]],
    ["2026-11-25T14:00:00Z", "2026-11-27T08:00:00Z", 3, 0, [[1, "2026-11-25", false], [2, "2026-11-26", false]]],
    ["2026-11-25T14:00:00Z", "2026-11-28T00:00:00Z", 3, 1, [[2, "2026-11-26", false], [3, "2026-11-27", true]]],
    // downtime: a week later only the term's days are due, the last one matures
    ["2026-11-25T14:00:00Z", "2026-12-05T00:00:00Z", 3, 0, [[1, "2026-11-25", false], [2, "2026-11-26", false], [3, "2026-11-27", true]]],
    ["2026-11-25T14:00:00Z", "2026-12-05T00:00:00Z", 3, 3, []],
    // across a month and a year end
    ["2026-12-31T23:00:00Z", "2027-01-01T00:00:00Z", 1, 0, [[1, "2026-12-31", true]]],
  ];
  it.each(table)("subscribed %s, now %s, %i days, %i paid", (subscribed, now, days, paidDays, expected) => {
    const due = duePayouts(order(subscribed, days, paidDays), at(now));
    expect(due.map((p) => [p.k, p.day, p.matures])).toEqual(expected);
    for (const p of due) expect(p.amount.eq("10")).toBe(true);
  });

  it("property: over any span the days paid are consecutive, never beyond the term, and sum to the term's income at maturity", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 86_400_000 * 400 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 90 * 86_400_000 }),
        fc.stringMatching(/^[1-9]\d{0,5}(\.\d{1,8})?$/),
        (offset, days, span, amount) => {
          const subscribed = at("2026-01-01T00:00:00Z") + offset;
          const s = scheduleOf(subscribed, days);
          const o: RunningOrder = { amount, dailyRate: "0.0123", days, paidDays: 0, nextPayDay: s.firstPayDay };
          const due = duePayouts(o, subscribed + span);
          expect(due.length).toBeLessThanOrEqual(days);
          due.forEach((p, i) => {
            expect(p.k).toBe(i + 1);
            expect(p.day).toBe(addDays(s.startDay, i));
            expect(dayStart(p.day) + 86_400_000).toBeLessThanOrEqual(subscribed + span);
          });
          const matured = due.some((p) => p.matures);
          expect(matured).toBe(subscribed + span >= s.endsAtMs);
          if (matured) {
            const total = due.reduce((t, p) => t.plus(p.amount), money(0));
            expect(total.eq(termIncome(amount, "0.0123", days))).toBe(true);
            expect(incomeDue({ ...o, paidDays: days }).isZero()).toBe(true);
          }
        },
      ),
    );
  });

  it("nothing is due before the next pay day, nor after the term", () => {
    expect(nextPayout(order("2026-11-25T14:00:00Z", 2, 2), at("2030-01-01T00:00:00Z"))).toBeNull();
    expect(nextPayout(order("2026-11-25T14:00:00Z", 2, 0), at("2026-11-25T20:00:00Z"))).toBeNull();
  });
});
