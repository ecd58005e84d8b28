import type { Decimal } from "decimal.js";
import { accountKey, type AccountRef, type Bucket } from "./accounts";
import { fitsColumn, money, type MoneyValue } from "./money";

/** One leg of an entry as a caller writes it: signed amount (positive credits the account). */
export interface Leg {
  account: AccountRef;
  currency: string;
  amount: MoneyValue;
  /** User accounts only; platform accounts have one bucket. Default `available`. */
  bucket?: Bucket;
}

export interface PlannedLeg {
  key: string;
  userId: number | null;
  platform: string | null;
  currency: string;
  bucket: Bucket;
  amount: Decimal;
}

export interface UserBalance {
  available: Decimal;
  frozen: Decimal;
}

export interface PlannedPosting extends PlannedLeg {
  /** User postings only: the bucket's balance before and after this leg. */
  before: Decimal | null;
  after: Decimal | null;
}

export type Plan =
  | { ok: true; postings: PlannedPosting[]; balances: Map<string, UserBalance> }
  | { ok: false; key: string; bucket: Bucket; short: Decimal };

/**
 * Checks an entry's legs and puts them in a canonical shape. An entry that does not balance is a bug in the caller,
 * never a user's mistake: it throws. Zero legs are dropped (a fee of 0 posts nothing).
 */
export function normaliseLegs(legs: readonly Leg[]): PlannedLeg[] {
  const planned: PlannedLeg[] = [];
  const sums = new Map<string, Decimal>();
  for (const leg of legs) {
    const amount = money(leg.amount);
    if (!fitsColumn(amount)) throw new Error(`Invariant violated: leg amount ${amount.toString()} does not fit NUMERIC(36,18)`);
    if (!/^[A-Z0-9]{2,12}$/.test(leg.currency)) throw new Error(`Invariant violated: bad currency ${leg.currency}`);
    const bucket = leg.bucket ?? "available";
    if ("platform" in leg.account && bucket !== "available") throw new Error("Invariant violated: platform accounts have no frozen bucket");
    sums.set(leg.currency, (sums.get(leg.currency) ?? money(0)).plus(amount));
    if (amount.isZero()) continue;
    planned.push({
      key: accountKey(leg.account, leg.currency),
      userId: "user" in leg.account ? leg.account.user : null,
      platform: "platform" in leg.account ? leg.account.platform : null,
      currency: leg.currency,
      bucket,
      amount,
    });
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new Error(`Invariant violated: entry does not sum to zero in ${currency} (${sum.toString()})`);
  }
  if (!planned.length) throw new Error("Invariant violated: an entry needs at least one non-zero leg");
  return planned;
}

/**
 * Applies legs, in order, to the locked balances of the user accounts they touch. Returns each posting with the
 * bucket's balance before and after, and the new balances of the accounts it touched; or the first bucket that would
 * go negative. `balances` itself is never changed (it may hold a whole batch's accounts: only the touched are copied).
 */
export function applyLegs(legs: readonly PlannedLeg[], balances: ReadonlyMap<string, UserBalance>): Plan {
  const next = new Map<string, UserBalance>();
  const postings: PlannedPosting[] = [];
  for (const leg of legs) {
    // Literal objects of one shape, not spreads: thousands of postings per batch go through here.
    if (leg.userId === null) {
      postings.push({ key: leg.key, userId: null, platform: leg.platform, currency: leg.currency, bucket: leg.bucket, amount: leg.amount, before: null, after: null });
      continue;
    }
    let balance = next.get(leg.key);
    if (!balance) {
      const locked = balances.get(leg.key);
      if (!locked) throw new Error(`Invariant violated: account ${leg.key} was not locked`);
      next.set(leg.key, (balance = { available: locked.available, frozen: locked.frozen }));
    }
    const before = balance[leg.bucket];
    const after = before.plus(leg.amount);
    if (after.lt(0)) return { ok: false, key: leg.key, bucket: leg.bucket, short: after.negated() };
    balance[leg.bucket] = after;
    postings.push({ key: leg.key, userId: leg.userId, platform: leg.platform, currency: leg.currency, bucket: leg.bucket, amount: leg.amount, before, after });
  }
  return { ok: true, postings, balances: next };
}
