import type { Decimal } from "decimal.js";
import { Dec, plain } from "../feeds";

/**
 * The arbitrage scanner's maths, pure: across the venues quoting a pair, buy at the lowest ask and sell at the
 * highest bid; what is left after both venues' taker fees is the opportunity. Rates are fractions of the ask.
 */
export interface ScanQuote {
  venue: string;
  bid: string;
  ask: string;
  /** The venue's taker fee, a fraction. */
  feeRate: string;
}

export interface ScanResult {
  askVenue: string;
  bestAsk: string;
  bidVenue: string;
  bestBid: string;
  spread: string;
  spreadRate: string;
  feeRate: string;
  netRate: string;
  profitable: boolean;
  venues: number;
}

/** Rates are written with this many decimals (0.00000001 = 0.000001%). */
const RATE_PLACES = 8;

export function scan(quotes: readonly ScanQuote[]): ScanResult | null {
  let bestAsk: { q: ScanQuote; v: Decimal } | null = null;
  let bestBid: { q: ScanQuote; v: Decimal } | null = null;
  for (const q of quotes) {
    const ask = new Dec(q.ask);
    const bid = new Dec(q.bid);
    if (!ask.isFinite() || !bid.isFinite() || ask.lte(0) || bid.lte(0)) continue;
    // Ties go to the cheaper venue: the same price with a lower fee leaves more.
    if (!bestAsk || ask.lt(bestAsk.v) || (ask.eq(bestAsk.v) && new Dec(q.feeRate).lt(bestAsk.q.feeRate))) bestAsk = { q, v: ask };
    if (!bestBid || bid.gt(bestBid.v) || (bid.eq(bestBid.v) && new Dec(q.feeRate).lt(bestBid.q.feeRate))) bestBid = { q, v: bid };
  }
  if (!bestAsk || !bestBid) return null;
  const spread = bestBid.v.minus(bestAsk.v);
  const spreadRate = spread.div(bestAsk.v);
  const feeRate = new Dec(bestAsk.q.feeRate).plus(bestBid.q.feeRate);
  const netRate = spreadRate.minus(feeRate).toDecimalPlaces(RATE_PLACES, Dec.ROUND_FLOOR);
  // One venue holding both the best bid and the best ask is no arbitrage: its own spread is never negative.
  const crossVenue = bestAsk.q.venue !== bestBid.q.venue;
  return {
    askVenue: bestAsk.q.venue,
    bestAsk: bestAsk.q.ask,
    bidVenue: bestBid.q.venue,
    bestBid: bestBid.q.bid,
    spread: plain(spread),
    spreadRate: plain(spreadRate.toDecimalPlaces(RATE_PLACES, Dec.ROUND_FLOOR)),
    feeRate: plain(feeRate),
    netRate: plain(netRate),
    profitable: crossVenue && netRate.gt(0),
    venues: new Set(quotes.map((q) => q.venue)).size,
  };
}
