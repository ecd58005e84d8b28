import { formatDecimal } from "@/shared/i18n/format";

// Its own module: home's assets card needs it without the records' labels that parts.tsx brings.
/** A money amount: locale digits, never rounded unless asked. */
export function Amount({ value, currency, decimals, signed = false }: { value: string; currency?: string; decimals?: number; signed?: boolean }) {
  const text = formatDecimal(value, { maxFraction: decimals });
  const sign = signed && !value.startsWith("-") && value !== "0" ? "+" : "";
  return (
    <span className="num">
      {sign}
      {text}
      {currency ? ` ${currency}` : ""}
    </span>
  );
}
