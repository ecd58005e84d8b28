import type { MarketSource } from "../../contract/market";
import type { Clock } from "../platform/clock";
import { Dec, plain } from "./decimal";
import type { FeedAdapter, FeedSink, Tick, VenueInfo, VenueStats } from "./feed";

/**
 * Several venues pricing the same pairs, behind the one adapter interface (MARKET_VENUES=binance,okx,bybit). Each
 * venue's trade goes to the recent-trades list as it is; the pair's tick is the median of the last trade prices of
 * its FRESH venues (a venue whose last trade is older than the pair kind's maximum age does not count), timed by the
 * trade that made it. A venue that falls silent drops out of the median while another is fresh, and the pair goes on;
 * when every venue is silent no tick comes and the pair pauses as any stale pair does. A trade already older than
 * the maximum age when it arrives (a late burst) makes no tick: its age is the venue's own time, not its arrival.
 * A venue an operator switched off counts for nothing: its trades, quotes and books are dropped.
 */

export interface VenueMixOptions {
  clock: Clock;
  /** The oldest trade of a venue that still counts for the pair (the pair kind's maximum tick age). */
  maxAgeMs: (symbol: string) => number;
  /** Venues switched off for everybody (the back office's feed page). */
  isOff?: (venue: string) => boolean;
}

interface LastTrade {
  value: number;
  price: string;
  atMs: number;
}

export class VenueMix implements FeedAdapter {
  readonly source: MarketSource;
  readonly symbols: readonly string[];
  readonly venues: readonly VenueInfo[];
  private readonly last = new Map<string, Map<string, LastTrade>>();
  private sink: FeedSink | null = null;
  /** Trades that arrived too old to price the pair (the feed page and the tests read it). */
  stale = 0;

  constructor(
    readonly children: readonly FeedAdapter[],
    private readonly options: VenueMixOptions,
  ) {
    // The pairs' `source` names the first venue listed: the one an operator put first.
    this.source = children[0]?.source ?? "sim";
    this.symbols = [...new Set(children.flatMap((c) => c.symbols))];
    this.venues = children.flatMap((c) => c.venues);
  }

  connectedVenues(): string[] {
    return this.children.flatMap((c) => c.connectedVenues()).filter((v) => !this.options.isOff?.(v));
  }

  halted(): string[] {
    return this.children.flatMap((c) => c.halted?.() ?? []);
  }

  venueStats(): Record<string, VenueStats> {
    return Object.assign({}, ...this.children.map((c) => c.venueStats?.() ?? {}));
  }

  async start(sink: FeedSink): Promise<void> {
    this.sink = sink;
    const off = (venue: string) => this.options.isOff?.(venue) ?? false;
    for (const child of this.children) {
      await child.start(
        {
          tick: (tick) => this.onVenueTick(tick),
          quote: (quote) => {
            if (!off(quote.venue)) this.sink?.quote(quote);
          },
          book: (book) => {
            if (!off(book.venue)) this.sink?.book?.(book);
          },
        },
        new Map(),
      );
    }
  }

  /** One venue's trade in: the trade out, and the pair's tick at its fresh venues' median. */
  onVenueTick(tick: Tick): void {
    const sink = this.sink;
    const venue = tick.venue ?? tick.source;
    if (!sink || this.options.isOff?.(venue)) return;
    const nowMs = this.options.clock.now().getTime();
    const maxAgeMs = this.options.maxAgeMs(tick.symbol);
    if (nowMs - tick.atMs > maxAgeMs) {
      this.stale++;
      return;
    }
    sink.trade?.({ venue, symbol: tick.symbol, price: tick.price, quantity: tick.quantity, side: tick.side ?? "buy", atMs: tick.atMs });
    let byVenue = this.last.get(tick.symbol);
    if (!byVenue) this.last.set(tick.symbol, (byVenue = new Map()));
    byVenue.set(venue, { value: Number(tick.price), price: tick.price, atMs: tick.atMs });
    // The pair's source is the mix's (one name per pair, as `currency/pairs` says); `venue` keeps whose trade it was.
    sink.tick({ ...tick, source: this.source, price: byVenue.size === 1 ? tick.price : this.median(byVenue, nowMs, maxAgeMs) });
  }

  private median(byVenue: ReadonlyMap<string, LastTrade>, nowMs: number, maxAgeMs: number): string {
    const fresh: LastTrade[] = [];
    for (const [venue, trade] of byVenue) if (nowMs - trade.atMs <= maxAgeMs && !this.options.isOff?.(venue)) fresh.push(trade);
    fresh.sort((a, b) => a.value - b.value);
    const middle = fresh.length >> 1;
    if (fresh.length % 2 === 1) return fresh[middle].price;
    return plain(new Dec(fresh[middle - 1].price).plus(fresh[middle].price).div(2));
  }

  async stop(): Promise<void> {
    this.sink = null;
    for (const child of this.children) await child.stop();
  }
}
