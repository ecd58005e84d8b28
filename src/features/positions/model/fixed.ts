/**
 * The client's exact decimals (BigInt fixed point), plus the few operations the position maths needs beyond the
 * shared ones: division (margin = notional / leverage), rounding up to a price grid, and "a whole multiple of".
 */
import { add, compare, decimalsOf, floorTo, mul, parseDecimal, sub, toDecimal, type Fixed } from "@/shared/lib/decimal";

export { add, compare, decimalsOf, floorTo, mul, parseDecimal, sub, toDecimal, type Fixed };

const ONE = parseDecimal("1")!;

/** a / b, rounded toward zero at the fixed point's precision. */
export const div = (a: Fixed, b: Fixed): Fixed => (a * ONE) / b;

/** Rounds away from zero to `places` decimals (the other side of `floorTo`). */
export function ceilTo(value: Fixed, places: number): Fixed {
  const floored = floorTo(value, places);
  if (floored === value) return value;
  const unit = parseDecimal(places <= 0 ? "1" : `0.${"0".repeat(places - 1)}1`)!;
  return value > 0n ? floored + unit : floored - unit;
}

/** Rounds half away from zero to `places` decimals. */
export function roundTo(value: Fixed, places: number): Fixed {
  const unit = parseDecimal(places <= 0 ? "1" : `0.${"0".repeat(places - 1)}1`)!;
  const floored = floorTo(value, places);
  const rest = value - floored;
  const abs = rest < 0n ? -rest : rest;
  if (abs * 2n >= unit) return value < 0n ? floored - unit : floored + unit;
  return floored;
}

export const isMultipleOf = (value: Fixed, step: Fixed): boolean => step !== 0n && value % step === 0n;
