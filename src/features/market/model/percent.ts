import { toFixedPoint } from "@/shared/lib/decimal";

/**
 * A candle's change, (close - open) / open x 100, on the decimal digits (never floats), to 4 places, truncated
 * towards zero (the readout shows 2). Null when the open is zero or either price is not a decimal.
 */
export function percentChange(open: string, close: string): string | null {
  const o = toFixedPoint(open);
  const c = toFixedPoint(close);
  if (!o || c === null) return null;
  const tenThousandths = ((c - o) * 1_000_000n) / o; // percent x 10^4
  const negative = tenThousandths < 0n;
  const abs = negative ? -tenThousandths : tenThousandths;
  return `${negative ? "-" : ""}${abs / 10_000n}.${(abs % 10_000n).toString().padStart(4, "0")}`;
}
