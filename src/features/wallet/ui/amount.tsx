import { amountDecimals, formatDecimal } from "@/shared/i18n/format";

// Its own module: home's assets card needs it without the records' labels that parts.tsx brings.
/**
 * A money amount in locale digits, to its currency's display decimals (`currency` also writes the code after it;
 * `of` names the currency without writing it), or to `decimals` when asked.
 */
export function Amount({ value, currency, of, decimals, signed = false }: { value: string; currency?: string; of?: string; decimals?: number; signed?: boolean }) {
  const text = formatDecimal(value, { maxFraction: decimals ?? amountDecimals(currency ?? of) });
  const sign = signed && !value.startsWith("-") && value !== "0" ? "+" : "";
  return (
    <span className="num">
      {sign}
      {text}
      {currency ? ` ${currency}` : ""}
    </span>
  );
}
