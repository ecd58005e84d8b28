import { toDecimal, toFixedPoint } from "@/shared/lib/decimal";

/** A move typed as a percentage ("5", "0.5") as the fraction the server takes ("0.05"); null when not a number. */
export function percentToFraction(text: string): string | null {
  const value = toFixedPoint(text.trim().replace(",", "."));
  return value === null || value < 0n ? null : toDecimal(value / 100n);
}
