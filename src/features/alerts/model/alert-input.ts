import { toDecimal, toFixedPoint } from "@/shared/lib/decimal";
import { wireDecimal } from "@/shared/i18n/decimal-input";

/** A move typed as a percentage ("5", "0.5") as the fraction the server takes ("0.05"); null when not a number. */
export function percentToFraction(text: string): string | null {
  const value = toFixedPoint(wireDecimal(text.trim()));
  return value === null || value < 0n ? null : toDecimal(value / 100n);
}
