import { formatDecimal } from "../i18n/format";
import { decimalsOf, roundDecimal } from "../lib/decimal";

/**
 * A price with the pair's precision: rounded on the digits, then the locale's grouping and decimal sign
 * ("64210.5" at 2 -> "64,210.50" in en, "64.210,50" in es). Every price of a pair has the same width, so a live
 * row does not jump when a trailing zero comes and goes. The one price format of the app (market, tickets, positions).
 */
export function formatPrice(value: string | null | undefined, precision: number): string {
  if (value === null || value === undefined || value === "") return "-";
  return formatDecimal(roundDecimal(value, precision), { minFraction: precision, maxFraction: precision });
}

/** The pair's price precision, or what its last price is written with when the pair does not say. */
export const precisionOf = (pair: { last: string; price_precision?: number }): number => pair.price_precision ?? Math.min(decimalsOf(pair.last), 8);
