import type { Decimal } from "decimal.js";
import type { FastifyBaseLogger } from "fastify";
import type { MarketKind, MarketSource } from "../../contract/market";
import { errors } from "../../contract/messages";
import { money } from "../ledger";
import type { Clock } from "../platform/clock";
import { DomainError } from "../platform/errors";
import type { PriceSource } from "../wallet";
import { fixed, type Tick } from "../feeds";
import type { MarketUpdate } from "./market-state";
import type { MarketPairs } from "./market.pairs";
import type { MarketStore, PairRow, StoredTick } from "./market.store";
import type { VenueBoard } from "./venues";

/**
 * The prices every process keeps from the leader's updates, and what they allow: each pair's last tick, the pairs
 * its source halted, the venues' connections; whether a pair's price is fresh enough to trade on
 * (`requireTradable`), the recorded ticks of the past for the engines and settlements, the wallet's `priceSource()`,
 * the feed's health (the back office's feed page, the metrics).
 */

/** The oldest tick a fill, an option's opening or a close may use, per kind, unless configured otherwise. */
export const DEFAULT_TICK_MAX_AGE_MS: Readonly<Record<MarketKind, number>> = { crypto: 5_000, forex: 15_000, metal: 15_000 };

/** The feed is live when an update arrived this recently. */
const FEED_LIVE_MS = 60_000;

export type TicksListener = (ticks: readonly Tick[]) => void;

export class MarketPrices {
  private readonly lastTicks = new Map<string, Tick>();
  /** Pairs their source says cannot trade now (OANDA's `tradeable: false`), as the leader's last update listed them. */
  private halted = new Set<string>();
  private readonly tickListeners = new Set<TicksListener>();
  /** When the last update arrived (ms, this process's clock), and from which process. */
  lastUpdateMs: number | null = null;
  leaderName: string | null = null;

  constructor(
    private readonly deps: {
      store: MarketStore;
      clock: Clock;
      pairs: MarketPairs;
      venueBoard: VenueBoard;
      /** Which source prices the pair; `name` of the wallet's price source. */
      sourceOf: (symbol: string) => MarketSource;
      source: MarketSource;
      /** The oldest tick a trade may use, per kind (config TICK_MAX_AGE_*_MS); DEFAULT_TICK_MAX_AGE_MS when absent. */
      maxTickAgeMs?: Readonly<Record<MarketKind, number>>;
      log?: FastifyBaseLogger;
    },
  ) {}

  /** The last recorded ticks from storage (at most one flush behind): this runs before the server listens. */
  async init(symbols: readonly string[]): Promise<void> {
    for (const tick of await this.deps.store.lastTicks(symbols)) this.lastTicks.set(tick.symbol, { ...tick, source: this.deps.sourceOf(tick.symbol) });
  }

  /**
   * The leader's update, its prices' part: ticks, halts, venues. Answers the pairs whose halt began or ended (their
   * quotations change without a new figure). The tick listeners are told by `tellTicks`, once the view is current too.
   */
  apply(update: MarketUpdate): string[] {
    this.lastUpdateMs = this.deps.clock.now().getTime();
    this.leaderName = update.leader;
    for (const tick of update.ticks) this.lastTicks.set(tick.symbol, tick);
    const haltsChanged = update.halted ? this.applyHalts(update.halted) : [];
    this.deps.venueBoard.apply(update);
    return haltsChanged;
  }

  private applyHalts(list: readonly string[]): string[] {
    const next = new Set(list);
    const changed = [...new Set([...next, ...this.halted])].filter((symbol) => next.has(symbol) !== this.halted.has(symbol));
    this.halted = next;
    return changed;
  }

  /** Engines: every recorded tick, in time order per pair, in every process (the leader decides who acts). */
  onTicks(listener: TicksListener): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  tellTicks(ticks: readonly Tick[]): void {
    if (ticks.length) for (const listener of this.tickListeners) safely(() => listener(ticks), this.deps.log);
  }

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
    const kind = this.deps.pairs.pair(symbol)?.kind ?? "crypto";
    return (this.deps.maxTickAgeMs ?? DEFAULT_TICK_MAX_AGE_MS)[kind];
  }

  /** Whether the pair's last tick is recent enough to trade on (its kind's maximum age unless another is given). */
  isFresh(symbol: string, maxAgeMs = this.maxTickAgeMs(symbol)): boolean {
    if (this.halted.has(symbol)) return false;
    const age = this.tickAgeMs(symbol);
    return age !== null && age <= maxAgeMs;
  }

  /** TRADING_CLOSED, naming "prices paused" on `price`, unless the pair's last tick is fresh enough to trade on. */
  requireFresh(symbol: string): void {
    if (!this.isFresh(symbol)) throw new DomainError("TRADING_CLOSED", { price: errors.PRICES_PAUSED.key });
  }

  /** The pair when it can be traded now: listed, switched on, and priced by a tick no older than its kind allows. */
  requireTradable(symbol: string): PairRow {
    const row = this.deps.pairs.requirePair(symbol);
    if (!row.trading) throw new DomainError("PAIR_NOT_ACTIVE");
    this.requireFresh(symbol);
    return row;
  }

  /** Whether the pair can be traded now: the one rule of `requireTradable`, the quotations and the tickets. */
  tradingNow(symbol: string): boolean {
    return !!this.deps.pairs.pair(symbol)?.trading && this.isFresh(symbol);
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

  /** Pairs without a tick in the last `staleMs` (or none yet): the back office's overview. */
  stalePairCount(staleMs: number): number {
    const nowMs = this.deps.clock.now().getTime();
    return [...this.deps.pairs.all()].filter(({ symbol }) => {
      const tick = this.lastTicks.get(symbol);
      return !tick || nowMs - tick.atMs > staleMs;
    }).length;
  }

  /** Each venue's reconnects so far, as the leader's last update counted them (Prometheus). */
  venueReconnects(): Array<{ venue: string; reconnects: number }> {
    return this.deps.venueBoard.reconnects();
  }

  /** Each venue's last tick age (ms, from its own time), for the venues that have ticked (Prometheus). */
  venueTickAges(): Array<{ venue: string; ageMs: number }> {
    return this.deps.venueBoard.tickAges(this.deps.clock.now().getTime());
  }

  /** The back office's feed page; `venues` says which venues are switched off and which may be (feeds/venue-switch.ts). */
  feedStatus(leader: boolean, venues: { isOff(venue: string): boolean; canSwitch(venue: string): boolean }) {
    const nowMs = this.deps.clock.now().getTime();
    return {
      leader,
      live: this.lastUpdateMs !== null && nowMs - this.lastUpdateMs <= FEED_LIVE_MS,
      venues: this.deps.venueBoard.feedVenues(nowMs, (v) => venues.isOff(v), (v) => venues.canSwitch(v)),
      pairs: [...this.deps.pairs.all()].map((row) => {
        const tick = this.lastTicks.get(row.symbol);
        return {
          symbol: row.symbol,
          kind: row.kind,
          source: this.deps.sourceOf(row.symbol),
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

/** Runs a listener; a listener's bug must not stop the feed for everybody else. */
export function safely(fn: () => void, log?: { error(obj: object, msg?: string): void }): void {
  try {
    fn();
  } catch (error) {
    if (log) log.error({ err: error }, "market: a listener failed");
    else console.error(error);
  }
}
