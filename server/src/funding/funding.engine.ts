import type { Decimal } from "decimal.js";
import type { ErrorCode } from "../../contract";
import { money, type MoneyValue } from "../ledger";

export type Checked<T> = { ok: true; value: T } | { ok: false; error: ErrorCode };

/** An amount the user typed: a positive decimal with no more decimals than the currency has. */
export function checkAmount(text: string, decimals: number): Checked<Decimal> {
  const amount = money(text);
  if (!amount.isFinite() || amount.decimalPlaces() > decimals) return { ok: false, error: "AMOUNT_ERROR" };
  if (!amount.gt(0)) return { ok: false, error: "AMOUNT_NOT_POSITIVE" };
  return { ok: true, value: amount };
}

/** Deposit limits, both ends included. */
export function checkDepositAmount(amount: Decimal, limits: { min: MoneyValue; max: MoneyValue }): ErrorCode | null {
  if (amount.lt(limits.min)) return "AMOUNT_BELOW_MIN";
  if (amount.gt(limits.max)) return "AMOUNT_ABOVE_MAX";
  return null;
}

/**
 * A withdrawal of `amount`: at least the minimum; the fee is deducted from it, so the user receives amount - fee
 * (the defaults: minimum 30 USDT, fee 3 USDT, so 30 sends 27).
 */
export function quoteWithdrawal(amount: Decimal, rule: { min: MoneyValue; fee: MoneyValue }): Checked<{ fee: Decimal; receive: Decimal }> {
  if (amount.lt(rule.min)) return { ok: false, error: "WITHDRAW_BELOW_MIN" };
  const fee = money(rule.fee);
  const receive = amount.minus(fee);
  if (!receive.gt(0)) return { ok: false, error: "WITHDRAW_BELOW_MIN" };
  return { ok: true, value: { fee, receive } };
}

/** The address format check lives in the contract's constants, so the address form checks it before asking for a secret. */
export { isValidAddress } from "../../contract/constants";
