import { Decimal } from "decimal.js";

/**
 * Decimal arithmetic for market figures (volumes, rates, bid/ask). 40 significant digits is more than NUMERIC(36,18)
 * holds; prices themselves travel as the decimal strings the feed produced and are only compared, never summed.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = Decimal;

export const ZERO = new Dec(0);

/** Plain notation without trailing zeros ("100", "0.5"); zero is "0". */
export const plain = (value: Decimal): string => (value.isZero() ? "0" : value.toFixed());

/** Rounds to `places` decimals and writes it with exactly that many ("64210.50"). */
export const fixed = (value: Decimal.Value, places: number, rounding: Decimal.Rounding = Decimal.ROUND_HALF_UP): string =>
  new Dec(value).toFixed(places, rounding);
