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
  /** The venue whose trade or price this is (absent: the source has one). */
  venue?: string;
  /** The taker's side of a venue's trade, when the venue says. */
  side?: "buy" | "sell";
}

/** A venue's trade as the recent-trades list shows it. */
export interface VenueTrade {
  venue: string;
  symbol: string;
  price: string;
  quantity: string;
  side: "buy" | "sell";
  atMs: number;
}

/** [price, quantity], decimal strings. */
export type DepthLevel = [string, string];

/** A venue's order book for a pair, best first: it informs, the platform fills at its own quote. */
export interface VenueBook {
  venue: string;
  source: MarketSource;
  symbol: string;
  bids: DepthLevel[];
  asks: DepthLevel[];
  atMs: number;
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

/** A venue's connection as the back office's feed page shows it. */
export interface VenueStats {
  /** The connection is open now (whether or not an operator switched the venue off). */
  connected: boolean;
  /** Connections opened after the first. */
  reconnects: number;
  /** Frames (messages, lines) received so far. */
  frames: number;
  /** The venue's own time of its latest trade or price (null: none yet). */
  lastTickAtMs: number | null;
}

export interface FeedSink {
  tick(tick: Tick): void;
  quote(quote: VenueQuote): void;
  /** A venue's trade for the recent-trades list (a tick is the reference price; a trade is what a venue printed). */
  trade?(trade: VenueTrade): void;
  /** A venue's book (its latest replaces the previous one). */
  book?(book: VenueBook): void;
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
  /** Pairs the source says cannot trade now (a broker's `tradeable: false`): paused whatever their tick's age. */
  halted?(): string[];
  /** Per venue: its connection, reconnects, frames received and its last tick's own time (the feed page). */
  venueStats?(): Record<string, VenueStats>;
  /** Starts producing into `sink`. `from` holds each pair's last recorded tick, if any. */
  start(sink: FeedSink, from: ReadonlyMap<string, StartPoint>): Promise<void> | void;
  stop(): Promise<void> | void;
}
