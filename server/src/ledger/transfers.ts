import type { Decimal } from "decimal.js";
import type { SpotSide } from "../../contract/spot";
import type { PlatformAccount } from "./accounts";
import type { EntryKind } from "./kinds";
import type { Leg } from "./ledger.engine";
import { money, type MoneyValue } from "./money";
import type { Cause } from "./posting";

/**
 * The transfer kinds: every way money moves between a user and the platform, each with its accounts and its cause,
 * listed once. A domain asks for a kind with its amounts and spreads what it answers into its `ledger.post`,
 * `hold`, `settle` (or the batch forms), adding the key, the time and the actor; only this file names the platform's
 * accounts. Leg order is the posting order (a bucket's balance before and after follows it), so it never changes.
 */

/** A whole entry: what happened, why, and its legs (summing to zero per currency). */
export interface Transfer {
  kind: EntryKind;
  cause: Cause;
  legs: Leg[];
}

/** The second phase of a hold: where the held money goes (the frozen debit is the ledger's), and its entry's kind. */
export interface Settlement {
  kind: EntryKind;
  legs: Leg[];
}

/** The first phase: the user's money moved from available to frozen, for a cause. */
export interface HoldTransfer {
  userId: number;
  currency: string;
  amount: MoneyValue;
  cause: Cause;
  kind: EntryKind;
}

/** Something a user trades: the coin (`base`) priced in `quote`. */
export interface TradedPair {
  base: string;
  quote: string;
}

/** A spot fill's quote amount and the fee on it. */
export interface SpotFill {
  amount: Decimal;
  fee: Decimal;
}

const platform = (name: PlatformAccount) => ({ platform: name }) as const;
const user = (userId: number) => ({ user: userId }) as const;
const SPOT_KIND = { buy: "spot.buy", sell: "spot.sell" } as const;

/** What a hold takes: the user's money, in one currency. */
interface Funds {
  userId: number;
  currency: string;
  amount: MoneyValue;
}

const entry = (kind: EntryKind, cause: Cause, legs: Leg[]): Transfer => ({ kind, cause, legs });
const held = (kind: EntryKind, cause: Cause, funds: Funds): HoldTransfer => ({ kind, userId: funds.userId, currency: funds.currency, amount: funds.amount, cause });

/** The legs of a hold: the amount leaves the user's available bucket for the frozen one (what a hold's entry posts). */
function holdLegs(hold: Funds): Leg[] {
  const amount = money(hold.amount);
  return [
    { account: user(hold.userId), currency: hold.currency, bucket: "available", amount: amount.negated() },
    { account: user(hold.userId), currency: hold.currency, bucket: "frozen", amount },
  ];
}

/** From a platform account to a user's available balance. */
function credit(from: PlatformAccount, userId: number, currency: string, amount: MoneyValue): Leg[] {
  return [
    { account: user(userId), currency, amount },
    { account: platform(from), currency, amount: money(amount).negated() },
  ];
}

/** From a user's available balance to a platform account. */
function debit(to: PlatformAccount, userId: number, currency: string, amount: MoneyValue): Leg[] {
  const value = money(amount);
  return [
    { account: user(userId), currency, amount: value.negated() },
    { account: platform(to), currency, amount: value },
  ];
}

/**
 * What the desk gives the user for a spot trade: the base of a buy, or a sell's quote amount less the fee. A market
 * fill posts it after the user's payment; a filled limit order once its hold settled. The fee's own leg is `spotFee`.
 */
function spotDeliveryLegs(p: { userId: number; side: SpotSide; pair: TradedPair; quantity: MoneyValue; fill: SpotFill }): Leg[] {
  if (p.side === "buy") return credit("spot", p.userId, p.pair.base, p.quantity);
  return [
    { account: user(p.userId), currency: p.pair.quote, amount: p.fill.amount.minus(p.fill.fee) },
    { account: platform("spot"), currency: p.pair.quote, amount: p.fill.amount.negated() },
  ];
}

/** A spot fee to fees, in the quote currency (no leg for a fee of zero). */
const spotFee = (pair: TradedPair, fee: Decimal): Leg[] => (fee.gt(0) ? [{ account: platform("fees"), currency: pair.quote, amount: fee }] : []);

export const transfers = {
  holdLegs,

  // ----- funding and wallet ----------------------------------------------------------------------------------

  /** An approved deposit: from deposits in transit (what arrived on the platform's addresses) to the user. */
  depositCredit: (p: Funds & { depositId: string | number }): Transfer => entry("deposit", { kind: "deposit", id: p.depositId }, credit("deposits_in_transit", p.userId, p.currency, p.amount)),

  /** A withdrawal requested: its whole amount (fee included) held until an operator decides. */
  withdrawalHold: (p: Funds & { withdrawalId: number }): HoldTransfer => held("withdrawal.hold", { kind: "withdrawal", id: p.withdrawalId }, p),

  /** A withdrawal paid out on chain: what the user receives to withdrawals out, the fee to fees. */
  withdrawalPayout: (p: { currency: string; receive: MoneyValue; fee: MoneyValue }): Settlement => ({
    kind: "withdrawal.settle",
    legs: [
      { account: platform("withdrawals_out"), currency: p.currency, amount: p.receive },
      { account: platform("fees"), currency: p.currency, amount: p.fee },
    ],
  }),

  /** A conversion: the user pays `amount` of `from` (the fee to fees, the net to treasury), treasury pays `received` of `to`. */
  flash: (p: { userId: number; from: string; to: string; amount: MoneyValue; fee: MoneyValue; net: MoneyValue; received: MoneyValue; flashId: number }): Transfer => ({
    kind: "flash",
    cause: { kind: "flash", id: p.flashId },
    legs: [
      { account: user(p.userId), currency: p.from, amount: money(p.amount).negated() },
      { account: platform("fees"), currency: p.from, amount: p.fee },
      { account: platform("treasury"), currency: p.from, amount: p.net },
      { account: platform("treasury"), currency: p.to, amount: money(p.received).negated() },
      { account: user(p.userId), currency: p.to, amount: p.received },
    ],
  }),

  /** An operator's correction of a user's available balance: signed (positive credits), against adjustments. */
  adjustment: (p: Funds & { key: string }): Transfer => entry("adjustment", { kind: "adjustment", id: p.key }, credit("adjustments", p.userId, p.currency, p.amount)),

  // ----- spot ------------------------------------------------------------------------------------------------

  /**
   * A market fill, all from available balances: the user pays the quote amount (+ fee) and receives the base (buy),
   * or pays the base and receives amount - fee (sell); the desk (`spot`) takes the other side, the fee goes to fees.
   */
  spotFill: (p: { userId: number; side: SpotSide; pair: TradedPair; quantity: MoneyValue; fill: SpotFill }): Omit<Transfer, "cause"> => {
    const q = money(p.quantity);
    const { amount, fee } = p.fill;
    const paid: Leg[] =
      p.side === "buy"
        ? [
            { account: user(p.userId), currency: p.pair.quote, amount: amount.plus(fee).negated() },
            { account: platform("spot"), currency: p.pair.quote, amount },
          ]
        : [
            { account: user(p.userId), currency: p.pair.base, amount: q.negated() },
            { account: platform("spot"), currency: p.pair.base, amount: q },
          ];
    return { kind: SPOT_KIND[p.side], legs: [...paid, ...spotDeliveryLegs(p), ...spotFee(p.pair, fee)] };
  },

  /** A limit order's funds held: the quote amount and fee of a buy, the coins of a sell. */
  spotHold: (p: Funds & { orderId: number }): HoldTransfer => held("spot.hold", { kind: "spot_order", id: p.orderId }, p),

  /**
   * Where a filled limit order's hold goes: a buy's to the desk and fees, a sell's coins to the desk. A buy that
   * filled below the price it held for (`held`: a stop-market under its worst allowed fill) gets the rest back.
   */
  spotSettle: (p: { side: SpotSide; pair: TradedPair; quantity: MoneyValue; fill: SpotFill; held?: Decimal; userId?: number }): Settlement => {
    const kind = SPOT_KIND[p.side];
    if (p.side === "sell") return { kind, legs: [{ account: platform("spot"), currency: p.pair.base, amount: money(p.quantity) }] };
    const legs: Leg[] = [{ account: platform("spot"), currency: p.pair.quote, amount: p.fill.amount }, ...spotFee(p.pair, p.fill.fee)];
    const rest = p.held === undefined ? money(0) : p.held.minus(p.fill.amount).minus(p.fill.fee);
    if (rest.gt(0) && p.userId !== undefined) legs.push({ account: user(p.userId), currency: p.pair.quote, amount: rest });
    return { kind, legs };
  },

  /** What the desk delivers once a limit order's hold settled: the base (buy) or amount - fee (sell). */
  spotDelivery: (p: { userId: number; side: SpotSide; pair: TradedPair; quantity: MoneyValue; fill: SpotFill; orderId: number }): Transfer =>
    // A buy's fee was paid from its hold (spotSettle); a sell's is taken from what it delivers.
    entry(SPOT_KIND[p.side], { kind: "spot_order", id: p.orderId }, [...spotDeliveryLegs(p), ...(p.side === "sell" ? spotFee(p.pair, p.fill.fee) : [])]),

  // ----- leveraged positions ---------------------------------------------------------------------------------

  /** A position's margin held while it is open (or pending). */
  marginHold: (p: Funds & { positionId: number }): HoldTransfer => held("position.margin", { kind: "position", id: p.positionId }, p),

  /** A pending order's open fee held, so its fill can always pay it. */
  tradeFeeHold: (p: Funds & { positionId: number }): HoldTransfer => held("position.fee.hold", { kind: "position", id: p.positionId }, p),

  /** A market order's open fee, paid from available to fees. */
  tradeFee: (p: { userId: number; currency: string; fee: MoneyValue; positionId: number }): Transfer => entry("position.fee", { kind: "position", id: p.positionId }, debit("fees", p.userId, p.currency, p.fee)),

  /** A pending order's held open fee, paid to fees when it fills. */
  tradeFeeSettle: (p: { currency: string; fee: MoneyValue }): Settlement => ({
    kind: "position.fee",
    legs: [{ account: platform("fees"), currency: p.currency, amount: p.fee }],
  }),

  /**
   * A close: the held margin pays the user's payout (margin + realised P&L, never below zero) and the close fee; the
   * rest goes to (or is taken from) the trading account, and the insurance fund pays a loss beyond the margin
   * (`gap`). The legs sum to the margin; the ledger drops the zero ones (no fee, no gap).
   */
  positionClose: (p: { userId: number; currency: string; margin: Decimal; payout: Decimal; fee: Decimal; gap: Decimal }): Settlement => ({
    kind: "position.close",
    legs: [
      { account: user(p.userId), currency: p.currency, amount: p.payout },
      { account: platform("fees"), currency: p.currency, amount: p.fee },
      { account: platform("trading"), currency: p.currency, amount: p.margin.minus(p.payout).minus(p.fee).plus(p.gap) },
      { account: platform("insurance"), currency: p.currency, amount: p.gap.negated() },
    ],
  }),

  /** A day's overnight swap of a forex or metal position, paid from available to the trading account. */
  positionSwap: (p: Funds & { positionId: number }): Transfer => entry("position.swap", { kind: "position", id: p.positionId }, debit("trading", p.userId, p.currency, p.amount)),

  // ----- timed options ---------------------------------------------------------------------------------------

  /** An option's stake held until its expiry. */
  optionStake: (p: Funds & { optionId: number }): HoldTransfer => held("option.stake", { kind: "option", id: p.optionId }, p),

  /** A winning option: the stake comes back with its profit, which the options account pays. */
  optionWin: (p: { userId: number; currency: string; stake: MoneyValue; payout: Decimal }): Settlement => ({
    kind: "option.win",
    legs: [
      { account: user(p.userId), currency: p.currency, amount: p.payout },
      { account: platform("options"), currency: p.currency, amount: p.payout.minus(p.stake).negated() },
    ],
  }),

  /** A losing option: the stake goes to the options account. */
  optionLoss: (p: { currency: string; stake: MoneyValue }): Settlement => ({
    kind: "option.loss",
    legs: [{ account: platform("options"), currency: p.currency, amount: money(p.stake) }],
  }),

  // ----- earn ------------------------------------------------------------------------------------------------

  /** An earn order's principal held for its term. */
  earnPrincipal: (p: Funds & { orderId: number }): HoldTransfer => held("earn.hold", { kind: "earn", id: p.orderId }, p),

  /** A day's income of an earn order, paid by the rewards account. */
  earnPayout: (p: Funds & { orderId: number }): Transfer => entry("earn.income", { kind: "earn", id: p.orderId }, credit("rewards", p.userId, p.currency, p.amount)),

  /** A hosting order ended early: the held principal returns less the penalty, which goes to fees. */
  earnEarlyExit: (p: { userId: number; currency: string; returned: MoneyValue; penalty: MoneyValue }): Settlement => ({
    kind: "earn.early_exit",
    legs: [
      { account: user(p.userId), currency: p.currency, amount: p.returned },
      { account: platform("fees"), currency: p.currency, amount: p.penalty },
    ],
  }),

  // ----- loans and referral ----------------------------------------------------------------------------------

  /** An approved loan paid out by the loans account. */
  loanDisbursement: (p: Funds & { loanId: number }): Transfer => entry("loan.issue", { kind: "loan", id: p.loanId }, credit("loans", p.userId, p.currency, p.amount)),

  /** A repayment (principal, interest, overdue fee) to the loans account. */
  loanRepayment: (p: Funds & { loanId: number }): Transfer => entry("loan.repayment", { kind: "loan", id: p.loanId }, debit("loans", p.userId, p.currency, p.amount)),

  /** An inviter's reward for an invitee who qualified, paid by the rewards account. */
  referralReward: (p: { inviterId: number; inviteeId: number; currency: string; amount: MoneyValue }): Transfer => entry("referral.reward", { kind: "referral", id: p.inviteeId }, credit("rewards", p.inviterId, p.currency, p.amount)),

  /** A share of a fee the platform earned, paid out of the fees account to the payer's inviter. */
  referralCommission: (p: { beneficiary: number; currency: string; amount: MoneyValue; feeEntryId: number }): Transfer => entry("referral.commission", { kind: "fee", id: String(p.feeEntryId) }, credit("fees", p.beneficiary, p.currency, p.amount)),
};

/** The name of every transfer kind (what the property test draws from). */
export type TransferKind = Exclude<keyof typeof transfers, "holdLegs">;
