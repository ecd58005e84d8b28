import { formatCompact, formatDecimal, formatPercent } from "@/shared/i18n/format";
import { decimalsOf, toDecimal, roundDecimal, toFixedPoint } from "@/shared/lib/decimal";

/**
 * A price with the pair's precision: rounded on the digits, then the locale's grouping and decimal sign
 * ("64210.5" at 2 -> "64,210.50" in en, "64.210,50" in es). Every price of a pair has the same width, so a live
 * row does not jump when a trailing zero comes and goes.
 */
export function formatPrice(value: string | null | undefined, precision: number): string {
  if (value === null || value === undefined || value === "") return "-";
  const rounded = roundDecimal(value, precision);
  return formatDecimal(rounded, { minFraction: precision, maxFraction: precision });
}

/** The pair's price precision, or what its last price is written with when the pair does not say. */
export const precisionOf = (pair: { last: string; price_precision?: number }): number => pair.price_precision ?? Math.min(decimalsOf(pair.last), 8);

/** A volume, short ("1.23M", "45.6K"): a row has no room for every digit, and the size is what matters. */
export const formatVolume = formatCompact;

/** The 24 h change, a percentage string ("2.345" -> "+2.35%"). */
export const formatChange = (value: string | null | undefined): string => (value === null || value === undefined || value === "" ? "-" : formatPercent(value, 2));

/** A rate the contract writes as a fraction ("0.0012") as a percentage ("+0.12%"); moved two places on the digits. */
export function formatRate(fraction: string | null | undefined, { signed = true, decimals = 2 } = {}): string {
  const value = toFixedPoint(fraction);
  if (value === null) return "-";
  return formatPercent(roundDecimal(toDecimal(value * 100n), decimals), decimals, signed);
}
