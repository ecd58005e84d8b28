import type { Candle, KlineInterval, MarketSource } from "../../contract/market";
import { INTERVALS, tickBar, type Tick, type VenueBook, type VenueQuote, type VenueStats, type VenueTrade } from "../feeds";
import { fromCandle, KlineBook, type CandleUpdate } from "./kline.engine";
import type { MarketStore, StoredTick } from "./market.store";
import { estimateQuoteVolume, RollingDay } from "./ticker.engine";

/**
 * What the feed leader publishes on the bus after each flush (topic `market.update`), and what every process's
 * view applies: the ticks it recorded (in time order), the pairs' new 24 h figures, the candles those ticks moved
 * (a closed candle before the one that replaced it), the venues' latest quotes and which venues are connected.
 */
export interface TickerFigures {
  symbol: string;
  last: string;
  open: string;
  high: string;
  low: string;
  volume: string;
  quoteVolume: string;
  atMs: number;
  source: MarketSource;
}

export interface CandleChange {
  symbol: string;
  interval: KlineInterval;
  candle: Candle;
}

export interface MarketUpdate {
  atMs: number;
  /** The process that produced it (its pid and host): the feed page shows who leads. */
  leader: string;
  ticks: Tick[];
  tickers: TickerFigures[];
  candles: CandleChange[];
  quotes: VenueQuote[];
  venues: { id: string; connected: boolean }[];
  /** The venues' trades since the last flush (at most TRADES_PER_FLUSH a pair), oldest first. */
  trades?: VenueTrade[];
  /** Each venue's latest book of a pair, when it changed since the last flush. */
  books?: VenueBook[];
  /** Every pair its source says cannot trade now (the whole list, so every process converges). */
  halted?: string[];
  /** Per venue: its connection, reconnects, frames received so far and its last tick's time (the feed page). */
  venueStats?: Record<string, VenueStats>;
}

/** A pair's trades a flush carries at most: the recent-trades list shows the newest. */
export const TRADES_PER_FLUSH = 100;

export const UPDATE_TOPIC = "market.update";
/** Published when an operator changes a pair, so every process reloads its pair cache. */
export const PAIRS_TOPIC = "market.pairs";

export interface LoadedState {
  book: KlineBook;
  days: Map<string, RollingDay>;
  lastTicks: Map<string, StoredTick>;
}

/** Rebuilds the aggregation state from storage: the latest candle of every interval, the last 24 h of minutes. */
export async function loadMarketState(store: MarketStore, symbols: readonly string[], nowMs: number): Promise<LoadedState> {
  const [latest, minutes, ticks] = await Promise.all([
    store.latestCandles(symbols, INTERVALS),
    store.minuteCandles(symbols, Math.floor((nowMs - 24 * 3_600_000) / 1000) - 60),
    store.lastTicks(symbols),
  ]);
  const book = new KlineBook();
  for (const row of latest) book.set(row.symbol, row.interval, fromCandle(row.candle));
  const days = new Map<string, RollingDay>();
  for (const row of minutes) {
    let day = days.get(row.symbol);
    if (!day) days.set(row.symbol, (day = new RollingDay()));
    const state = fromCandle(row.candle);
    const bar = { t: state.t, ms: 60_000, o: state.o, h: state.h, l: state.l, c: state.c, v: state.v };
    day.add(bar, estimateQuoteVolume(bar));
  }
  return { book, days, lastTicks: new Map(ticks.map((t) => [t.symbol, t])) };
}

/** Runs recorded ticks through the candles and the 24 h windows: the leader's flush and a standby's follow alike. */
export function foldTicks(book: KlineBook, days: Map<string, RollingDay>, ticks: readonly Tick[], updates: CandleUpdate[]): void {
  for (const tick of ticks) {
    const bar = tickBar(tick.atMs, tick.price, tick.quantity);
    book.apply(tick.symbol, bar, updates);
    let day = days.get(tick.symbol);
    if (!day) days.set(tick.symbol, (day = new RollingDay()));
    day.add(bar, bar.v.times(tick.price));
  }
}
