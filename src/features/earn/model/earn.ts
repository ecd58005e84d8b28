import { amountProblem as sharedAmountProblem, type AmountProblem } from "@/shared/lib/amount-check";
import { floorTo, mul, parseDecimal, sub, toDecimal, toFixedPoint } from "@/shared/lib/decimal";

/**
 * The earn screens' previews, on exact decimals as the server computes them (server/src/earn/earn.engine.ts):
 * one day's income is amount x daily rate rounded down to 8 decimals; the term's income is that times the days;
 * an early exit keeps amount x penalty rate (rounded down to 8 decimals).
 */
export const INCOME_PLACES = 8;

export function dailyIncome(amount: string, dailyRate: string): string | null {
  const a = parseDecimal(amount);
  const r = toFixedPoint(dailyRate);
  if (a === null || r === null || a <= 0n) return null;
  return toDecimal(floorTo(mul(a, r), INCOME_PLACES));
}

export function termIncome(amount: string, dailyRate: string, days: number): string | null {
  const daily = dailyIncome(amount, dailyRate);
  return daily === null ? null : toDecimal(toFixedPoint(daily)! * BigInt(days));
}

export function earlyExit(amount: string, penaltyRate: string): { penalty: string; returned: string } {
  const a = toFixedPoint(amount) ?? 0n;
  const penalty = floorTo(mul(a, toFixedPoint(penaltyRate) ?? 0n), INCOME_PLACES);
  return { penalty: toDecimal(penalty), returned: toDecimal(sub(a, penalty)) };
}

/** Why a typed amount cannot be subscribed (the server refuses the same), or null: the shared amount check. */
export const amountProblem = (amount: string, limits: { min: string; max: string; available: string | null }): AmountProblem | null =>
  sharedAmountProblem(amount, { decimals: INCOME_PLACES, ...limits });

