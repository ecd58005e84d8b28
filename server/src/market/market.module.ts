import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import type { MarketSource, UserChannel } from "../../contract/market";
import type { AppContext } from "../platform/context";
import { Leadership } from "../platform/leader";
import type { RealtimeHub } from "../platform/realtime";
import { TermChanges } from "../terms";
import type { PriceSource } from "../wallet";
import { BinanceFeed, BybitFeed, type FeedAdapter, type Instrument, INSTRUMENTS, OandaFeed, OkxFeed, SimFeed, VenueMix, VenueSwitch } from "../feeds";
import { DEFAULT_RUNNER_OPTIONS, FeedRunner, type RunnerOptions } from "./feed-runner";
import { marketRoutes } from "./market.routes";
import { favoritesRoutes } from "./favorites";
import { MarketPairs } from "./market.pairs";
import { MarketPrices } from "./market.prices";
import { MarketView } from "./market.view";
import { MarketStore } from "./market.store";
import { serveMarketChannels } from "./market-channels";
import { marketPairs } from "./market.schema";
import { PAIRS_TOPIC, UPDATE_TOPIC, type MarketUpdate } from "./market-state";
import { VenueBoard } from "./venues";
import type { NoticeBoard } from "../platform/notify";

/**
 * The markets domain, wired: storage, what every process keeps from the leader's updates (the pairs, their prices,
 * the view the calls and sockets show), its public channels on the platform's socket hub, and the feed that one
 * process runs. Building it has no side effect beyond reading the database: nothing ticks until `start()`
 * (main) or `startManual()` (tests, which then drive it with `step()` and the ManualClock).
 */

export interface MarketOptions {
  /** The platform's socket hub `/ws`: the market serves its public channels (tickers, depth, trades, klines) on it. */
  hub: RealtimeHub;
  runner?: Partial<RunnerOptions>;
  /** Time between simulated ticks of a pair. */
  simTickMs?: number;
  /** Binance stream base URL (default: BINANCE_STREAM_URL). */
  binanceUrl?: string;
  /** The instruments listed (all of them by default; benchmarks list more). */
  instruments?: readonly Instrument[];
  /** Replaces the adapters the configuration would choose (tests). */
  adapters?: FeedAdapter[];
  /** Publishes the notices of term changes to every user (the content domain's news desk). */
  notices?: NoticeBoard;
}

export interface MarketModule {
  /** The listed pairs and their administration (market.pairs.ts). */
  pairs: MarketPairs;
  /** Last ticks, freshness, the trading rule, past ticks, the feed's health (market.prices.ts). */
  prices: MarketPrices;
  /** Quotations, klines, depth, trades, venues, the scanner (market.view.ts). */
  view: MarketView;
  /** Applies a leader's update to this process (the bus does it; tests hand one in). */
  apply(update: MarketUpdate): void;
  runner: FeedRunner;
  leadership: Leadership;
  /** The crypto venues switched off for everybody (the back office's feed page). */
  venueSwitch: VenueSwitch;
  /** Live prices for the wallet (`registerMoney(ctx, { prices })`). */
  priceSource: PriceSource;
  /** The trading domains' messages to their users' sockets (the platform hub's `publishToUser`). */
  publishToUser(userId: number, channel: UserChannel, data: unknown): void;
  /** Many users' messages of one channel in one bus message (a settled batch). */
  publishToUsers(channel: UserChannel, list: ReadonlyArray<{ userId: number; data: unknown }>): void;
  /** Runs for leadership; the leader backfills history and runs the feed on timers. */
  start(): void;
  /**
   * This process leads without a lock and nothing runs on timers: tests pump with `step()`. `overrides` shorten
   * the history (a few dozen candles build faster than 500).
   */
  startManual(overrides?: Partial<RunnerOptions>): Promise<void>;
  /** One simulated tick of every pair at the clock's time, recorded and published (after `startManual`). */
  step(): Promise<void>;
  stop(): Promise<void>;
  isLeader(): boolean;
}

/** The crypto venues configured: MARKET_VENUES, else Binance alone when MARKET_SOURCE=binance, else none (simulated). */
export function cryptoVenues(config: AppContext["config"]): readonly ("binance" | "okx" | "bybit")[] {
  return config.MARKET_VENUES ?? (config.MARKET_SOURCE === "binance" ? ["binance"] : []);
}

/**
 * The adapters the configuration chooses: the crypto pairs from their venues (several: their fresh venues' median,
 * venue-mix.ts), forex and metals from OANDA with FX_SOURCE=oanda; whatever no real source prices stays simulated,
 * and says so (its `source` is sim).
 */
export function marketAdapters(ctx: AppContext, options: Pick<MarketOptions, "simTickMs" | "binanceUrl" | "instruments">, auto: boolean, seed: string, isOff?: (venue: string) => boolean): FeedAdapter[] {
  const instruments = options.instruments ?? INSTRUMENTS;
  const simTickMs = options.simTickMs ?? 1_000;
  const { config, clock, log } = ctx;
  const adapters: FeedAdapter[] = [];
  const real = new Set<string>();
  const venues = cryptoVenues(config);
  if (venues.length) {
    const listed = instruments.filter((i) => i.kind === "crypto");
    const children = venues.map((venue) =>
      venue === "binance"
        ? new BinanceFeed({ instruments: listed, clock, url: options.binanceUrl ?? config.BINANCE_STREAM_URL, log })
        : venue === "okx"
          ? new OkxFeed({ instruments: listed, clock, url: config.OKX_STREAM_URL, log })
          : new BybitFeed({ instruments: listed, clock, url: config.BYBIT_STREAM_URL, log }),
    );
    const maxAge = config.TICK_MAX_AGE_CRYPTO_MS;
    const mix = new VenueMix(children, { clock, maxAgeMs: () => maxAge, isOff });
    adapters.push(mix);
    for (const symbol of mix.symbols) real.add(symbol);
  }
  if (config.FX_SOURCE === "oanda" && config.OANDA_TOKEN && config.OANDA_ACCOUNT_ID) {
    const listed = instruments.filter((i) => i.oanda && !real.has(i.symbol));
    const oanda = new OandaFeed({ instruments: listed, token: config.OANDA_TOKEN, accountId: config.OANDA_ACCOUNT_ID, url: config.OANDA_STREAM_URL, log });
    adapters.push(oanda);
    for (const symbol of oanda.symbols) real.add(symbol);
  }
  const rest = instruments.filter((i) => !real.has(i.symbol));
  if (rest.length || adapters.length === 0) adapters.push(new SimFeed({ instruments: rest, seed, clock, tickMs: simTickMs, auto }));
  return adapters;
}

export async function registerMarket(ctx: AppContext, app: FastifyInstance, options: MarketOptions): Promise<MarketModule> {
  const runnerOptions: RunnerOptions = { ...DEFAULT_RUNNER_OPTIONS, ...options.runner };
  // The venues switched off are read before any adapter runs: the crypto mix asks on every trade.
  let adapters: FeedAdapter[] = [];
  const venueSwitch = new VenueSwitch({
    db: ctx.db,
    bus: ctx.bus,
    clock: ctx.clock,
    translator: ctx.translator,
    notices: options.notices,
    switchable: () => adapters.filter((a) => a instanceof VenueMix).flatMap((a) => a.venues),
  });
  const isOff = venueSwitch.isOff;
  // Adapters exist in every process (they name the venues and which source prices which pair); only the leader starts them.
  adapters = options.adapters ?? marketAdapters(ctx, options, true, runnerOptions.seed, isOff);
  const unfollowSwitch = await venueSwitch.init();
  const store = new MarketStore(ctx.database);
  await store.ensurePairs(options.instruments ?? INSTRUMENTS);
  const maxTickAgeMs = { crypto: ctx.config.TICK_MAX_AGE_CRYPTO_MS, forex: ctx.config.TICK_MAX_AGE_FOREX_MS, metal: ctx.config.TICK_MAX_AGE_METAL_MS };
  const terms = new TermChanges({
    db: ctx.db,
    clock: ctx.clock,
    translator: ctx.translator,
    notices: options.notices,
    setSpread: async (tx, symbol, spreadRate, at) => void (await tx.update(marketPairs).set({ spreadRate, updatedAt: at }).where(eq(marketPairs.symbol, symbol))),
  });
  const sources = new Map<string, MarketSource>();
  for (const adapter of adapters) for (const symbol of adapter.symbols) sources.set(symbol, adapter.source);
  const sourceOf = (symbol: string): MarketSource => sources.get(symbol) ?? ctx.config.MARKET_SOURCE;
  const venueBoard = new VenueBoard(adapters.flatMap((a) => a.venues));
  const pairs = new MarketPairs({ database: ctx.database, store, bus: ctx.bus, terms, sourceOf });
  const prices = new MarketPrices({ store, clock: ctx.clock, pairs, venueBoard, sourceOf, source: ctx.config.MARKET_SOURCE, maxTickAgeMs, log: ctx.log });
  const view = new MarketView({ store, clock: ctx.clock, pairs, prices, venueBoard, sourceOf, log: ctx.log });
  // In this order: the engines hear the ticks once prices and view are current, then the sockets.
  const apply = (update: MarketUpdate): void => {
    const changed = view.apply(update, prices.apply(update));
    prices.tellTicks(update.ticks);
    view.tellUpdate(update, changed);
  };
  // Cheap, before the server listens: no history is built here.
  await pairs.reload();
  await venueBoard.loadFees(ctx.db);
  const symbols = [...pairs.all()].map((row) => row.symbol);
  await prices.init(symbols);
  await view.init(symbols);
  const unfollow = [ctx.bus.subscribe(UPDATE_TOPIC, (message) => apply(message as MarketUpdate)), ctx.bus.subscribe(PAIRS_TOPIC, () => void pairs.reload())];
  const { hub } = options;
  const unserveChannels = serveMarketChannels(hub, { pairs, view });
  const precision = (symbol: string) => pairs.pair(symbol)?.price_precision;
  const leadership = new Leadership(ctx.database, ctx.log);
  const fence = () => leadership.fence();
  let runner = new FeedRunner({ store, bus: ctx.bus, clock: ctx.clock, log: ctx.log, adapters, precision, fence }, runnerOptions);
  let manual = false;
  /** Shutting down: a leader stepping down does not start following again. */
  let closing = false;

  marketRoutes(ctx, { pairs, prices, view }, terms, venueSwitch, { leader: () => manual || leadership.isLeader, retentionHours: runnerOptions.tickRetentionHours });
  favoritesRoutes(ctx, pairs);

  const module: MarketModule = {
    pairs,
    prices,
    view,
    apply,
    get runner() {
      return runner;
    },
    leadership,
    venueSwitch,
    priceSource: prices.priceSource(),
    publishToUser: (userId, channel, data) => hub.publishToUser(userId, channel, data),
    publishToUsers: (channel, list) => hub.publishToUsers(channel, list),
    start() {
      // A follower keeps the leader's state current, so a takeover starts the feed at once (feed-runner.ts).
      if (ctx.database.kind === "postgres") void runner.warmStandby();
      closing = false;
      leadership.start(async () => {
        const started = performance.now();
        const from = await runner.init();
        await runner.start(from, true);
        ctx.log.info({ ms: Math.round(performance.now() - started), source: ctx.config.MARKET_SOURCE }, "market: feed running");
        return async () => {
          await runner.stop();
          if (ctx.database.kind === "postgres" && !closing) void runner.warmStandby();
        };
      });
    },
    async startManual(overrides = {}) {
      const manualOptions = { ...runnerOptions, ...overrides };
      if (!options.adapters) adapters = marketAdapters(ctx, options, false, manualOptions.seed, isOff);
      runner = new FeedRunner({ store, bus: ctx.bus, clock: ctx.clock, log: ctx.log, adapters, precision }, manualOptions);
      manual = true;
      const from = await runner.init();
      await runner.start(from, false);
    },
    step: () => runner.step(),
    async stop() {
      closing = true;
      runner.dropStandby();
      await leadership.stop();
      if (manual) await runner.stop();
      manual = false;
      unfollowSwitch();
      unserveChannels();
      for (const off of unfollow) off();
    },
    isLeader: () => manual || leadership.isLeader,
  };
  // app.close() (graceful shutdown, tests) stops the feed after the last request, while the database is still open.
  app.addHook("onClose", async () => module.stop());
  return module;
}
