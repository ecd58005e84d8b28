import type { FastifyBaseLogger } from "fastify";
import type { ArbitrageScan, Candle, Depth, KlineInterval, MarketKind, MarketSource, Quotation, RecentTrade, Venue } from "../../contract/market";
import type { Clock } from "../platform/clock";
import { DomainError } from "../platform/errors";
import type { VenueBook, VenueTrade } from "../feeds";
import type { MarketUpdate, TickerFigures } from "./market-state";
import type { MarketPairs } from "./market.pairs";
import { safely, type MarketPrices } from "./market.prices";
import type { MarketStore } from "./market.store";
import { quotationFrom, roundCandle } from "./quotation";
import type { VenueBoard } from "./venues";

/**
 * What the market calls and sockets show, as every process keeps it from the leader's updates: quotations (24 h
 * figures with whether the pair trades now), klines with the open candle, the venues' books and recent trades, the
 * venues and the scanner's board. The wire shapes are in quotation.ts, the venues' maths in venues.ts.
 */

/** Trades of a pair every process keeps for the recent-trades list (the call's maximum). */
const RECENT_TRADES = 100;

export type UpdateListener = (update: MarketUpdate, quotations: ReadonlyMap<string, Quotation>) => void;

export class MarketView {
  private readonly tickers = new Map<string, TickerFigures>();
  private readonly quotationCache = new Map<string, Quotation>();
  private readonly openCandles = new Map<string, Candle>();
  /** Each pair's latest book per venue, and its recent trades (newest last, at most RECENT_TRADES). */
  private readonly books = new Map<string, Map<string, VenueBook>>();
  private readonly recentTrades = new Map<string, VenueTrade[]>();
  private readonly updateListeners = new Set<UpdateListener>();

  constructor(
    private readonly deps: {
      store: MarketStore;
      clock: Clock;
      pairs: MarketPairs;
      prices: MarketPrices;
      venueBoard: VenueBoard;
      sourceOf: (symbol: string) => MarketSource;
      log?: FastifyBaseLogger;
    },
  ) {
    // A quotation is built from its pair's row: new rows, new quotations.
    deps.pairs.onReload(() => this.quotationCache.clear());
  }

  /** The 24 h figures from storage, computed by the database (not rebuilt minute by minute): this runs before the server listens. */
  async init(symbols: readonly string[]): Promise<void> {
    // Open candles need no loading: storage is at most one flush behind, and the bus brings the next ones.
    const nowMs = this.deps.clock.now().getTime();
    for (const day of await this.deps.store.dayFigures(symbols, Math.floor((nowMs - 86_400_000) / 1000) - 60)) {
      const atMs = this.deps.prices.lastTick(day.symbol)?.atMs ?? nowMs;
      this.tickers.set(day.symbol, { ...day, atMs, source: this.deps.sourceOf(day.symbol) });
    }
  }

  /**
   * The leader's update, the view's part (after the prices': the quotations say how old their pair's tick is and
   * whether it trades). `haltsChanged`: the pairs whose halt began or ended. Answers the quotations it changed.
   */
  apply(update: MarketUpdate, haltsChanged: readonly string[]): Map<string, Quotation> {
    // A halt or its end changes a quotation without any new figure.
    for (const symbol of haltsChanged) this.quotationCache.delete(symbol);
    this.applyDepth(update);
    const changed = new Map<string, Quotation>();
    for (const symbol of haltsChanged) {
      const q = this.quotationOf(symbol);
      if (q) changed.set(symbol, q);
    }
    for (const figures of update.tickers) {
      this.tickers.set(figures.symbol, figures);
      this.quotationCache.delete(figures.symbol);
      const q = this.quotationOf(figures.symbol);
      if (q) changed.set(figures.symbol, q);
    }
    for (const change of update.candles) this.openCandles.set(`${change.symbol}|${change.interval}`, change.candle);
    return changed;
  }

  private applyDepth(update: MarketUpdate): void {
    for (const book of update.books ?? []) {
      let byVenue = this.books.get(book.symbol);
      if (!byVenue) this.books.set(book.symbol, (byVenue = new Map()));
      byVenue.set(book.venue, book);
    }
    const touched = new Set<VenueTrade[]>();
    for (const trade of update.trades ?? []) {
      let list = this.recentTrades.get(trade.symbol);
      if (!list) this.recentTrades.set(trade.symbol, (list = []));
      list.push(trade);
      touched.add(list);
    }
    // Several venues' trades arrive each in its venue's order: the list is in the trades' own time.
    for (const list of touched) {
      list.sort((a, b) => a.atMs - b.atMs);
      if (list.length > RECENT_TRADES) list.splice(0, list.length - RECENT_TRADES);
    }
  }

  /** The sockets: each update with the quotations it changed. */
  onUpdate(listener: UpdateListener): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  tellUpdate(update: MarketUpdate, changed: ReadonlyMap<string, Quotation>): void {
    for (const listener of this.updateListeners) safely(() => listener(update, changed), this.deps.log);
  }

  /**
   * The book of a pair as the wire shows it: the freshest of its venues' books, best first, `limit` levels a side. It
   * is the venue's, not the platform's (which fills at its own quote); empty before any venue sent one.
   */
  depth(symbol: string, limit: number): Depth {
    const pair = this.deps.pairs.requirePair(symbol);
    let best: VenueBook | null = null;
    for (const book of this.books.get(pair.symbol)?.values() ?? []) if (!best || book.atMs > best.atMs) best = book;
    if (!best) return { symbol: pair.symbol, venue: null, bids: [], asks: [], at_ms: null, source: this.deps.sourceOf(pair.symbol) };
    return { symbol: pair.symbol, venue: best.venue, bids: best.bids.slice(0, limit), asks: best.asks.slice(0, limit), at_ms: best.atMs, source: best.source };
  }

  /** The pair's recent trades across its venues, newest first. */
  trades(symbol: string, limit: number): RecentTrade[] {
    const pair = this.deps.pairs.requirePair(symbol);
    return (this.recentTrades.get(pair.symbol) ?? []).slice(-limit).reverse().map(recentTradeOf);
  }

  /**
   * A pair's quotation, or null before its first price. The figures are cached per ticker; whether it trades now and
   * how old its tick is change with the clock alone, so they are read at each call (a quote from before a restart
   * shows as paused until a fresh tick arrives).
   */
  quotationOf(symbol: string): Quotation | null {
    let q = this.quotationCache.get(symbol);
    if (!q) {
      const pair = this.deps.pairs.pair(symbol);
      const t = this.tickers.get(symbol);
      if (!pair || !t) return null;
      q = quotationFrom(pair, t);
      this.quotationCache.set(symbol, q);
    }
    const { prices } = this.deps;
    const trading = prices.tradingNow(symbol);
    return { ...q, trading, paused: q.trading && !trading, tick_age_ms: prices.tickAgeMs(symbol), tick_max_age_ms: prices.maxTickAgeMs(symbol) };
  }

  quotations(kinds?: readonly MarketKind[]): Quotation[] {
    const list: Quotation[] = [];
    for (const row of this.deps.pairs.all()) {
      if (kinds && !kinds.includes(row.kind)) continue;
      const q = this.quotationOf(row.symbol);
      if (q) list.push(q);
    }
    return list;
  }

  /** Candles oldest first, the open one from memory (newer than storage by up to a flush). */
  async klines(input: { symbol: string; interval: KlineInterval; limit: number; to?: number }, kinds?: readonly MarketKind[]): Promise<Candle[]> {
    const pair = this.deps.pairs.requirePair(input.symbol);
    if (kinds && !kinds.includes(pair.kind)) throw new DomainError("PAIR_NOT_FOUND");
    const nowSeconds = Math.floor(this.deps.clock.now().getTime() / 1000);
    const to = input.to ?? nowSeconds;
    const list = await this.deps.store.klines(pair.symbol, input.interval, to, input.limit, pair.price_precision);
    const open = this.openCandles.get(`${pair.symbol}|${input.interval}`);
    if (open && open.t <= to) {
      const candle = roundCandle(open, pair.price_precision);
      const last = list[list.length - 1];
      if (last && last.t === open.t) list[list.length - 1] = candle;
      else if (!last || open.t > last.t) {
        list.push(candle);
        if (list.length > input.limit) list.shift();
      }
    }
    return list;
  }

  /** A candle as the wire shows it: prices with the pair's precision. */
  displayCandle(symbol: string, candle: Candle): Candle {
    const pair = this.deps.pairs.pair(symbol);
    return pair ? roundCandle(candle, pair.price_precision) : candle;
  }

  /** The candle of an interval still open (the socket sends it on subscribe). */
  openCandle(symbol: string, interval: KlineInterval): Candle | null {
    const pair = this.deps.pairs.pair(symbol);
    const candle = this.openCandles.get(`${symbol}|${interval}`);
    return pair && candle ? roundCandle(candle, pair.price_precision) : null;
  }

  venues(): Venue[] {
    return this.deps.venueBoard.venues(this.deps.clock.now().getTime());
  }

  arbitrage(filter: { profitable?: boolean; kind?: MarketKind } = {}): ArbitrageScan {
    return this.deps.venueBoard.arbitrage(this.deps.clock.now().getTime(), (symbol) => this.deps.pairs.pair(symbol), filter);
  }
}

const recentTradeOf = (t: VenueTrade): RecentTrade => ({ price: t.price, quantity: t.quantity, side: t.side, at_ms: t.atMs, venue: t.venue });
