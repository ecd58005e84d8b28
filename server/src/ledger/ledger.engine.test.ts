import { describe, expect, it } from "vitest";
import { applyLegs, normaliseLegs, type Leg, type UserBalance } from "./ledger.engine";
import { money } from "./money";

const alice = { user: 1 };
const fees = { platform: "fees" } as const;
const transit = { platform: "deposits_in_transit" } as const;

describe("normaliseLegs", () => {
  const bad: [string, Leg[]][] = [
    ["legs that do not sum to zero", [{ account: alice, currency: "USDT", amount: "10" }, { account: transit, currency: "USDT", amount: "-9" }]],
    ["a balance in one currency paid in another", [{ account: alice, currency: "USDT", amount: "10" }, { account: transit, currency: "BTC", amount: "-10" }]],
    ["no legs", []],
    ["only zero legs", [{ account: alice, currency: "USDT", amount: "0" }]],
    ["more than 18 decimals", [{ account: alice, currency: "USDT", amount: "0.0000000000000000001" }, { account: fees, currency: "USDT", amount: "-0.0000000000000000001" }]],
    ["an amount too large for the column", [{ account: alice, currency: "USDT", amount: "1e18" }, { account: fees, currency: "USDT", amount: "-1e18" }]],
    ["a frozen bucket on a platform account", [{ account: alice, currency: "USDT", amount: "1" }, { account: fees, currency: "USDT", amount: "-1", bucket: "frozen" }]],
    ["a malformed currency", [{ account: alice, currency: "usdt", amount: "1" }, { account: fees, currency: "usdt", amount: "-1" }]],
  ];
  it.each(bad)("refuses %s as a bug", (_what, legs) => {
    expect(() => normaliseLegs(legs)).toThrow(/Invariant violated/);
  });

  it("drops zero legs and keys accounts per currency", () => {
    const legs = normaliseLegs([
      { account: alice, currency: "USDT", amount: "-30", bucket: "frozen" },
      { account: { platform: "withdrawals_out" }, currency: "USDT", amount: "30" },
      { account: fees, currency: "USDT", amount: "0" },
    ]);
    expect(legs.map((l) => [l.key, l.bucket, l.amount.toString()])).toEqual([
      ["u:1:USDT", "frozen", "-30"],
      ["p:withdrawals_out:USDT", "available", "30"],
    ]);
  });
});

describe("applyLegs", () => {
  const start = (available: string, frozen = "0"): Map<string, UserBalance> => new Map([["u:1:USDT", { available: money(available), frozen: money(frozen) }]]);
  const cases: { what: string; balance: [string, string]; legs: Leg[]; expect: { available: string; frozen: string } | "short" }[] = [
    {
      what: "a credit",
      balance: ["0", "0"],
      legs: [{ account: alice, currency: "USDT", amount: "100" }, { account: transit, currency: "USDT", amount: "-100" }],
      expect: { available: "100", frozen: "0" },
    },
    {
      what: "a hold of everything",
      balance: ["30", "0"],
      legs: [{ account: alice, currency: "USDT", amount: "-30" }, { account: alice, currency: "USDT", amount: "30", bucket: "frozen" }],
      expect: { available: "0", frozen: "30" },
    },
    {
      what: "a hold of one unit more than available",
      balance: ["29.999999999999999999", "0"],
      legs: [{ account: alice, currency: "USDT", amount: "-30" }, { account: alice, currency: "USDT", amount: "30", bucket: "frozen" }],
      expect: "short",
    },
    {
      what: "a payout from frozen with its fee",
      balance: ["5", "30"],
      legs: [
        { account: alice, currency: "USDT", amount: "-30", bucket: "frozen" },
        { account: { platform: "withdrawals_out" }, currency: "USDT", amount: "27" },
        { account: fees, currency: "USDT", amount: "3" },
      ],
      expect: { available: "5", frozen: "0" },
    },
    {
      what: "a debit of frozen money that is not there",
      balance: ["100", "10"],
      legs: [{ account: alice, currency: "USDT", amount: "-11", bucket: "frozen" }, { account: alice, currency: "USDT", amount: "11" }],
      expect: "short",
    },
  ];
  it.each(cases)("$what", (c) => {
    const legs = normaliseLegs(c.legs);
    const plan = applyLegs(legs, start(...c.balance));
    if (c.expect === "short") {
      expect(plan.ok).toBe(false);
      return;
    }
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const after = plan.balances.get("u:1:USDT")!;
    expect({ available: after.available.toFixed(), frozen: after.frozen.toFixed() }).toEqual(c.expect);
    for (const p of plan.postings) {
      if (p.userId === null) expect(p.before).toBeNull();
      else expect(p.after!.minus(p.before!).eq(p.amount)).toBe(true);
    }
  });

  it("never changes the balances it was given", () => {
    const balances = start("10");
    applyLegs(normaliseLegs([{ account: alice, currency: "USDT", amount: "-10" }, { account: fees, currency: "USDT", amount: "10" }]), balances);
    expect(balances.get("u:1:USDT")!.available.toFixed()).toBe("10");
  });
});
