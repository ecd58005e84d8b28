import type { Decimal } from "decimal.js";
import { floorTo, money, type MoneyValue } from "../ledger";

/**
 * The loan engine: pure maths of credit loans (no database, clock or randomness). Interest = amount x daily rate x
 * days, due at maturity with the principal; APR = daily rate x 365. Past `due_at`, overdue day n (n = 1, 2, ...)
 * accrues at due_at + n days: unpaid x overdue daily rate, unpaid being what is owed then (principal + interest +
 * fees already accrued - repaid). Amounts are rounded down to 8 decimals: nobody is charged a fraction the ledger
 * cannot show.
 */

export const DAY_MS = 86_400_000;
export const PLACES = 8;

export const aprOf = (dailyRate: MoneyValue): Decimal => money(dailyRate).times(365);
export const interestOf = (amount: MoneyValue, dailyRate: MoneyValue, days: number): Decimal => floorTo(money(amount).times(dailyRate).times(days), PLACES);
export const totalDue = (amount: MoneyValue, interest: MoneyValue, overdueFee: MoneyValue): Decimal => money(amount).plus(interest).plus(overdueFee);
export const dueAtOf = (issuedAtMs: number, days: number): number => issuedAtMs + days * DAY_MS;

export interface OverdueState {
  dueAtMs: number;
  /** Days accrued so far. */
  overdueDays: number;
  /** What is owed now (total due - repaid). */
  unpaid: MoneyValue;
  overdueDailyRate: MoneyValue;
}

export interface Accrual {
  /** Overdue day number (1..). */
  n: number;
  /** The UTC day it accrued on (YYYY-MM-DD). */
  day: string;
  /** What was owed when it accrued. */
  unpaid: Decimal;
  fee: Decimal;
}

/** The overdue days accrued between the state and `nowMs`, in order (a catch-up after downtime accrues each). */
export function accrualsDue(state: OverdueState, nowMs: number): Accrual[] {
  const out: Accrual[] = [];
  let unpaid = money(state.unpaid);
  if (unpaid.lte(0)) return out;
  const elapsed = Math.floor((nowMs - state.dueAtMs) / DAY_MS);
  for (let n = state.overdueDays + 1; n <= elapsed; n++) {
    const fee = floorTo(unpaid.times(state.overdueDailyRate), PLACES);
    out.push({ n, day: new Date(state.dueAtMs + n * DAY_MS).toISOString().slice(0, 10), unpaid, fee });
    unpaid = unpaid.plus(fee);
  }
  return out;
}

/** Overdue means past due with something still unpaid. */
export const isOverdue = (dueAtMs: number | null, unpaid: MoneyValue, nowMs: number): boolean => dueAtMs !== null && nowMs > dueAtMs && money(unpaid).gt(0);

export type RepayRefusal = "AMOUNT_NOT_POSITIVE" | "AMOUNT_ABOVE_MAX" | "AMOUNT_ERROR";

/** Why a repayment amount is refused (nothing owed is never over-paid), or null. Omitted = the whole unpaid amount. */
export function repayRefusal(amount: MoneyValue, unpaid: MoneyValue): RepayRefusal | null {
  const a = money(amount);
  if (a.lte(0)) return "AMOUNT_NOT_POSITIVE";
  if (a.decimalPlaces() > PLACES) return "AMOUNT_ERROR";
  if (a.gt(unpaid)) return "AMOUNT_ABOVE_MAX";
  return null;
}
