import { compare, decimalsOf, parseDecimal, toFixedPoint } from "./decimal";

/**
 * Why a typed amount cannot be sent, with the rule it breaks: the one check of every amount field (deposit, stake,
 * subscription, loan), so each names the same rules the same way before the server is asked. `limit` is the
 * figure of the rule (the minimum, the decimals), for the message to name it. The server refuses the same.
 */
export type AmountProblem =
  | { rule: "empty" }
  | { rule: "number" }
  | { rule: "positive" }
  | { rule: "decimals"; limit: number }
  | { rule: "min"; limit: string }
  | { rule: "max"; limit: string }
  | { rule: "balance"; limit: string };

export type AmountRules = { decimals?: number; min?: string | null; max?: string | null; available?: string | null };

export function amountProblem(text: string, rules: AmountRules): AmountProblem | null {
  const typed = text.trim();
  if (!typed) return { rule: "empty" };
  const amount = parseDecimal(typed);
  if (amount === null) return { rule: "number" };
  if (amount <= 0n) return { rule: "positive" };
  if (rules.decimals !== undefined && decimalsOf(typed) > rules.decimals) return { rule: "decimals", limit: rules.decimals };
  const min = toFixedPoint(rules.min);
  if (min !== null && compare(amount, min) < 0) return { rule: "min", limit: rules.min! };
  const max = toFixedPoint(rules.max);
  if (max !== null && compare(amount, max) > 0) return { rule: "max", limit: rules.max! };
  const available = toFixedPoint(rules.available);
  if (available !== null && compare(amount, available) > 0) return { rule: "balance", limit: rules.available! };
  return null;
}
