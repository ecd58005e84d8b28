import type { MarketSource } from "../../contract/market";

/**
 * The one interface every market data source implements. An adapter turns its source (the simulator, an
 * exchange's public stream) into ticks (the reference prices the engines settle on) and venue quotes (each venue's
 * best bid and ask, for the arbitrage scanner). The feed runner records, aggregates and publishes what it gets.
 */

/** A reference price at an instant: what a settlement shows. */
export interface Tick {
  symbol: string;
  /** Decimal string with the pair's precision. */
  price: string;
  /** Base quantity traded at that price (0 when the source does not say). */
  quantity: string;
  atMs: number;
  source: MarketSource;
}

/** One venue's best bid and ask for a pair. */
export interface VenueQuote {
  venue: string;
  symbol: string;
  bid: string;
  ask: string;
  atMs: number;
}

export interface VenueInfo {
  id: string;
  name: string;
  source: MarketSource;
}

export interface FeedSink {
  tick(tick: Tick): void;
  quote(quote: VenueQuote): void;
}

/** Where a pair's price stood when the adapter starts (the last recorded tick), so a restart continues from it. */
export interface StartPoint {
  price: string;
  atMs: number;
}

export interface FeedAdapter {
  readonly source: MarketSource;
  /** The pairs this adapter prices. */
  readonly symbols: readonly string[];
  readonly venues: readonly VenueInfo[];
  /** Venues connected right now (a socket open, a simulator running): the scanner counts these, never a constant. */
  connectedVenues(): string[];
  /** Starts producing into `sink`. `from` holds each pair's last recorded tick, if any. */
  start(sink: FeedSink, from: ReadonlyMap<string, StartPoint>): Promise<void> | void;
  stop(): Promise<void> | void;
}
