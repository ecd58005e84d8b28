import { amountProblem, type AmountProblem } from "@/shared/lib/amount-check";
import { floorTo, mul, parseDecimal, toDecimal, toFixedPoint } from "@/shared/lib/decimal";

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


export const loanAmountProblem = (amount: string, min: string, max: string): AmountProblem | null => amountProblem(amount, { decimals: 8, min, max });


/** When a loan issued now would be due (seconds): the server counts from the approval. */
export const dueIfIssuedNow = (nowMs: number, days: number): number => Math.floor((nowMs + days * 86_400_000) / 1000);
