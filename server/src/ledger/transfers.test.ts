import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseLegs, type Leg } from "./ledger.engine";
import { money } from "./money";
import { transfers, type TransferKind } from "./transfers";

const USER = 7;
const pair = { base: "BTC", quote: "USDT" };
/** Positive amounts of up to 8 decimals, as a NUMERIC(36,18) column holds them. */
const amount = fc.bigInt({ min: 1n, max: 10n ** 16n }).map((n) => money(n.toString()).div(1e8));

/** Net change per currency of the legs on `who` (the user, or every platform account). */
function net(legs: readonly Leg[], who: "user" | "platform"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const leg of legs) if (who in leg.account) out[leg.currency] = money(out[leg.currency] ?? 0).plus(String(leg.amount)).toFixed();
  return out;
}

const sum = (legs: readonly Leg[], currency: string) => legs.filter((l) => l.currency === currency).reduce((s, l) => s.plus(String(l.amount)), money(0));

describe("transfer kinds", () => {
  it("every whole transfer sums to zero per currency, and moves the user's money the way its kind says", () => {
    fc.assert(
      fc.property(amount, amount, amount, (a, b, c) => {
        const [small, big] = a.lt(b) ? [a, b] : [b, a];
        const fill = { amount: big, fee: small.div(100).toDecimalPlaces(8) };
        // Each kind with the user's net change it must make (per currency).
        const cases: Array<[TransferKind, { legs: Leg[] }, Record<string, string>]> = [
          ["depositCredit", transfers.depositCredit({ userId: USER, currency: "USDT", amount: a, depositId: 1 }), { USDT: a.toFixed() }],
          ["flash", transfers.flash({ userId: USER, from: "USDT", to: "BTC", amount: a.plus(c), fee: c, net: a, received: b, flashId: 1 }), { USDT: a.plus(c).negated().toFixed(), BTC: b.toFixed() }],
          ["adjustment", transfers.adjustment({ userId: USER, currency: "USDT", amount: a.negated(), key: "k" }), { USDT: a.negated().toFixed() }],
          ["spotFill", transfers.spotFill({ userId: USER, side: "buy", pair, quantity: c, fill }), { USDT: fill.amount.plus(fill.fee).negated().toFixed(), BTC: c.toFixed() }],
          ["spotFill", transfers.spotFill({ userId: USER, side: "sell", pair, quantity: c, fill }), { USDT: fill.amount.minus(fill.fee).toFixed(), BTC: c.negated().toFixed() }],
          ["spotDelivery", transfers.spotDelivery({ userId: USER, side: "buy", pair, quantity: c, fill, orderId: 1 }), { BTC: c.toFixed() }],
          ["spotDelivery", transfers.spotDelivery({ userId: USER, side: "sell", pair, quantity: c, fill, orderId: 1 }), { USDT: fill.amount.minus(fill.fee).toFixed() }],
          ["tradeFee", transfers.tradeFee({ userId: USER, currency: "USDT", fee: a, positionId: 1 }), { USDT: a.negated().toFixed() }],
          ["positionSwap", transfers.positionSwap({ userId: USER, currency: "USDT", amount: a, positionId: 1 }), { USDT: a.negated().toFixed() }],
          ["earnPayout", transfers.earnPayout({ userId: USER, currency: "USDT", amount: a, orderId: 1 }), { USDT: a.toFixed() }],
          ["loanDisbursement", transfers.loanDisbursement({ userId: USER, currency: "USDT", amount: a, loanId: 1 }), { USDT: a.toFixed() }],
          ["loanRepayment", transfers.loanRepayment({ userId: USER, currency: "USDT", amount: a, loanId: 1 }), { USDT: a.negated().toFixed() }],
          ["referralReward", transfers.referralReward({ inviterId: USER, inviteeId: 8, currency: "USDT", amount: a }), { USDT: a.toFixed() }],
          ["referralCommission", transfers.referralCommission({ beneficiary: USER, currency: "USDT", amount: a, feeEntryId: 9 }), { USDT: a.toFixed() }],
        ];
        for (const [kind, transfer, userNet] of cases) {
          expect(() => normaliseLegs(transfer.legs), kind).not.toThrow();
          expect(net(transfer.legs, "user"), kind).toEqual(userNet);
        }
      }),
    );
  });

  it("every settlement places exactly the held amount, the user's share never negative", () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [small, big] = a.lt(b) ? [a, b] : [b, a];
        const fee = small.div(10).toDecimalPlaces(8);
        const fill = { amount: small, fee };
        const cases: Array<[TransferKind, { legs: Leg[] }, string, string]> = [
          // [kind, settlement, currency, held amount]
          ["withdrawalPayout", transfers.withdrawalPayout({ currency: "USDT", receive: big, fee: small }), "USDT", big.plus(small).toFixed()],
          ["spotSettle", transfers.spotSettle({ side: "buy", pair, quantity: "1", fill, held: big.plus(fee), userId: USER }), "USDT", big.plus(fee).toFixed()],
          ["spotSettle", transfers.spotSettle({ side: "sell", pair, quantity: a, fill }), "BTC", a.toFixed()],
          ["tradeFeeSettle", transfers.tradeFeeSettle({ currency: "USDT", fee: a }), "USDT", a.toFixed()],
          ["positionClose", transfers.positionClose({ userId: USER, currency: "USDT", margin: big, payout: small, fee, gap: money(0) }), "USDT", big.toFixed()],
          ["positionClose", transfers.positionClose({ userId: USER, currency: "USDT", margin: small, payout: money(0), fee, gap: big }), "USDT", small.toFixed()],
          ["optionWin", transfers.optionWin({ userId: USER, currency: "USDT", stake: small, payout: small.plus(fee) }), "USDT", small.toFixed()],
          ["optionLoss", transfers.optionLoss({ currency: "USDT", stake: a }), "USDT", a.toFixed()],
          ["earnEarlyExit", transfers.earnEarlyExit({ userId: USER, currency: "USDT", returned: big, penalty: small }), "USDT", big.plus(small).toFixed()],
        ];
        for (const [kind, settlement, currency, held] of cases) {
          expect(sum(settlement.legs, currency).toFixed(), kind).toBe(held);
          for (const leg of settlement.legs) if ("user" in leg.account) expect(money(String(leg.amount)).gte(0), kind).toBe(true);
        }
      }),
    );
  });

  it("every hold moves its amount from the user's available to frozen, and names its kind", () => {
    const holds = [
      transfers.withdrawalHold({ userId: USER, currency: "USDT", amount: "30", withdrawalId: 1 }),
      transfers.spotHold({ userId: USER, currency: "USDT", amount: "30", orderId: 1 }),
      transfers.marginHold({ userId: USER, currency: "USDT", amount: "30", positionId: 1 }),
      transfers.tradeFeeHold({ userId: USER, currency: "USDT", amount: "30", positionId: 1 }),
      transfers.optionStake({ userId: USER, currency: "USDT", amount: "30", optionId: 1 }),
      transfers.earnPrincipal({ userId: USER, currency: "USDT", amount: "30", orderId: 1 }),
    ];
    expect(holds.map((h) => h.kind)).toEqual(["withdrawal.hold", "spot.hold", "position.margin", "position.fee.hold", "option.stake", "earn.hold"]);
    for (const hold of holds) {
      expect(transfers.holdLegs(hold).map((l) => [l.bucket, money(String(l.amount)).toFixed()])).toEqual([["available", "-30"], ["frozen", "30"]]);
    }
  });

  it("names the platform's accounts each kind posts against", () => {
    const platforms = (legs: readonly Leg[]) => legs.flatMap((l) => ("platform" in l.account ? [l.account.platform] : []));
    expect(platforms(transfers.depositCredit({ userId: USER, currency: "USDT", amount: "1", depositId: 1 }).legs)).toEqual(["deposits_in_transit"]);
    expect(platforms(transfers.withdrawalPayout({ currency: "USDT", receive: "1", fee: "1" }).legs)).toEqual(["withdrawals_out", "fees"]);
    expect(platforms(transfers.flash({ userId: USER, from: "USDT", to: "BTC", amount: "2", fee: "1", net: "1", received: "1", flashId: 1 }).legs)).toEqual(["fees", "treasury", "treasury"]);
    expect(platforms(transfers.positionClose({ userId: USER, currency: "USDT", margin: money(3), payout: money(1), fee: money(1), gap: money(0) }).legs)).toEqual(["fees", "trading", "insurance"]);
    expect(platforms(transfers.referralCommission({ beneficiary: USER, currency: "USDT", amount: "1", feeEntryId: 1 }).legs)).toEqual(["fees"]);
    expect(platforms(transfers.earnPayout({ userId: USER, currency: "USDT", amount: "1", orderId: 1 }).legs)).toEqual(["rewards"]);
    expect(platforms(transfers.loanRepayment({ userId: USER, currency: "USDT", amount: "1", loanId: 1 }).legs)).toEqual(["loans"]);
    expect(platforms(transfers.optionLoss({ currency: "USDT", stake: "1" }).legs)).toEqual(["options"]);
  });
});
