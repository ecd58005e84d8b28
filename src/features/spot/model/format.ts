import { formatDecimal } from "@/shared/i18n/format";
import { roundDecimal } from "@/shared/lib/decimal";

/** A price on the pair's grid, every digit of the precision shown ("64210.5" at 2 -> "64,210.50"). */
export const formatPrice = (value: string | null | undefined, precision: number): string =>
  value ? formatDecimal(roundDecimal(value, precision), { minFraction: precision, maxFraction: precision }) : "-";

/** An amount of a currency: two decimals at least, up to eight (fees of small orders stay visible, nothing is rounded away). */
export const formatAmount = (value: string | null | undefined): string => (value ? formatDecimal(value, { minFraction: 2, maxFraction: 8 }) : "-");

/** A coin quantity as typed or stored, every digit kept. */
export const formatQuantity = (value: string | null | undefined): string => (value ? formatDecimal(value) : "-");
