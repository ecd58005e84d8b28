import { formatAmount } from "@/shared/i18n/format";

// Its own module: home's assets card needs it without the records' labels that parts.tsx brings.
/**
 * A money amount as `formatAmount` writes it, in a numeric span: `currency` also writes the code after it, `of`
 * names the currency (its decimals) without writing it.
 */
export function Amount({ value, currency, of, signed = false }: { value: string; currency?: string; of?: string; signed?: boolean }) {
  return <span className="num">{formatAmount(value, currency ?? of, { signed, showCurrency: currency !== undefined })}</span>;
}
