import { errors, type ErrorCode } from "../../contract";
import { DomainError } from "../platform/errors";
import { Dec } from "../feeds";

/**
 * The trading rules a listed pair imposes on every order, whatever engine takes it (spot, leveraged positions):
 * "order quantity must be an integer multiple of a step and within a minimum and a maximum", and
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

/**
 * An operator's change of a pair's rules holds together: a positive step, a minimum on the step grid, a maximum
 * at or above it, a spread below 10 %. Refuses with PARAMETER_ERROR naming each field.
 */
export function requireSoundPairRules(rules: QuantityRules & { spread_rate: string }): void {
  const step = new Dec(rules.quantity_step);
  const min = new Dec(rules.quantity_min);
  const max = new Dec(rules.quantity_max);
  const fields: Record<string, string> = {};
  if (step.lte(0)) fields.quantity_step = errors.QUANTITY_NOT_POSITIVE.key;
  if (min.lte(0)) fields.quantity_min = errors.QUANTITY_NOT_POSITIVE.key;
  else if (step.gt(0) && !min.mod(step).isZero()) fields.quantity_min = errors.QUANTITY_STEP.key;
  if (max.lt(min)) fields.quantity_max = errors.ORDER_BELOW_MIN.key;
  if (new Dec(rules.spread_rate).gte("0.1")) fields.spread_rate = errors.PARAMETER_ERROR.key;
  if (Object.keys(fields).length) throw new DomainError("PARAMETER_ERROR", fields);
}
