import type { FlashPair } from "@contract/wallet";
import { decimalsOf, floorTo, mul, parseDecimal, sub, toDecimal } from "@/shared/lib/decimal";

export interface FlashPreview {
  fee: string;
  receive: string;
}

/** What a conversion gives, as the server computes it: fee rounded down, the rest at the rate, rounded down. */
export function previewFlash(amountText: string, pair: FlashPair): FlashPreview | null {
  const amount = parseDecimal(amountText.trim());
  if (amount === null || amount <= 0n || decimalsOf(amountText.trim()) > pair.from_decimals) return null;
  const fee = floorTo(mul(amount, parseDecimal(pair.fee_rate)!), pair.from_decimals);
  const receive = floorTo(mul(sub(amount, fee), parseDecimal(pair.rate)!), pair.to_decimals);
  return { fee: toDecimal(fee), receive: toDecimal(receive) };
}
