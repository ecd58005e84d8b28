import { toDecimal, toFixedPoint } from "@/shared/lib/decimal";

/** A fraction as a percentage's digits ("0.7312" -> "73.12"), exactly: no float on the way. */
export function fractionToPercent(fraction: string): string | null {
  const value = toFixedPoint(fraction);
  return value === null ? null : toDecimal(value * 100n);
}
