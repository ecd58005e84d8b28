import type { Decimal } from "decimal.js";
import { floorTo, money, type MoneyValue } from "../ledger";

export interface FlashTerms {
  /** Units of `to` per unit of `from`. */
  rate: MoneyValue;
  feeRate: MoneyValue;
  min: MoneyValue;
  max: MoneyValue;
  fromDecimals: number;
  toDecimals: number;
}

export type FlashQuote =
  | { ok: true; fee: Decimal; net: Decimal; received: Decimal }
  | { ok: false; error: "AMOUNT_ERROR" | "AMOUNT_NOT_POSITIVE" | "AMOUNT_BELOW_MIN" | "AMOUNT_ABOVE_MAX" };

/** The rate between two currencies from their USDT prices, to 18 decimals (rounded down). */
export function crossRate(fromUsdt: MoneyValue, toUsdt: MoneyValue): Decimal {
  return floorTo(money(fromUsdt).div(toUsdt), 18);
}

/**
 * What a conversion gives: the fee is taken from the amount (rounded down, in the user's favour), the rest is
 * converted at the rate and rounded down to the target's decimals. Pure: the same inputs give the same quote.
 */
export function quoteFlash(amountText: MoneyValue, terms: FlashTerms): FlashQuote {
  const amount = money(amountText);
  if (!amount.isFinite() || amount.decimalPlaces() > terms.fromDecimals) return { ok: false, error: "AMOUNT_ERROR" };
  if (!amount.gt(0)) return { ok: false, error: "AMOUNT_NOT_POSITIVE" };
  if (amount.lt(terms.min)) return { ok: false, error: "AMOUNT_BELOW_MIN" };
  if (amount.gt(terms.max)) return { ok: false, error: "AMOUNT_ABOVE_MAX" };
  const fee = floorTo(amount.times(terms.feeRate), terms.fromDecimals);
  const net = amount.minus(fee);
  const received = floorTo(net.times(terms.rate), terms.toDecimals);
  if (!received.gt(0)) return { ok: false, error: "AMOUNT_BELOW_MIN" };
  return { ok: true, fee, net, received };
}
