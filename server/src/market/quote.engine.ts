import { Dec, fixed } from "./decimal";

/**
 * The platform's executable quote around a reference price: last -/+ half the pair's spread, rounded outwards to
 * the pair's precision (the bid down, the ask up). Quotations show it; the trading engines fill and trigger on it,
 * so what a user sees on the ticket is exactly what a tick executes at.
 */
export function quoteAround(last: string, spreadRate: string, precision: number): { bid: string; ask: string } {
  const price = new Dec(last);
  const half = price.times(spreadRate).div(2);
  return { bid: fixed(price.minus(half), precision, Dec.ROUND_DOWN), ask: fixed(price.plus(half), precision, Dec.ROUND_UP) };
}
