import { floorTo, mul, parseDecimal, toDecimal, toFixedPoint, compare, decimalsOf } from "@/shared/lib/decimal";

/**
 * The application's preview, on exact decimals as the server computes it (server/src/loans/loans.engine.ts):
 * interest = amount x daily rate x days rounded down to 8 decimals, total = amount + interest, due = issue + days.
 */
export function loanPreview(amount: string, dailyRate: string, days: number): { interest: string; total: string } | null {
  const a = parseDecimal(amount.trim());
  const r = toFixedPoint(dailyRate);
  if (a === null || r === null || a <= 0n) return null;
  const interest = floorTo(mul(a, r) * BigInt(days), 8);
  return { interest: toDecimal(interest), total: toDecimal(a + interest) };
}

export type LoanAmountProblem = "invalid" | "below_min" | "above_max" | null;

export function loanAmountProblem(amount: string, min: string, max: string): LoanAmountProblem {
  const text = amount.trim();
  if (!text) return null;
  const a = parseDecimal(text);
  if (a === null || a <= 0n || decimalsOf(text) > 8) return "invalid";
  if (compare(a, toFixedPoint(min)!) < 0) return "below_min";
  if (compare(a, toFixedPoint(max)!) > 0) return "above_max";
  return null;
}


/** When a loan issued now would be due (seconds): the server counts from the approval. */
export const dueIfIssuedNow = (nowMs: number, days: number): number => Math.floor((nowMs + days * 86_400_000) / 1000);
