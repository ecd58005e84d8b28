import { Dec, fixed } from "../feeds";

/**
 * The platform's executable quote around a reference price: last -/+ half the pair's spread, rounded outwards to
 * the pair's precision (the bid down, the ask up). Quotations show it; the trading engines fill and trigger on it,
 * so what a user sees on the ticket is exactly what a tick executes at.
 */
export function quoteAround(last: string, spreadRate: string, precision: number): Quote {
  const key = `${last}|${spreadRate}|${precision}`;
  const known = recentQuotes.get(key);
  if (known) return known;
  const price = new Dec(last);
  const half = price.times(spreadRate).div(2);
  const quote: Quote = Object.freeze({ bid: fixed(price.minus(half), precision, Dec.ROUND_DOWN), ask: fixed(price.plus(half), precision, Dec.ROUND_UP) });
  if (recentQuotes.size >= RECENT_QUOTES) recentQuotes.clear();
  recentQuotes.set(key, quote);
  return quote;
}

export type Quote = Readonly<{ bid: string; ask: string }>;

/**
 * The quotes computed lately. One tick settles thousands of positions that share its price and a handful of spreads:
 * each close asked for the same quote again (decimal work that was 4 % of a 10,000-close settlement's CPU). The
 * answer depends on its three inputs only, so remembering it changes nothing but the time.
 */
const recentQuotes = new Map<string, Quote>();
const RECENT_QUOTES = 1_024;
