import { formatCompact, formatPercent } from "@/shared/i18n/format";
import { toDecimal, roundDecimal, toFixedPoint } from "@/shared/lib/decimal";

/** A volume, short ("1.23M", "45.6K"): a row has no room for every digit, and the size is what matters. */
export const formatVolume = formatCompact;

/** A rate the contract writes as a fraction ("0.0012") as a percentage ("+0.12%"); moved two places on the digits. */
export function formatRate(fraction: string | null | undefined, { signed = true, decimals = 2 } = {}): string {
  const value = toFixedPoint(fraction);
  if (value === null) return "-";
  return formatPercent(roundDecimal(toDecimal(value * 100n), decimals), decimals, signed);
}
