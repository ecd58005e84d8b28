import { formatDecimal } from "@/shared/i18n/format";
import { parseDecimal, roundTo, toDecimal } from "./fixed";

/** An amount of the margin currency: two decimals at least, four at most (fees of small orders stay visible). */
export function formatMoney(value: string | null | undefined, { signed = false } = {}): string {
  const fixed = parseDecimal(value);
  if (fixed === null) return "-";
  const text = formatDecimal(toDecimal(roundTo(fixed, 4)), { minFraction: 2, maxFraction: 4 });
  return signed && fixed > 0n ? `+${text}` : text;
}

/** A percentage string ("185.2345") rounded for display ("185.23%"). */
export function formatPercentText(value: string | null | undefined, decimals = 2): string {
  const fixed = parseDecimal(value);
  if (fixed === null) return "-";
  return `${formatDecimal(toDecimal(roundTo(fixed, decimals)), { minFraction: decimals, maxFraction: decimals })}%`;
}


/** Sign of a decimal string. */
export const signOf = (value: string | null | undefined): -1 | 0 | 1 => {
  const fixed = parseDecimal(value);
  return fixed === null || fixed === 0n ? 0 : fixed > 0n ? 1 : -1;
};
