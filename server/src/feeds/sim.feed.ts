import type { Clock } from "../platform/clock";
import type { DepthLevel, FeedAdapter, FeedSink, StartPoint, VenueBook, VenueInfo, VenueStats } from "./feed";
import type { Instrument } from "./instruments";
import { DAY_MS } from "./bars";
import { Random } from "./random";

/**
 * The simulated market (MARKET_SOURCE=sim, the default): seeded and deterministic. Each pair's log price follows a
 * mean-reverting random walk with its own volatility (bitcoin about 55% a year, EUR/USD about 7%), fat-tailed
 * shocks and slowly changing volatility; three demo venues quote it, each with its own small, independently
 * wandering deviation and its own spread, and now and then a venue's quote lags (which is what makes cross-venue
 * spreads). The same seed, pair and start give the same prices, in a test and in production alike.
 */

export const YEAR_MS = 365.25 * DAY_MS;

/** The demo venues: never named after real exchanges, since their prices are simulated. */
export const SIM_VENUES = [
  { id: "sim-a", name: "Demo venue A", deviation: 1, spread: 1 },
  { id: "sim-b", name: "Demo venue B", deviation: 1.3, spread: 0.8 },
  { id: "sim-c", name: "Demo venue C", deviation: 0.8, spread: 1.6 },
] as const;

/** Levels a side of a simulated book (the depth call's maximum). */
const SIM_BOOK_LEVELS = 50;

/** How fast a venue's deviation returns to the consensus, and the volatility regime changes. */
const VENUE_REVERT_MS = 30_000;
const VOL_REGIME_MS = DAY_MS;
const VOL_REGIME_STD = 0.25;

/** The price process of one pair: log price around the reference, and a volatility regime. */
export class PriceModel {
  /** log(price / reference) */
  private x: number;
  /** log of the volatility multiplier */
  private y = 0;
  private readonly kappa: number;

  constructor(
    readonly instrument: Instrument,
    readonly random: Random,
    price: number,
  ) {
    const { volatilityAnnual, anchorStd } = instrument.sim;
    this.x = Math.log(price / instrument.sim.reference);
    // Mean reversion strength that keeps the long-run spread of the log price at anchorStd.
    this.kappa = (volatilityAnnual * volatilityAnnual) / (2 * anchorStd * anchorStd);
  }

  get price(): number {
    return this.instrument.sim.reference * Math.exp(this.x);
  }

  /** The current volatility, annualised (the regime included). */
  get volatility(): number {
    return this.instrument.sim.volatilityAnnual * Math.exp(this.y);
  }

  /** Moves the price by `dtMs` and returns the new price. */
  step(dtMs: number): number {
    if (dtMs <= 0) return this.price;
    // Exact steps of Ornstein-Uhlenbeck processes, so a weekly bar of history and a one-second tick follow the
    // same law: decay towards the mean, and the variance that accumulates over dt.
    const decayY = Math.exp(-dtMs / VOL_REGIME_MS);
    this.y = this.y * decayY + VOL_REGIME_STD * Math.sqrt(1 - decayY * decayY) * this.random.normal();
    const dtYears = dtMs / YEAR_MS;
    const decayX = Math.exp(-this.kappa * dtYears);
    const std = this.volatility * Math.sqrt((1 - decayX * decayX) / (2 * this.kappa));
    this.x = this.x * decayX + std * this.random.shock();
    return this.price;
  }
}

/** A price as the pair writes it (never zero: the smallest tick at least). */
export function formatPrice(value: number, precision: number): string {
  const minimum = 10 ** -precision;
  return Math.max(value, minimum).toFixed(precision);
}

/** Decimals of a step ("0.001" -> 3, "1" -> 0). */
export const decimalsOf = (step: string): number => (step.includes(".") ? step.length - step.indexOf(".") - 1 : 0);

/** A traded quantity for `dtMs` of the pair's typical daily volume (log-normal around it, busier on big moves). */
export function quantityFor(instrument: Instrument, random: Random, dtMs: number, moveSigmas: number): string {
  const mean = (instrument.sim.volumeDaily * dtMs) / DAY_MS;
  const value = mean * Math.exp(0.6 * random.normal() - 0.18) * (0.7 + 0.3 * Math.min(4, Math.abs(moveSigmas)));
  return value.toFixed(decimalsOf(instrument.quantityStep));
}

interface VenueState {
  deviation: number;
  /** Steps left during which the venue's quote stays where it was (a lagging venue). */
  stale: number;
  bid: string;
  ask: string;
}

interface PairState {
  instrument: Instrument;
  model: PriceModel;
  random: Random;
  /** The simulated book's own generator, so books never change the prices a seed gives. */
  bookRandom: Random;
  lastMs: number;
  venues: VenueState[];
}

export interface SimFeedOptions {
  instruments: readonly Instrument[];
  seed: string;
  clock: Clock;
  /** Time between ticks of a pair when running on a timer. */
  tickMs: number;
  /** false: no timer; the caller steps it (tests, benchmarks). */
  auto: boolean;
}

export class SimFeed implements FeedAdapter {
  readonly source = "sim" as const;
  readonly symbols: readonly string[];
  readonly venues: readonly VenueInfo[] = SIM_VENUES.map((v) => ({ id: v.id, name: v.name, source: "sim" as const }));
  private pairs: PairState[] = [];
  private sink: FeedSink | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Ticks made and the time of the latest (the feed page: the simulator is one more source). */
  private frames = 0;
  private lastTickAtMs: number | null = null;

  constructor(private readonly options: SimFeedOptions) {
    this.symbols = options.instruments.map((i) => i.symbol);
  }

  connectedVenues(): string[] {
    return this.sink ? this.venues.map((v) => v.id) : [];
  }

  venueStats(): Record<string, VenueStats> {
    const stats: VenueStats = { connected: this.sink !== null, reconnects: 0, frames: this.frames, lastTickAtMs: this.lastTickAtMs };
    return Object.fromEntries(this.venues.map((v) => [v.id, stats]));
  }

  start(sink: FeedSink, from: ReadonlyMap<string, StartPoint>): void {
    const nowMs = this.options.clock.now().getTime();
    this.sink = sink;
    this.pairs = this.options.instruments.map((instrument) => {
      const start = from.get(instrument.symbol);
      // Seeded by where the pair starts, so a restart (or a new leader) continues deterministically.
      const random = new Random(`${this.options.seed}|live|${instrument.symbol}|${start?.atMs ?? 0}|${start?.price ?? ""}`);
      const price = start ? Number(start.price) : instrument.sim.reference;
      return {
        instrument,
        random,
        model: new PriceModel(instrument, random, price),
        bookRandom: new Random(`${this.options.seed}|book|${instrument.symbol}`),
        lastMs: start?.atMs ?? nowMs,
        venues: SIM_VENUES.map(() => ({ deviation: 0, stale: 0, bid: "", ask: "" })),
      };
    });
    if (this.options.auto) {
      this.timer = setInterval(() => this.step(this.options.clock.now().getTime()), this.options.tickMs);
      this.timer.unref?.();
    }
  }

  /** One tick of every pair at `atMs`, and each venue's quote. */
  step(atMs: number): void {
    const sink = this.sink;
    if (!sink) return;
    for (const pair of this.pairs) {
      const { instrument, model, random } = pair;
      const dtMs = Math.max(1, Math.min(atMs - pair.lastMs, 10 * DAY_MS));
      if (atMs <= pair.lastMs) continue;
      const before = model.price;
      const after = model.step(dtMs);
      const expected = model.volatility * Math.sqrt(dtMs / YEAR_MS);
      const moveSigmas = expected > 0 ? Math.log(after / before) / expected : 0;
      pair.lastMs = atMs;
      const price = formatPrice(after, instrument.pricePrecision);
      const quantity = quantityFor(instrument, random, dtMs, moveSigmas);
      sink.tick({ symbol: instrument.symbol, price, quantity, atMs, source: "sim" });
      this.frames++;
      this.lastTickAtMs = atMs;
      sink.trade?.({ venue: SIM_VENUES[0].id, symbol: instrument.symbol, price, quantity, side: after >= before ? "buy" : "sell", atMs });
      this.quoteVenues(pair, after, dtMs, atMs, sink);
      if (sink.book) sink.book(this.bookOf(pair, atMs));
    }
  }

  private quoteVenues(pair: PairState, price: number, dtMs: number, atMs: number, sink: FeedSink): void {
    const { instrument, random } = pair;
    const tick = 10 ** -instrument.pricePrecision;
    const decay = Math.exp(-dtMs / VENUE_REVERT_MS);
    SIM_VENUES.forEach((venue, index) => {
      const state = pair.venues[index];
      const sd = instrument.sim.venueDeviation * venue.deviation;
      state.deviation = state.deviation * decay + sd * Math.sqrt(1 - decay * decay) * random.normal();
      if (state.stale > 0 && state.bid) {
        state.stale--;
      } else {
        if (random.next() < 0.01) state.stale = 1 + Math.floor(random.next() * 5);
        const mid = price * (1 + state.deviation);
        const half = instrument.sim.venueHalfSpread * venue.spread * (1 + 0.3 * Math.abs(random.normal()));
        const bid = Math.floor((mid * (1 - half)) / tick) * tick;
        const ask = Math.max(Math.ceil((mid * (1 + half)) / tick) * tick, bid + tick);
        state.bid = formatPrice(bid, instrument.pricePrecision);
        state.ask = formatPrice(ask, instrument.pricePrecision);
      }
      sink.quote({ venue: venue.id, symbol: instrument.symbol, bid: state.bid, ask: state.ask, atMs });
    });
  }

  /** The first demo venue's book: SIM_BOOK_LEVELS a side from its quote, a basis point apart, random sizes. */
  private bookOf(pair: PairState, atMs: number): VenueBook {
    const { instrument, bookRandom } = pair;
    const venue = pair.venues[0];
    const precision = instrument.pricePrecision;
    const tick = 10 ** -precision;
    const step = Math.max(tick, Math.round((Number(venue.bid) * 0.0001) / tick) * tick);
    const typical = instrument.sim.volumeDaily / 20_000;
    const decimals = decimalsOf(instrument.quantityStep);
    const size = (level: number) => Math.max(Number(instrument.quantityStep), typical * (1 + level / 4) * Math.exp(0.8 * bookRandom.normal())).toFixed(decimals);
    const side = (from: string, direction: number): DepthLevel[] => Array.from({ length: SIM_BOOK_LEVELS }, (_, level) => [formatPrice(Number(from) + direction * level * step, precision), size(level)]);
    return { venue: SIM_VENUES[0].id, source: "sim", symbol: instrument.symbol, bids: side(venue.bid, -1), asks: side(venue.ask, 1), atMs };
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.sink = null;
  }
}
