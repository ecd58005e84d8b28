import type { ErrorCode } from "../../contract";
import { Dec } from "./decimal";

/**
 * The trading rules a listed pair imposes on every order, whatever engine takes it (spot, leveraged positions):
 * seed section 5, "order quantity must be an integer multiple of a step and within a minimum and a maximum", and
 * "price and quantity must be above 0". Written once here, next to the pair rows that carry the numbers.
 */
export interface QuantityRules {
  quantity_step: string;
  quantity_min: string;
  quantity_max: string;
}

/** Why a quantity is refused for a pair, or null when it passes. */
export function quantityRefusal(quantity: string, rules: QuantityRules): ErrorCode | null {
  const q = new Dec(quantity);
  if (!q.isFinite() || !q.gt(0)) return "QUANTITY_NOT_POSITIVE";
  if (!q.mod(rules.quantity_step).isZero()) return "QUANTITY_STEP";
  if (q.lt(rules.quantity_min)) return "ORDER_BELOW_MIN";
  if (q.gt(rules.quantity_max)) return "ORDER_ABOVE_MAX";
  return null;
}

/** A price with no more decimals than the pair shows (so trigger levels compare exactly). */
export const priceFits = (price: string, precision: number): boolean => new Dec(price).decimalPlaces() <= precision;
