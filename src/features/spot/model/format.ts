import { formatDecimal } from "@/shared/i18n/format";

/** An amount of a currency: two decimals at least, up to eight (fees of small orders stay visible, nothing is rounded away). */
export const formatAmount = (value: string | null | undefined): string => (value ? formatDecimal(value, { minFraction: 2, maxFraction: 8 }) : "-");

/** A coin quantity as typed or stored, every digit kept. */
export const formatQuantity = (value: string | null | undefined): string => (value ? formatDecimal(value) : "-");
