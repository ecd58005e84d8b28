import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../platform/bus";
import type { Clock } from "../platform/clock";
import { KlineBook } from "./kline.engine";
import { foldTicks, loadMarketState, UPDATE_TOPIC, type LoadedState, type MarketUpdate } from "./market-state";
import type { MarketStore } from "./market.store";
import type { RollingDay } from "./ticker.engine";

/**
 * A follower's copy of the leader's aggregation state (feed-runner.ts): loaded from storage once, then kept current
 * with the ticks the leader publishes. Building that state from storage (24 h of minute candles per pair) took
 * seconds of a takeover; a follower that holds it takes over in milliseconds. It is used only when it saw every
 * pair's last recorded tick.
 */
interface Copy {
  book: KlineBook;
  days: Map<string, RollingDay>;
  lastAt: Map<string, number>;
  /** Updates that arrived while the state loaded, applied once it has. */
  early: MarketUpdate[] | null;
  off: () => void;
}

export class FeedStandby {
  private copy: Copy | null = null;

  constructor(private readonly deps: { store: MarketStore; bus: Bus; clock: Clock; log: FastifyBaseLogger; symbols: () => string[] }) {}

  /** Loads the state once and follows the leader's published ticks; stopped by `take` or `drop`. */
  async warm(): Promise<void> {
    if (this.copy) return;
    const copy: Copy = { book: new KlineBook(), days: new Map(), lastAt: new Map(), early: [], off: () => undefined };
    this.copy = copy;
    copy.off = this.deps.bus.subscribe(UPDATE_TOPIC, (message) => {
      const update = message as MarketUpdate;
      if (copy.early) copy.early.push(update);
      else this.follow(copy, update);
    });
    try {
      const state = await loadMarketState(this.deps.store, this.deps.symbols(), this.deps.clock.now().getTime());
      if (this.copy !== copy) return;
      copy.book = state.book;
      copy.days = state.days;
      for (const [symbol, tick] of state.lastTicks) copy.lastAt.set(symbol, tick.atMs);
      const early = copy.early ?? [];
      copy.early = null;
      for (const update of early) this.follow(copy, update);
    } catch (error) {
      this.deps.log.warn({ err: error }, "market: standby state failed to load; a takeover loads it then");
      this.drop();
    }
  }

  drop(): void {
    this.copy?.off();
    this.copy = null;
  }

  /** A published update seen by a follower: its ticks newer than the state's, folded in as the leader did. */
  private follow(copy: Copy, update: MarketUpdate): void {
    const ticks = update.ticks.filter((tick) => tick.atMs > (copy.lastAt.get(tick.symbol) ?? -1));
    if (!ticks.length) return;
    foldTicks(copy.book, copy.days, ticks, []);
    for (const tick of ticks) copy.lastAt.set(tick.symbol, tick.atMs);
  }

  /** The state when it is complete (it saw each pair's last recorded tick), else null; stops following. */
  async take(): Promise<LoadedState | null> {
    const copy = this.copy;
    this.drop();
    if (!copy || copy.early) return null;
    const symbols = this.deps.symbols();
    const ticks = await this.deps.store.lastTicks(symbols);
    if (ticks.some((tick) => copy.lastAt.get(tick.symbol) !== tick.atMs)) return null;
    return { book: copy.book, days: copy.days, lastTicks: new Map(ticks.map((t) => [t.symbol, t])) };
  }
}
