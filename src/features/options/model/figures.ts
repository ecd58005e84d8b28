import { amountProblem, type AmountProblem } from "@/shared/lib/amount-check";
import { pad2 } from "@/shared/i18n/format";
import { compare, floorTo, mul, parseDecimal, toDecimal, toFixedPoint } from "@/shared/lib/decimal";

/**
 * What an option promises before it is placed, on exact decimals as the server computes them: a win pays
 * stake x (1 + rate), a loss costs the stake, and the break-even win rate is 1 / (1 + rate). With a rate below 1 a
 * coin-toss market makes the expected value negative: stake x (rate - 1) / 2.
 */

const ONE = toFixedPoint("1")!;

export interface Preview {
  /** Credited back on a win (stake + profit). */
  payout: string;
  profit: string;
  /** What a loss costs: the stake. */
  loss: string;
  /** Expected value of one trade when up and down are equally likely (negative while rate < 1). */
  coinToss: string;
}

export function previewOption(amount: string, rate: string): Preview | null {
  const stake = parseDecimal(amount);
  const r = toFixedPoint(rate);
  if (stake === null || r === null || stake <= 0n) return null;
  const payout = floorTo(mul(stake, ONE + r), 8);
  const coinToss = floorTo((mul(stake, r - ONE) * 1n) / 2n, 8);
  return { payout: toDecimal(payout), profit: toDecimal(payout - stake), loss: toDecimal(stake), coinToss: toDecimal(coinToss) };
}


/** Why a typed stake cannot be placed (the server says the same), or null: the shared amount check, to 8 decimals. */
export const stakeProblem = (amount: string, period: { min: string; max: string }, available: string | null): AmountProblem | null =>
  amountProblem(amount, { decimals: 8, min: period.min, max: period.max, available });

/** Which way the price moved from the opening tick ("up", "down", or "flat"), for an open option's colour. */
export function moveOf(open: string, now: string | null | undefined): "up" | "down" | "flat" {
  const a = toFixedPoint(open);
  const b = toFixedPoint(now ?? null);
  if (a === null || b === null) return "flat";
  const c = compare(b, a);
  return c > 0 ? "up" : c < 0 ? "down" : "flat";
}

/** Whether an open option would win at the current price (a tie counts as neither). */
export const winningNow = (direction: "up" | "down", open: string, now: string | null | undefined): boolean | null => {
  const move = moveOf(open, now);
  return move === "flat" ? null : move === direction;
};

/** "1:05" / "0:09" / "2:03:04": the time left, never below zero. */
export function countdown(leftMs: number): string {
  const total = Math.max(0, Math.ceil(leftMs / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad2(m)}:${pad2(s)}` : `${m}:${pad2(s)}`;
}

/** A period's label: 30 s, 5 min, 1 h, 1 d (unit words come from the screen). */
export function periodParts(seconds: number): { value: number; unit: "s" | "min" | "h" | "d" } {
  if (seconds % 86_400 === 0) return { value: seconds / 86_400, unit: "d" };
  if (seconds % 3_600 === 0) return { value: seconds / 3_600, unit: "h" };
  if (seconds % 60 === 0) return { value: seconds / 60, unit: "min" };
  return { value: seconds, unit: "s" };
}



