import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createLocalBus } from "../platform/bus";
import { ManualClock } from "../platform/clock";
import type { Tick } from "../feeds";
import { DEFAULT_RUNNER_OPTIONS, FeedRunner } from "./feed-runner";
import type { CandleRow, MarketStore } from "./market.store";
import { UPDATE_TOPIC, type MarketUpdate } from "./market-state";

/** The leader's rules for ticks, on a store stub: order, folding, precision, and nothing published unrecorded. */

const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const T0 = Date.UTC(2026, 0, 1, 12);

function setup(failures = 0) {
  const saved: { ticks: Tick[]; candles: CandleRow[] }[] = [];
  let fail = failures;
  const store = {
    async writeFlush(ticks: readonly Tick[], candles: readonly CandleRow[]) {
      if (fail-- > 0) throw new Error("database unavailable");
      saved.push({ ticks: [...ticks], candles: [...candles] });
      return true;
    },
  } as unknown as MarketStore;
  const bus = createLocalBus();
  const published: MarketUpdate[] = [];
  bus.subscribe(UPDATE_TOPIC, (m) => published.push(m as MarketUpdate));
  const clock = new ManualClock(T0);
  const precision = (symbol: string) => ({ "BTC/USDT": 2, "DOGE/USDT": 6 })[symbol];
  const runner = new FeedRunner({ store, bus, clock, log: silent, adapters: [], precision }, { ...DEFAULT_RUNNER_OPTIONS, minTickMs: 100 });
  const tick = (atMs: number, price: string, quantity = "1", symbol = "BTC/USDT"): void => runner.ingest({ symbol, price, quantity, atMs: T0 + atMs, source: "binance" });
  return { runner, saved, published, tick, clock };
}

const line = (t: Tick) => `${t.symbol} ${t.atMs - T0} ${t.price} ${t.quantity}`;

describe("FeedRunner: ticks in", () => {
  it("folds ticks closer than minTickMs: the last price, the quantities added", async () => {
    const { runner, saved, tick } = setup();
    tick(0, "100.00", "1");
    tick(40, "101.00", "2");
    tick(99, "102.00", "0.5");
    tick(100, "103.00", "1");
    tick(250, "104.00", "1");
    await runner.flush();
    expect(saved[0].ticks.map(line)).toEqual(["BTC/USDT 99 102 3.5", "BTC/USDT 100 103 1", "BTC/USDT 250 104 1"]);
  });

  it("never lets a pair's time go backwards: a late tick after a flush moves one millisecond on", async () => {
    const { runner, saved, tick } = setup();
    tick(500, "100");
    await runner.flush();
    tick(200, "99");
    tick(500, "98");
    await runner.flush();
    expect(saved[1].ticks.map(line)).toEqual(["BTC/USDT 501 98 2"]);
  });

  it("writes prices with the pair's precision (canonical, half up) and drops what cannot be priced", async () => {
    const { runner, saved, tick } = setup();
    tick(0, "65012.345");
    tick(0, "0.0000004", "1", "DOGE/USDT");
    tick(0, "5", "1", "NOPE/USDT");
    tick(200, "0.000001", "1", "BTC/USDT");
    await runner.flush();
    expect(saved[0].ticks.map(line)).toEqual(["BTC/USDT 0 65012.35 1"]);
  });

  it("publishes only what is recorded, and retries what the database refused", async () => {
    const { runner, saved, published, tick } = setup(1);
    tick(0, "100");
    await runner.flush();
    expect(saved).toHaveLength(0);
    expect(published).toHaveLength(0);
    tick(1_000, "101");
    await runner.flush();
    expect(saved[0].ticks.map(line)).toEqual(["BTC/USDT 0 100 1", "BTC/USDT 1000 101 1"]);
    expect(published).toHaveLength(1);
    expect(published[0].ticks).toHaveLength(2);
    expect(published[0].tickers[0]).toMatchObject({ symbol: "BTC/USDT", last: "101", open: "100", high: "101", low: "100", volume: "2", quoteVolume: "201" });
  });

  it("stops, publishing nothing, once its writes are fenced off (another process leads)", async () => {
    const { runner, published, tick } = setup();
    const fencedStore = { writeFlush: async () => false } as unknown as MarketStore;
    (runner as unknown as { deps: { store: MarketStore } }).deps.store = fencedStore;
    tick(0, "100");
    await runner.flush();
    tick(1_000, "101");
    await runner.flush();
    expect(published).toEqual([]);
    expect(runner.stats.ticks).toBe(0);
  });

  it("sends a closed candle before the one that replaced it", async () => {
    const { runner, published, tick } = setup();
    tick(0, "100");
    await runner.flush();
    tick(60_000, "110");
    await runner.flush();
    const minutes = published[1].candles.filter((c) => c.interval === "1m");
    expect(minutes.map((c) => [c.candle.t - T0 / 1000, c.candle.c])).toEqual([
      [0, "100"],
      [60, "110"],
    ]);
  });
});

describe("FeedRunner: a follower's standby state", () => {
  function pair() {
    const saved: Tick[] = [];
    let loads = 0;
    const store = {
      async writeFlush(ticks: readonly Tick[]) {
        saved.push(...ticks);
        return true;
      },
      async latestCandles() {
        loads++;
        return [];
      },
      async minuteCandles() {
        return [];
      },
      async lastTicks() {
        const last = new Map<string, Tick>();
        for (const t of saved) last.set(t.symbol, t);
        return [...last.values()];
      },
      async writeCandles() {},
    } as unknown as MarketStore;
    const bus = createLocalBus();
    const clock = new ManualClock(T0);
    const precision = () => 2;
    const make = () => new FeedRunner({ store, bus, clock, log: silent, adapters: [], precision }, DEFAULT_RUNNER_OPTIONS);
    const published: MarketUpdate[] = [];
    bus.subscribe(UPDATE_TOPIC, (m) => published.push(m as MarketUpdate));
    return { leader: make(), follower: make(), saved, published, loads: () => loads, clock };
  }

  it("follows the leader's published ticks, and takes over with the leader's figures without loading them again", async () => {
    const { leader, follower, published, loads } = pair();
    published.length = 0;
    await follower.warmStandby();
    expect(loads()).toBe(1);
    for (let i = 0; i < 5; i++) {
      leader.ingest({ symbol: "BTC/USDT", price: String(100 + i), quantity: "2", atMs: T0 + i * 1_000, source: "sim" });
      await leader.flush();
    }
    expect(published.length).toBe(5);
    await follower.init();
    expect(loads()).toBe(1);
    // The next tick gives the same candles and 24 h figures whichever of the two folds it.
    const next: Tick = { symbol: "BTC/USDT", price: "99", quantity: "1", atMs: T0 + 61_000, source: "sim" };
    expect(follower.aggregate([next])).toEqual(leader.aggregate([next]));
  });

  it("loads from storage when it missed the last recorded tick", async () => {
    const { leader, follower, saved, loads } = pair();
    await follower.warmStandby();
    leader.ingest({ symbol: "BTC/USDT", price: "100", quantity: "1", atMs: T0, source: "sim" });
    await leader.flush();
    // A tick recorded but never seen on the bus (a lost message): the standby is incomplete.
    saved.push({ symbol: "BTC/USDT", price: "101", quantity: "1", atMs: T0 + 1_000, source: "sim" });
    await follower.init();
    expect(loads()).toBe(2);
  });
});
