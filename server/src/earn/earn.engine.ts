import type { Decimal } from "decimal.js";
import { floorTo, money, type MoneyValue } from "../ledger";

/**
 * The earn engine: pure maths of AI arbitrage and hosting orders (no database, clock or randomness).
 *
 * An order of `days` days subscribed at any time on day S (UTC) earns from that day: day k (1..days) is earned on
 * S + k - 1 and paid at 00:00 UTC of S + k. The last payout (k = days, at 00:00 UTC of S + days = ends_at) also
 * releases the principal. A missed 00:00 (downtime) is paid late, day by day, by the same rule.
 */

export const DAY_MS = 86_400_000;
/** Income is paid in whole 1e-8 units, rounded down: a user is never paid a fraction the ledger cannot show. */
export const INCOME_PLACES = 8;

/** APR = daily_rate x 365, never typed. */
export const aprOf = (dailyRate: MoneyValue): Decimal => money(dailyRate).times(365);

/** Income of one full day: amount x daily_rate, rounded down to 8 decimals. */
export const dailyIncome = (amount: MoneyValue, dailyRate: MoneyValue): Decimal => floorTo(money(amount).times(dailyRate), INCOME_PLACES);

/** Income over the whole term: one day's income x days (what the detail page shows before submit). */
export const termIncome = (amount: MoneyValue, dailyRate: MoneyValue, days: number): Decimal => dailyIncome(amount, dailyRate).times(days);

/** Early termination (hosting): the penalty is a share of the principal; income already paid is kept. */
export function earlyExit(amount: MoneyValue, penaltyRate: MoneyValue): { penalty: Decimal; returned: Decimal } {
  const penalty = floorTo(money(amount).times(penaltyRate), INCOME_PLACES);
  return { penalty, returned: money(amount).minus(penalty) };
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** 00:00 UTC of a day, in ms. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
export const addDays = (day: string, n: number): string => dayOf(dayStart(day) + n * DAY_MS);

export interface Schedule {
  /** The UTC day of the subscription: the first day earned. */
  startDay: string;
  /** 00:00 UTC after the last day earned: the last payout and the release of the principal. */
  endsAtMs: number;
  /** The day at whose 00:00 UTC the first income is due. */
  firstPayDay: string;
}

export function scheduleOf(subscribedAtMs: number, days: number): Schedule {
  const startDay = dayOf(subscribedAtMs);
  return { startDay, endsAtMs: dayStart(startDay) + days * DAY_MS, firstPayDay: addDays(startDay, 1) };
}

export interface RunningOrder {
  amount: string;
  dailyRate: string;
  days: number;
  paidDays: number;
  /** The day at whose 00:00 UTC the next income is due (start day + paid days + 1). */
  nextPayDay: string;
}

export interface Payout {
  /** Which day of the term (1..days). */
  k: number;
  /** The day earned (YYYY-MM-DD). */
  day: string;
  amount: Decimal;
  /** This payout ends the term: the principal is released with it. */
  matures: boolean;
}

/** The next payout of an order if it is due at `nowMs` (its 00:00 UTC has passed), else null. */
export function nextPayout(order: RunningOrder, nowMs: number): Payout | null {
  if (order.paidDays >= order.days) return null;
  if (dayStart(order.nextPayDay) > nowMs) return null;
  const k = order.paidDays + 1;
  return { k, day: addDays(order.nextPayDay, -1), amount: dailyIncome(order.amount, order.dailyRate), matures: k === order.days };
}

/** Every payout due at `nowMs`, in order: what a catch-up after downtime pays (one at a time, by the job). */
export function duePayouts(order: RunningOrder, nowMs: number): Payout[] {
  const out: Payout[] = [];
  let state = { ...order };
  for (let p = nextPayout(state, nowMs); p; p = nextPayout(state, nowMs)) {
    out.push(p);
    state = { ...state, paidDays: p.k, nextPayDay: addDays(state.nextPayDay, 1) };
  }
  return out;
}

/** What is still to be paid to maturity on a running order (the back office's liabilities). */
export const incomeDue = (order: Pick<RunningOrder, "amount" | "dailyRate" | "days" | "paidDays">): Decimal =>
  dailyIncome(order.amount, order.dailyRate).times(order.days - order.paidDays);

export type AmountRefusal = "AMOUNT_NOT_POSITIVE" | "AMOUNT_BELOW_MIN" | "AMOUNT_ABOVE_MAX" | "AMOUNT_ERROR";

/** Why an amount is refused for a product (min/max inclusive; at most 8 decimals), or null. */
export function amountRefusal(amount: MoneyValue, min: MoneyValue, max: MoneyValue): AmountRefusal | null {
  const a = money(amount);
  if (!a.isFinite()) return "AMOUNT_ERROR";
  if (a.lte(0)) return "AMOUNT_NOT_POSITIVE";
  if (a.decimalPlaces() > INCOME_PLACES) return "AMOUNT_ERROR";
  if (a.lt(min)) return "AMOUNT_BELOW_MIN";
  if (a.gt(max)) return "AMOUNT_ABOVE_MAX";
  return null;
}
