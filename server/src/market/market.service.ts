import type { Decimal } from "decimal.js";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ArbitrageScan, Candle, Depth, RecentTrade, KlineInterval, MarketKind, MarketSource, Pair, Quotation, TermChange, UpcomingTermChange, Venue } from "../../contract/market";
import { money } from "../ledger";
import type { OperatorSession } from "../platform/http";
import { audit } from "../platform/audit";
import type { Bus } from "../platform/bus";
import type { Clock } from "../platform/clock";
import type { Database } from "../platform/db";
import { errors } from "../../contract/messages";
import { DomainError } from "../platform/errors";
import type { PriceSource } from "../wallet";
import { fixed } from "./decimal";
import type { FeedAdapter, Tick, VenueBook, VenueTrade } from "./feed";
import { PAIRS_TOPIC, UPDATE_TOPIC, type MarketUpdate, type TickerFigures } from "./market-state";
import type { MarketStore, PairRow, StoredTick } from "./market.store";
import { marketPairs } from "./market.schema";
import { requireSoundPairRules } from "./pair-rules";
import type { TermChanges } from "../terms";
import { quotationFrom, roundCandle } from "./quotation";
import { VenueBoard } from "./venues";

/**
 * Every process's view of the market, fed by the leader's updates on the bus: tickers, open candles, last ticks,
 * venue quotes. It answers the calls, gives other domains their prices (`lastTick`, `tickAtOrBefore`,
 * `tickAtOrAfter`, `priceSource()`, `onTicks`) and the trading rules (`requirePair`, `requireTradable`), and feeds
 * the sockets. Venue quotes and the scanner live in venues.ts, the wire shapes in quotation.ts, the rules a pair
 * holds to in pair-rules.ts.
 */

/** The oldest tick a fill, an option's opening or a close may use, per kind, unless configured otherwise. */
export const DEFAULT_TICK_MAX_AGE_MS: Readonly<Record<MarketKind, number>> = { crypto: 5_000, forex: 15_000, metal: 15_000 };

/** Trades of a pair every process keeps for the recent-trades list (the call's maximum). */
const RECENT_TRADES = 100;

/** The feed is live when an update arrived this recently. */
const FEED_LIVE_MS = 60_000;

export type TicksListener = (ticks: readonly Tick[]) => void;
export type UpdateListener = (update: MarketUpdate, quotations: ReadonlyMap<string, Quotation>) => void;

export interface PairChange {
  symbol: string;
  trading?: boolean;
  price_precision?: number;
  quantity_step?: string;
  quantity_min?: string;
  quantity_max?: string;
  spread_rate?: string;
  reason?: string;
}

export class MarketService {
  private pairRows = new Map<string, PairRow>();
  /** Announced changes of each pair's terms that have not taken effect yet (terms/term-changes.ts), loaded with the pairs. */
  private upcomingBySymbol = new Map<string, UpcomingTermChange[]>();
  private tickers = new Map<string, TickerFigures>();
  private quotationCache = new Map<string, Quotation>();
  private openCandles = new Map<string, Candle>();
  private lastTicks = new Map<string, Tick>();
  private readonly tickListeners = new Set<TicksListener>();
  private readonly updateListeners = new Set<UpdateListener>();
  private readonly sourceOf = new Map<string, MarketSource>();
  private readonly venueBoard: VenueBoard;
  /** Pairs their source says cannot trade now (OANDA's `tradeable: false`), as the leader's last update listed them. */
  private halted = new Set<string>();
  /** Each pair's latest book per venue, and its recent trades (newest last, at most RECENT_TRADES). */
  private readonly books = new Map<string, Map<string, VenueBook>>();
  private readonly recentTrades = new Map<string, VenueTrade[]>();
  private unsubscribe: Array<() => void> = [];
  /** When the last update arrived (ms, this process's clock), and from which process. */
  lastUpdateMs: number | null = null;
  leaderName: string | null = null;

  constructor(
    private readonly deps: {
      database: Database;
      store: MarketStore;
      bus: Bus;
      clock: Clock;
      source: MarketSource;
      adapters: readonly FeedAdapter[];
      /** The oldest tick a trade may use, per kind (config TICK_MAX_AGE_*_MS); DEFAULT_TICK_MAX_AGE_MS when absent. */
      maxTickAgeMs?: Readonly<Record<MarketKind, number>>;
      /** Announced term changes: scheduled, applied by the leader, cancelled (terms/term-changes.ts). */
      terms: TermChanges;
      log?: FastifyBaseLogger;
    },
  ) {
    for (const adapter of deps.adapters) for (const symbol of adapter.symbols) this.sourceOf.set(symbol, adapter.source);
    this.venueBoard = new VenueBoard(deps.adapters.flatMap((a) => a.venues));
  }

  /** Loads pairs and the last state from storage and listens to the bus. Cheap: no history is built here. */
  async init(): Promise<void> {
    await this.reloadPairs();
    await this.venueBoard.loadFees(this.deps.database.db);
    // Figures computed by the database, not rebuilt minute by minute: this runs before the server listens.
    // Open candles need no loading: storage is at most one flush behind, and the bus brings the next ones.
    const nowMs = this.deps.clock.now().getTime();
    const symbols = [...this.pairRows.keys()];
    const [ticks, days] = await Promise.all([this.deps.store.lastTicks(symbols), this.deps.store.dayFigures(symbols, Math.floor((nowMs - 86_400_000) / 1000) - 60)]);
    for (const tick of ticks) this.lastTicks.set(tick.symbol, { ...tick, source: this.sourceOf.get(tick.symbol) ?? this.deps.source });
    for (const day of days) {
      const atMs = this.lastTicks.get(day.symbol)?.atMs ?? nowMs;
      this.tickers.set(day.symbol, { ...day, atMs, source: this.sourceOf.get(day.symbol) ?? this.deps.source });
    }
    this.unsubscribe.push(this.deps.bus.subscribe(UPDATE_TOPIC, (message) => this.apply(message as MarketUpdate)));
    this.unsubscribe.push(this.deps.bus.subscribe(PAIRS_TOPIC, () => void this.reloadPairs()));
  }

  close(): void {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
  }

  /** Applies the leader's update; tells engines (ticks) and sockets (tickers, candles). */
  apply(update: MarketUpdate): void {
    this.lastUpdateMs = this.deps.clock.now().getTime();
    this.leaderName = update.leader;
    // The ticks first: the quotations below say how old their pair's tick is and whether it trades.
    for (const tick of update.ticks) this.lastTicks.set(tick.symbol, tick);
    const haltsChanged = update.halted ? this.applyHalts(update.halted) : [];
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
    this.venueBoard.apply(update);
    if (update.ticks.length) for (const listener of this.tickListeners) safely(() => listener(update.ticks), this.deps.log);
    for (const listener of this.updateListeners) safely(() => listener(update, changed), this.deps.log);
  }

  /** A halt or its end changes a quotation without any new figure: those are dropped from the cache. */
  private applyHalts(list: readonly string[]): string[] {
    const next = new Set(list);
    const changed = [...new Set([...next, ...this.halted])].filter((symbol) => next.has(symbol) !== this.halted.has(symbol));
    for (const symbol of changed) this.quotationCache.delete(symbol);
    this.halted = next;
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

  /**
   * The book of a pair as the wire shows it: the freshest of its venues' books, best first, `limit` levels a side. It
   * is the venue's, not the platform's (which fills at its own quote); empty before any venue sent one.
   */
  depth(symbol: string, limit: number): Depth {
    const pair = this.requirePair(symbol);
    let best: VenueBook | null = null;
    for (const book of this.books.get(pair.symbol)?.values() ?? []) if (!best || book.atMs > best.atMs) best = book;
    if (!best) return { symbol: pair.symbol, venue: null, bids: [], asks: [], at_ms: null, source: this.sourceOf.get(pair.symbol) ?? this.deps.source };
    return { symbol: pair.symbol, venue: best.venue, bids: best.bids.slice(0, limit), asks: best.asks.slice(0, limit), at_ms: best.atMs, source: best.source };
  }

  /** The pair's recent trades across its venues, newest first. */
  trades(symbol: string, limit: number): RecentTrade[] {
    const pair = this.requirePair(symbol);
    return (this.recentTrades.get(pair.symbol) ?? []).slice(-limit).reverse().map(recentTradeOf);
  }

  /** Engines: every recorded tick, in time order per pair, in every process (the leader decides who acts). */
  onTicks(listener: TicksListener): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  /** The sockets: each update with the quotations it changed. */
  onUpdate(listener: UpdateListener): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  // ----- pairs -----

  async reloadPairs(): Promise<void> {
    const [rows, upcoming] = await Promise.all([this.deps.store.pairs(), this.deps.terms.pendingBySymbol()]);
    this.pairRows = new Map(rows.map((r) => [r.symbol, r]));
    this.upcomingBySymbol = upcoming;
    this.quotationCache.clear();
  }

  /** Announced term changes: the spot, leveraged and options domains record their configurations' changes here too. */
  get terms(): TermChanges {
    return this.deps.terms;
  }

  /** The pair's announced changes that have not taken effect yet, earliest first (the tickets show them). */
  upcoming(symbol: string): UpcomingTermChange[] {
    return this.upcomingBySymbol.get(symbol) ?? [];
  }

  /** The leader's job: applies the announced changes whose time has come; every process reloads the pairs. */
  async applyDueTermChanges(nowMs: number): Promise<void> {
    const changed = await this.deps.terms.applyDue(nowMs);
    if (!changed.length) return;
    await this.reloadPairs();
    for (const symbol of changed) this.deps.bus.publish(PAIRS_TOPIC, { symbol });
  }

  /** Cancels an announced change before its time (audited and announced); every process reloads the pairs. */
  async cancelTermChange(operator: OperatorSession, input: { id: number; reason: string }): Promise<TermChange> {
    const cancelled = await this.deps.terms.cancel(operator.id, input.id, input.reason);
    await this.reloadPairs();
    if (cancelled.symbol) this.deps.bus.publish(PAIRS_TOPIC, { symbol: cancelled.symbol });
    return cancelled;
  }

  pair(symbol: string): PairRow | undefined {
    return this.pairRows.get(symbol);
  }

  /** The pair, or PAIR_NOT_FOUND. */
  requirePair(symbol: string): PairRow {
    const row = this.pairRows.get(symbol);
    if (!row) throw new DomainError("PAIR_NOT_FOUND");
    return row;
  }

  /** The pair when it can be traded now: listed, switched on, and priced by a tick no older than its kind allows. */
  requireTradable(symbol: string): PairRow {
    const row = this.requirePair(symbol);
    if (!row.trading) throw new DomainError("PAIR_NOT_ACTIVE");
    this.requireFresh(symbol);
    return row;
  }

  /** TRADING_CLOSED, naming "prices paused" on `price`, unless the pair's last tick is fresh enough to trade on. */
  requireFresh(symbol: string): void {
    if (!this.isFresh(symbol)) throw new DomainError("TRADING_CLOSED", { price: errors.PRICES_PAUSED.key });
  }

  /** Whether the pair can be traded now: the one rule of `requireTradable`, the quotations and the tickets. */
  tradingNow(symbol: string): boolean {
    return !!this.pairRows.get(symbol)?.trading && this.isFresh(symbol);
  }

  pairs(filter: { symbol?: string; kind?: MarketKind } = {}): Pair[] {
    return [...this.pairRows.values()].filter((r) => (!filter.symbol || r.symbol === filter.symbol) && (!filter.kind || r.kind === filter.kind)).map((r) => this.pairOf(r));
  }

  private pairOf(row: PairRow): Pair {
    return {
      symbol: row.symbol,
      base: row.base,
      quote: row.quote,
      kind: row.kind,
      price_precision: row.price_precision,
      quantity_step: row.quantity_step,
      quantity_min: row.quantity_min,
      quantity_max: row.quantity_max,
      trading: row.trading,
      spread_rate: row.spread_rate,
      contract_size: row.contract_size,
      source: this.sourceOf.get(row.symbol) ?? this.deps.source,
      upcoming: this.upcoming(row.symbol),
    };
  }

  /**
   * An operator changes a pair's rules; audited, and every process reloads. The switch, precision and quantities
   * apply at once; a spread change goes through the notice rules (terms/term-changes.ts): a wider spread is announced and
   * waits for its time (the pair keeps its spread until then), a narrower one applies at once and is announced.
   */
  async updatePair(operator: OperatorSession, change: PairChange): Promise<Pair> {
    const before = this.requirePair(change.symbol);
    const spreadChanged = change.spread_rate !== undefined && !money(change.spread_rate).eq(before.spread_rate);
    const asked = {
      trading: change.trading ?? before.trading,
      price_precision: change.price_precision ?? before.price_precision,
      quantity_step: change.quantity_step ?? before.quantity_step,
      quantity_min: change.quantity_min ?? before.quantity_min,
      quantity_max: change.quantity_max ?? before.quantity_max,
      spread_rate: spreadChanged ? money(change.spread_rate!).toFixed() : before.spread_rate,
    };
    // The rules are checked as asked (a spread of 10 % is refused now, not at its effective time).
    requireSoundPairRules(asked);
    let announce: () => void = () => undefined;
    await this.deps.database.db.transaction(async (tx) => {
      let spreadNow = before.spread_rate;
      if (spreadChanged) {
        const recorded = await this.deps.terms.record(tx, { operatorId: operator.id, symbol: before.symbol, term: "spread_rate", from: before.spread_rate, to: asked.spread_rate, reason: change.reason ?? null });
        if (recorded.now) spreadNow = asked.spread_rate;
        announce = recorded.announce;
      }
      const next = { ...asked, spread_rate: spreadNow };
      const diff = Object.fromEntries(
        Object.entries(next)
          .filter(([key, value]) => String(value) !== String(before[key as keyof typeof next]))
          .map(([key, value]) => [key, { from: before[key as keyof typeof next], to: value }]),
      );
      await tx
        .update(marketPairs)
        .set({
          trading: next.trading,
          pricePrecision: next.price_precision,
          quantityStep: next.quantity_step,
          quantityMin: next.quantity_min,
          quantityMax: next.quantity_max,
          spreadRate: next.spread_rate,
          updatedAt: new Date(),
        })
        .where(eq(marketPairs.symbol, change.symbol));
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "market.pair.update", targetKind: "pair", targetId: change.symbol, detail: { changes: diff, reason: change.reason ?? null } });
    });
    announce();
    await this.reloadPairs();
    this.deps.bus.publish(PAIRS_TOPIC, { symbol: change.symbol });
    return this.pairOf(this.requirePair(change.symbol));
  }

  // ----- quotations and klines -----

  /**
   * A pair's quotation, or null before its first price. The figures are cached per ticker; whether it trades now and
   * how old its tick is change with the clock alone, so they are read at each call (a quote from before a restart
   * shows as paused until a fresh tick arrives).
   */
  quotationOf(symbol: string): Quotation | null {
    let q = this.quotationCache.get(symbol);
    if (!q) {
      const pair = this.pairRows.get(symbol);
      const t = this.tickers.get(symbol);
      if (!pair || !t) return null;
      q = quotationFrom(pair, t);
      this.quotationCache.set(symbol, q);
    }
    const trading = this.tradingNow(symbol);
    return { ...q, trading, paused: q.trading && !trading, tick_age_ms: this.tickAgeMs(symbol), tick_max_age_ms: this.maxTickAgeMs(symbol) };
  }

  quotations(kinds?: readonly MarketKind[]): Quotation[] {
    const list: Quotation[] = [];
    for (const row of this.pairRows.values()) {
      if (kinds && !kinds.includes(row.kind)) continue;
      const q = this.quotationOf(row.symbol);
      if (q) list.push(q);
    }
    return list;
  }

  /** Candles oldest first, the open one from memory (newer than storage by up to a flush). */
  async klines(input: { symbol: string; interval: KlineInterval; limit: number; to?: number }, kinds?: readonly MarketKind[]): Promise<Candle[]> {
    const pair = this.requirePair(input.symbol);
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
    const pair = this.pairRows.get(symbol);
    return pair ? roundCandle(candle, pair.price_precision) : candle;
  }

  /** The candle of an interval still open (the socket sends it on subscribe). */
  openCandle(symbol: string, interval: KlineInterval): Candle | null {
    const pair = this.pairRows.get(symbol);
    const candle = this.openCandles.get(`${symbol}|${interval}`);
    return pair && candle ? roundCandle(candle, pair.price_precision) : null;
  }

  // ----- prices for other domains -----

  /** The latest recorded tick of a pair (in memory), or null. */
  lastTick(symbol: string): Tick | null {
    return this.lastTicks.get(symbol) ?? null;
  }

  /** How old the pair's last tick is (ms), or null before its first. */
  tickAgeMs(symbol: string): number | null {
    const tick = this.lastTicks.get(symbol);
    return tick ? Math.max(0, this.deps.clock.now().getTime() - tick.atMs) : null;
  }

  /** The oldest tick the pair's kind lets a trade use (ms). */
  maxTickAgeMs(symbol: string): number {
    const kind = this.pairRows.get(symbol)?.kind ?? "crypto";
    return (this.deps.maxTickAgeMs ?? DEFAULT_TICK_MAX_AGE_MS)[kind];
  }

  /** Whether the pair's last tick is recent enough to trade on (its kind's maximum age unless another is given). */
  isFresh(symbol: string, maxAgeMs = this.maxTickAgeMs(symbol)): boolean {
    if (this.halted.has(symbol)) return false;
    const age = this.tickAgeMs(symbol);
    return age !== null && age <= maxAgeMs;
  }

  /** The price at a past instant: the last recorded tick at or before it. */
  tickAtOrBefore(symbol: string, atMs: number): Promise<StoredTick | null> {
    return this.deps.store.tickAtOrBefore(symbol, atMs);
  }

  /** The first recorded tick at or after an instant (an option expiring then settles on it). */
  tickAtOrAfter(symbol: string, atMs: number): Promise<StoredTick | null> {
    return this.deps.store.tickAtOrAfter(symbol, atMs);
  }

  ticksBetween(symbol: string, fromMs: number, toMs: number, limit?: number): Promise<StoredTick[]> {
    return this.deps.store.ticksBetween(symbol, fromMs, toMs, limit);
  }

  /**
   * The wallet's PriceSource backed by live prices: the last tick of `<CURRENCY>/USDT`, when fresh (a stale price
   * would value and convert money at a number the market left behind: no price is better).
   */
  priceSource(maxAgeMs = 120_000): PriceSource {
    return {
      name: this.deps.source,
      usdtPrice: async (currency: string): Promise<Decimal | null> => {
        if (currency === "USDT") return money(1);
        const symbol = `${currency}/USDT`;
        const tick = this.lastTicks.get(symbol);
        if (!tick || !this.isFresh(symbol, maxAgeMs)) return null;
        return money(tick.price);
      },
    };
  }

  // ----- venues and the scanner (venues.ts) -----

  venues(): Venue[] {
    return this.venueBoard.venues(this.deps.clock.now().getTime());
  }

  arbitrage(filter: { profitable?: boolean; kind?: MarketKind } = {}): ArbitrageScan {
    return this.venueBoard.arbitrage(this.deps.clock.now().getTime(), (symbol) => this.pairRows.get(symbol), filter);
  }

  /** Pairs without a tick in the last `staleMs` (or none yet): the back office's overview. */
  stalePairCount(staleMs: number): number {
    const nowMs = this.deps.clock.now().getTime();
    return [...this.pairRows.keys()].filter((symbol) => {
      const tick = this.lastTicks.get(symbol);
      return !tick || nowMs - tick.atMs > staleMs;
    }).length;
  }

  /** Each venue's reconnects so far, as the leader's last update counted them (Prometheus). */
  venueReconnects(): Array<{ venue: string; reconnects: number }> {
    return this.venueBoard.reconnects();
  }

  /** Each venue's last tick age (ms, from its own time), for the venues that have ticked (Prometheus). */
  venueTickAges(): Array<{ venue: string; ageMs: number }> {
    return this.venueBoard.tickAges(this.deps.clock.now().getTime());
  }

  /** The back office's feed page; `venues` says which venues are switched off and which may be (venue-switch.ts). */
  feedStatus(leader: boolean, venues: { isOff(venue: string): boolean; canSwitch(venue: string): boolean }) {
    const nowMs = this.deps.clock.now().getTime();
    return {
      leader,
      live: this.lastUpdateMs !== null && nowMs - this.lastUpdateMs <= FEED_LIVE_MS,
      venues: this.venueBoard.feedVenues(nowMs, (v) => venues.isOff(v), (v) => venues.canSwitch(v)),
      pairs: [...this.pairRows.values()].map((row) => {
        const tick = this.lastTicks.get(row.symbol);
        return {
          symbol: row.symbol,
          kind: row.kind,
          source: this.sourceOf.get(row.symbol) ?? this.deps.source,
          last: tick ? fixed(tick.price, row.price_precision) : null,
          last_tick_at_ms: tick?.atMs ?? null,
          age_ms: tick ? Math.max(0, nowMs - tick.atMs) : null,
          trading: row.trading,
        };
      }),
      time_ms: nowMs,
    };
  }
}

export const recentTradeOf = (t: VenueTrade): RecentTrade => ({ price: t.price, quantity: t.quantity, side: t.side, at_ms: t.atMs, venue: t.venue });

function safely(fn: () => void, log?: { error(obj: object, msg?: string): void }): void {
  try {
    fn();
  } catch (error) {
    // A listener's bug must not stop the feed for everybody else.
    if (log) log.error({ err: error }, "market: a listener failed");
    else console.error(error);
  }
}

