import os from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../platform/bus";
import type { Clock } from "../platform/clock";
import { type Bar, Dec, type FeedAdapter, historyPlan, instrumentOf, INTERVAL_MS, plain, SimFeed, simHistory, type StartPoint, type Tick, type VenueBook, type VenueQuote, type VenueTrade } from "../feeds";
import { toCandle, type CandleState, type CandleUpdate, KlineBook } from "./kline.engine";
import type { Fence } from "../platform/leader";
import type { CandleRow, MarketStore } from "./market.store";
import { foldTicks, loadMarketState, TRADES_PER_FLUSH, UPDATE_TOPIC, type CandleChange, type MarketUpdate, type TickerFigures } from "./market-state";
import { FeedStandby } from "./feed-standby";
import { estimateQuoteVolume, RollingDay } from "./ticker.engine";

/**
 * The feed leader's engine: takes ticks and quotes from the adapters, records every tick, aggregates candles and
 * the rolling 24 h tickers, and publishes each flush on the bus for every process's sockets and engines.
 *
 * Ticks are recorded before they are published, so any tick an engine acts on is in `market_ticks` and a
 * settlement can show it. A pair's ticks only move forward: a tick at or before the previous one's millisecond is
 * folded into it (or moved one millisecond on once that one is recorded), and ticks closer than `minTickMs` are
 * folded together (the last price, the quantities added). Candles are built from the recorded ticks only, so a
 * chart never shows a price a settlement could not have used.
 */

export interface RunnerOptions {
  /** How often ticks are recorded and published. */
  flushMs: number;
  /** Ticks of a pair closer than this are folded into one (0: keep every tick). */
  minTickMs: number;
  /** Candles of each interval the simulated history provides at first start. */
  historyCandles: number;
  /** Minutes of 1 m history (at least a day, for the 24 h tickers). */
  historyMinutes: number;
  /** A longer silence than this is filled with simulated history at start (sim pairs only). */
  gapFillMs: number;
  tickRetentionHours: number;
  seed: string;
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  flushMs: 1_000,
  minTickMs: 100,
  historyCandles: 505,
  historyMinutes: 1_500,
  gapFillMs: 120_000,
  tickRetentionHours: 72,
  seed: "tradewise",
};

/** Fine candles are not kept forever (exchanges serve the last months of minutes, too). */
const KLINE_RETENTION_DAYS: Partial<Record<string, number>> = { "1m": 30, "5m": 120, "15m": 365, "30m": 365 };
const PRUNE_EVERY_MS = 10 * 60_000;
/** Ticks kept in memory while the database refuses them, before the oldest are dropped. */
const MAX_UNSAVED = 200_000;

export interface PairPrecision {
  (symbol: string): number | undefined;
}

export class FeedRunner {
  private book = new KlineBook();
  private days = new Map<string, RollingDay>();
  /** The time of each pair's latest tick (pending or recorded), and whether that one is recorded already. */
  private lastAt = new Map<string, number>();
  private pending: Tick[] = [];
  private pendingBySymbol = new Map<string, Tick>();
  private windowStart = new Map<string, number>();
  private quotes = new Map<string, VenueQuote>();
  private books = new Map<string, VenueBook>();
  private trades = new Map<string, VenueTrade[]>();
  /** A flush the database refused: retried with the next one (the order of ticks is kept). */
  private unsaved: { ticks: Tick[]; candles: Map<string, CandleRow> } | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> | null = null;
  private lastPruneMs = 0;
  private started = false;
  private fenced = false;
  private readonly standby: FeedStandby;
  readonly leaderName = `${os.hostname()}:${process.pid}`;
  /** Counters for the feed page and the benchmark. */
  stats = { ticks: 0, flushes: 0, failedFlushes: 0, folded: 0 };

  constructor(
    private readonly deps: {
      store: MarketStore;
      bus: Bus;
      clock: Clock;
      log: FastifyBaseLogger;
      adapters: FeedAdapter[];
      precision: PairPrecision;
      /** The leader's fence for its writes (see platform/leader.ts); absent: unfenced (PGlite, tests). */
      fence?: () => Fence | null;
      /** Called when a write was fenced off: this process no longer leads. */
      onFenced?: () => void;
    },
    readonly options: RunnerOptions = DEFAULT_RUNNER_OPTIONS,
  ) {
    this.standby = new FeedStandby({ store: deps.store, bus: deps.bus, clock: deps.clock, log: deps.log, symbols: () => this.symbols });
  }

  get adapters(): readonly FeedAdapter[] {
    return this.deps.adapters;
  }

  get symbols(): string[] {
    return this.deps.adapters.flatMap((a) => a.symbols);
  }

  /**
   * Loads the state from storage, fills the simulated pairs' history (all of it at first start, the gap after a
   * pause), records it, and publishes a snapshot. Returns where each pair starts.
   */
  async init(): Promise<Map<string, StartPoint>> {
    const nowMs = this.deps.clock.now().getTime();
    const state = (await this.standby.take()) ?? (await loadMarketState(this.deps.store, this.symbols, nowMs));
    // A fresh term of leadership starts from storage, whatever a previous term left in memory.
    this.fenced = false;
    this.pending = [];
    this.pendingBySymbol.clear();
    this.quotes.clear();
    this.books.clear();
    this.trades.clear();
    this.unsaved = null;
    this.lastAt.clear();
    this.book = state.book;
    this.days = state.days;
    const from = new Map<string, StartPoint>();
    for (const [symbol, tick] of state.lastTicks) {
      from.set(symbol, { price: tick.price, atMs: tick.atMs });
      this.lastAt.set(symbol, tick.atMs);
    }
    const history: CandleRow[] = [];
    const changed = new Set<string>();
    for (const adapter of this.deps.adapters) {
      if (!(adapter instanceof SimFeed)) continue;
      for (const symbol of adapter.symbols) {
        const instrument = instrumentOf(symbol);
        if (!instrument) continue;
        const last = from.get(symbol);
        const lastCandle = this.book.get(symbol, "1m");
        const sinceMs = last?.atMs ?? (lastCandle ? lastCandle.t + 60_000 : null);
        if (sinceMs !== null && nowMs - sinceMs < this.options.gapFillMs) continue;
        const plan = historyPlan(nowMs, sinceMs, this.options.historyCandles, this.options.historyMinutes);
        const startPrice = last ? Number(last.price) : lastCandle ? Number(lastCandle.c) : undefined;
        // One pair at a time, yielding between them: the server keeps answering while history is built.
        await new Promise((resolve) => setImmediate(resolve));
        const bars = simHistory(instrument, this.options.seed, plan, startPrice);
        if (bars.length === 0) continue;
        this.applyHistory(symbol, bars, history);
        const close = bars[bars.length - 1].c;
        from.set(symbol, { price: close, atMs: nowMs });
        changed.add(symbol);
      }
    }
    // The candles still open after the history are written too.
    for (const symbol of changed) {
      for (const [index, candle] of this.book.candles(symbol).entries()) {
        if (candle) history.push({ symbol, interval: INTERVAL_ORDER[index], candle: toCandle(candle) });
      }
    }
    const started = performance.now();
    await this.deps.store.writeCandles(history);
    if (history.length) this.deps.log.info({ candles: history.length, pairs: changed.size, ms: Math.round(performance.now() - started) }, "market: simulated history recorded");
    this.publishSnapshot(nowMs);
    return from;
  }

  private applyHistory(symbol: string, bars: Bar[], out: CandleRow[]): void {
    let day = this.days.get(symbol);
    if (!day) this.days.set(symbol, (day = new RollingDay()));
    const updates: CandleUpdate[] = [];
    for (const bar of bars) {
      updates.length = 0;
      this.book.apply(symbol, bar, updates);
      for (const update of updates) if (update.closed) out.push({ symbol, interval: update.interval, candle: toCandle(update.closed) });
      if (bar.ms <= INTERVAL_MS["1m"]) day.add(bar, estimateQuoteVolume(bar));
    }
  }

  /**
   * While this process follows: keep a standby copy of the state (feed-standby.ts), so that `init` on a takeover
   * need not rebuild it from storage. Stopped by `init` (or `dropStandby`).
   */
  async warmStandby(): Promise<void> {
    if (this.started) return;
    await this.standby.warm();
  }

  dropStandby(): void {
    this.standby.drop();
  }

  /** Starts the adapters (and, with `auto`, the flush timer). `from` is what init returned. */
  async start(from: ReadonlyMap<string, StartPoint>, auto = true): Promise<void> {
    const sink = { tick: (tick: Tick) => this.ingest(tick), quote: (quote: VenueQuote) => this.quote(quote), trade: (trade: VenueTrade) => this.trade(trade), book: (book: VenueBook) => this.venueBook(book) };
    for (const adapter of this.deps.adapters) {
      const own = new Map([...from].filter(([symbol]) => adapter.symbols.includes(symbol)));
      await adapter.start(sink, own);
    }
    this.started = true;
    if (auto) {
      this.timer = setInterval(() => void this.flush(), this.options.flushMs);
      this.timer.unref?.();
    }
  }

  /** Stops the adapters and records what is pending. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const adapter of this.deps.adapters) await adapter.stop();
    if (this.started) await this.flush();
    this.started = false;
  }

  /** A tick from an adapter: normalised to the pair's precision, kept in time order, folded when too close. */
  ingest(tick: Tick): void {
    if (this.fenced) return;
    const precision = this.deps.precision(tick.symbol);
    if (precision === undefined) return;
    // Canonical form (no trailing zeros), as the database gives it back: the tick an engine holds and the one a
    // settlement later reads are the same string.
    const price = plain(new Dec(tick.price).toDecimalPlaces(precision, Dec.ROUND_HALF_UP));
    if (!(Number(price) > 0)) return;
    const pending = this.pendingBySymbol.get(tick.symbol);
    // The window is anchored at the first tick folded into it, so a steady stream still yields a tick per window.
    if (pending && tick.atMs < (this.windowStart.get(tick.symbol) ?? pending.atMs) + Math.max(1, this.options.minTickMs)) {
      pending.price = price;
      pending.quantity = plain(new Dec(pending.quantity).plus(tick.quantity));
      pending.atMs = Math.max(pending.atMs, tick.atMs);
      this.stats.folded++;
      return;
    }
    const last = this.lastAt.get(tick.symbol);
    const atMs = last !== undefined && tick.atMs <= last ? last + 1 : tick.atMs;
    const next: Tick = { symbol: tick.symbol, price, quantity: tick.quantity, atMs, source: tick.source };
    this.pending.push(next);
    this.pendingBySymbol.set(tick.symbol, next);
    this.windowStart.set(tick.symbol, atMs);
    this.lastAt.set(tick.symbol, atMs);
  }

  quote(quote: VenueQuote): void {
    this.quotes.set(`${quote.venue}|${quote.symbol}`, quote);
  }

  /** A venue's trade for the recent-trades lists: the newest TRADES_PER_FLUSH of a pair per flush are kept. */
  trade(trade: VenueTrade): void {
    let list = this.trades.get(trade.symbol);
    if (!list) this.trades.set(trade.symbol, (list = []));
    list.push(trade);
    if (list.length > TRADES_PER_FLUSH * 2) list.splice(0, list.length - TRADES_PER_FLUSH);
  }

  /** A venue's book: the latest of each venue and pair goes out with the next flush. */
  venueBook(book: VenueBook): void {
    this.books.set(`${book.venue}|${book.symbol}`, book);
  }

  /** Aggregates, records and publishes what arrived since the last flush. One at a time. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.flushOnce().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    if (this.fenced) return;
    const ticks = this.pending;
    const quotes = [...this.quotes.values()];
    const books = [...this.books.values()];
    const trades = [...this.trades.values()].flatMap((list) => list.slice(-TRADES_PER_FLUSH));
    this.pending = [];
    this.pendingBySymbol.clear();
    this.quotes.clear();
    this.books.clear();
    this.trades.clear();
    const nowMs = this.deps.clock.now().getTime();

    const { changes, tickers } = this.aggregate(ticks);
    const rows = this.unsaved?.candles ?? new Map<string, CandleRow>();
    for (const change of changes) rows.set(`${change.symbol}|${change.interval}|${change.candle.t}`, change);
    const toSave = this.unsaved ? [...this.unsaved.ticks, ...ticks] : ticks;
    try {
      const written = await this.deps.store.writeFlush(toSave, [...rows.values()], this.deps.fence?.() ?? null);
      if (!written) {
        // Another process leads now: publish nothing, record nothing, stop.
        this.deps.log.warn("market: fenced off (another process leads the feed), stopping");
        this.fenced = true;
        clearInterval(this.timer);
        for (const adapter of this.deps.adapters) void Promise.resolve(adapter.stop()).catch(() => undefined);
        this.deps.onFenced?.();
        return;
      }
      this.unsaved = null;
    } catch (error) {
      // Nothing is published that is not recorded: keep it for the next flush.
      this.stats.failedFlushes++;
      this.deps.log.error({ err: error, ticks: toSave.length }, "market: recording ticks failed, retrying with the next flush");
      this.unsaved = { ticks: toSave.slice(-MAX_UNSAVED), candles: rows };
      return;
    }
    this.stats.ticks += toSave.length;
    this.stats.flushes++;
    const update: MarketUpdate = {
      atMs: nowMs,
      leader: this.leaderName,
      ticks: toSave,
      tickers,
      candles: [...rows.values()],
      quotes,
      venues: this.venueStatus(),
      trades,
      books,
      halted: this.halted(),
      venueStats: this.venueStats(),
    };
    this.deps.bus.publish(UPDATE_TOPIC, update);
    if (nowMs - this.lastPruneMs > PRUNE_EVERY_MS) {
      this.lastPruneMs = nowMs;
      void this.prune(nowMs).catch((error: unknown) => this.deps.log.warn({ err: error }, "market: pruning failed"));
    }
  }

  /** Runs ticks through the candles and the 24 h windows (pure, in memory): what changed. */
  aggregate(ticks: readonly Tick[]): { changes: CandleChange[]; tickers: TickerFigures[] } {
    const updates: CandleUpdate[] = [];
    const latest = new Map<string, Tick>();
    foldTicks(this.book, this.days, ticks, updates);
    for (const tick of ticks) latest.set(tick.symbol, tick);
    // A closed candle goes out before its successor; of the open ones only the final state.
    const changes: CandleChange[] = [];
    const open = new Map<string, CandleUpdate>();
    for (const update of updates) {
      if (update.closed) changes.push({ symbol: update.symbol, interval: update.interval, candle: toCandle(update.closed) });
      open.set(`${update.symbol}|${update.interval}`, update);
    }
    for (const update of open.values()) changes.push({ symbol: update.symbol, interval: update.interval, candle: toCandle(update.candle) });
    const tickers: TickerFigures[] = [];
    for (const tick of latest.values()) {
      const figures = this.figures(tick.symbol, tick.atMs, tick.source);
      if (figures) tickers.push(figures);
    }
    return { changes, tickers };
  }

  private figures(symbol: string, atMs: number, source: Tick["source"]): TickerFigures | null {
    const day = this.days.get(symbol)?.day();
    if (!day) return null;
    return { symbol, last: day.last, open: day.open, high: day.high, low: day.low, volume: plain(day.volume), quoteVolume: plain(day.quoteVolume.toDecimalPlaces(8)), atMs, source };
  }

  /** Every pair's ticker and open candles, so a process that just (re)loaded is complete at once. */
  private publishSnapshot(nowMs: number): void {
    const tickers: TickerFigures[] = [];
    const candles: CandleChange[] = [];
    for (const adapter of this.deps.adapters) {
      for (const symbol of adapter.symbols) {
        const atMs = this.lastAt.get(symbol) ?? nowMs;
        const figures = this.figures(symbol, atMs, adapter.source);
        if (figures) tickers.push(figures);
        this.book.candles(symbol).forEach((candle: CandleState | undefined, index) => {
          if (candle) candles.push({ symbol, interval: INTERVAL_ORDER[index], candle: toCandle(candle) });
        });
      }
    }
    this.deps.bus.publish(UPDATE_TOPIC, { atMs: nowMs, leader: this.leaderName, ticks: [], tickers, candles, quotes: [], venues: this.venueStatus(), halted: this.halted(), venueStats: this.venueStats() } satisfies MarketUpdate);
  }

  private venueStatus(): MarketUpdate["venues"] {
    return this.deps.adapters.flatMap((adapter) => {
      const connected = new Set(adapter.connectedVenues());
      return adapter.venues.map((v) => ({ id: v.id, connected: connected.has(v.id) }));
    });
  }

  private halted(): string[] {
    return this.deps.adapters.flatMap((adapter) => adapter.halted?.() ?? []);
  }

  private venueStats(): NonNullable<MarketUpdate["venueStats"]> {
    return Object.assign({}, ...this.deps.adapters.map((adapter) => adapter.venueStats?.() ?? {}));
  }

  private async prune(nowMs: number): Promise<void> {
    await this.deps.store.pruneTicks(nowMs - this.options.tickRetentionHours * 3_600_000);
    for (const [interval, days] of Object.entries(KLINE_RETENTION_DAYS)) {
      await this.deps.store.pruneKlines(this.symbols, interval as keyof typeof INTERVAL_MS, Math.floor((nowMs - (days as number) * 86_400_000) / 1000));
    }
  }

  /** Test and benchmark pump: the simulators tick at the clock's time, then one flush. */
  async step(): Promise<void> {
    const atMs = this.deps.clock.now().getTime();
    for (const adapter of this.deps.adapters) if (adapter instanceof SimFeed) adapter.step(atMs);
    await this.flush();
  }
}

const INTERVAL_ORDER = Object.keys(INTERVAL_MS) as (keyof typeof INTERVAL_MS)[];
