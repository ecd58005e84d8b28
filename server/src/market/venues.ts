import type { ArbitrageScan, FeedVenue, MarketKind, Venue } from "../../contract/market";
import type { Executor } from "../platform/db";
import { getSetting } from "../platform/settings";
import { Dec, type VenueInfo, type VenueQuote, type VenueStats } from "../feeds";
import type { MarketUpdate } from "./market-state";
import type { PairRow } from "./market.store";
import { scan } from "./scanner.engine";

/** A venue that has not quoted for this long is not connected, whatever its adapter says. */
const VENUE_LIVE_MS = 30_000;
/** Messages per second are counted over about this long. */
const RATE_WINDOW_MS = 5_000;

/**
 * Taker fees per venue (settings `market.venue_fees` overrides them): what the scanner subtracts. The real venues'
 * are their published base-tier spot taker fees; OANDA charges through its spread.
 */
export const DEFAULT_VENUE_FEES: Record<string, string> = { "sim-a": "0.001", "sim-b": "0.0008", "sim-c": "0.0006", binance: "0.001", okx: "0.001", bybit: "0.001", oanda: "0" };
export const VENUE_FEES_KEY = "market.venue_fees";

/** The venues' quotes as the leader's updates bring them, their liveness and fees, and the arbitrage scan over them. */
export class VenueBoard {
  private readonly quotes = new Map<string, Map<string, VenueQuote>>();
  private readonly connected = new Map<string, boolean>();
  private readonly lastQuote = new Map<string, number>();
  private fees: Record<string, string> = DEFAULT_VENUE_FEES;
  private stats: Record<string, VenueStats> = {};
  /** Per venue: the frame counts of the last few updates (time, frames), oldest first, for messages per second. */
  private readonly samples = new Map<string, Array<{ atMs: number; frames: number }>>();

  constructor(private readonly info: readonly VenueInfo[]) {}

  async loadFees(db: Executor): Promise<void> {
    this.fees = { ...DEFAULT_VENUE_FEES, ...((await getSetting<Record<string, string>>(db, VENUE_FEES_KEY)) ?? {}) };
  }

  apply(update: Pick<MarketUpdate, "quotes" | "venues" | "venueStats"> & { atMs?: number }): void {
    if (update.venueStats && update.atMs !== undefined) this.applyStats(update.atMs, update.venueStats);
    for (const quote of update.quotes) {
      let byVenue = this.quotes.get(quote.symbol);
      if (!byVenue) this.quotes.set(quote.symbol, (byVenue = new Map()));
      byVenue.set(quote.venue, quote);
      this.lastQuote.set(quote.venue, Math.max(this.lastQuote.get(quote.venue) ?? 0, quote.atMs));
    }
    for (const venue of update.venues) this.connected.set(venue.id, venue.connected);
  }

  private applyStats(atMs: number, stats: Record<string, VenueStats>): void {
    this.stats = stats;
    for (const [venue, { frames }] of Object.entries(stats)) {
      let list = this.samples.get(venue);
      // A new leader counts from 0 again: its samples start over.
      if (!list || (list.length && frames < list[list.length - 1].frames)) this.samples.set(venue, (list = []));
      list.push({ atMs, frames });
      while (list.length > 2 && atMs - list[1].atMs >= RATE_WINDOW_MS) list.shift();
    }
  }

  private messagesPerSecond(venue: string): number {
    const list = this.samples.get(venue);
    if (!list || list.length < 2) return 0;
    const first = list[0];
    const last = list[list.length - 1];
    return last.atMs > first.atMs ? Math.round(((last.frames - first.frames) * 10_000) / (last.atMs - first.atMs)) / 10 : 0;
  }

  /** The feed page's rows: each venue's connection as its adapter reports it, its figures, and whether it is off. */
  feedVenues(nowMs: number, isOff: (venue: string) => boolean, canSwitch: (venue: string) => boolean): FeedVenue[] {
    return this.venues(nowMs).map((venue) => {
      const stats = this.stats[venue.id];
      const lastTickAtMs = stats?.lastTickAtMs ?? null;
      return {
        ...venue,
        // The socket's own state: a venue switched off stays connected, its prices dropped.
        connected: stats ? stats.connected : venue.connected,
        off: isOff(venue.id),
        switchable: canSwitch(venue.id),
        reconnects: stats?.reconnects ?? 0,
        messages_per_s: this.messagesPerSecond(venue.id),
        last_tick_at_ms: lastTickAtMs,
        tick_age_ms: lastTickAtMs === null ? null : Math.max(0, nowMs - lastTickAtMs),
      };
    });
  }

  tickAges(nowMs: number): Array<{ venue: string; ageMs: number }> {
    return this.info.flatMap((v) => {
      const at = this.stats[v.id]?.lastTickAtMs;
      return at == null ? [] : [{ venue: v.id, ageMs: Math.max(0, nowMs - at) }];
    });
  }

  /** Reconnects per venue so far (the Prometheus counter). */
  reconnects(): Array<{ venue: string; reconnects: number }> {
    return this.info.map((v) => ({ venue: v.id, reconnects: this.stats[v.id]?.reconnects ?? 0 }));
  }

  venues(nowMs: number): Venue[] {
    return this.info.map((info) => {
      const lastQuote = this.lastQuote.get(info.id) ?? null;
      let pairs = 0;
      for (const byVenue of this.quotes.values()) if (byVenue.has(info.id)) pairs++;
      return {
        id: info.id,
        name: info.name,
        source: info.source,
        connected: (this.connected.get(info.id) ?? false) && lastQuote !== null && nowMs - lastQuote <= VENUE_LIVE_MS,
        fee_rate: this.fees[info.id] ?? "0",
        pairs,
        last_quote_at: lastQuote === null ? null : Math.floor(lastQuote / 1000),
      };
    });
  }

  /** Best ask and best bid across the live venues per listed pair, net of both venues' fees, best first. */
  arbitrage(nowMs: number, pairOf: (symbol: string) => PairRow | undefined, filter: { profitable?: boolean; kind?: MarketKind } = {}): ArbitrageScan {
    const venues = this.venues(nowMs);
    const live = new Set(venues.filter((v) => v.connected).map((v) => v.id));
    const list: ArbitrageScan["list"] = [];
    for (const [symbol, byVenue] of this.quotes) {
      const pair = pairOf(symbol);
      if (!pair || (filter.kind && pair.kind !== filter.kind)) continue;
      const quotes = [...byVenue.values()].filter((q) => live.has(q.venue) && nowMs - q.atMs <= VENUE_LIVE_MS);
      const result = scan(quotes.map((q) => ({ venue: q.venue, bid: q.bid, ask: q.ask, feeRate: this.fees[q.venue] ?? "0" })));
      if (!result) continue;
      if (filter.profitable && !result.profitable) continue;
      list.push({
        symbol,
        kind: pair.kind,
        ask_venue: result.askVenue,
        best_ask: result.bestAsk,
        bid_venue: result.bidVenue,
        best_bid: result.bestBid,
        spread: result.spread,
        spread_rate: result.spreadRate,
        fee_rate: result.feeRate,
        net_rate: result.netRate,
        profitable: result.profitable,
        venues: result.venues,
        updated_at: Math.floor(Math.max(...quotes.map((q) => q.atMs)) / 1000),
      });
    }
    list.sort((a, b) => new Dec(b.net_rate).comparedTo(a.net_rate));
    return {
      connected_venues: live.size,
      venues,
      list,
      opportunities: list.filter((r) => r.profitable).length,
      updated_at: Math.floor(nowMs / 1000),
    };
  }
}
