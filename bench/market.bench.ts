import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "../server/src/app";
import { DEFAULT_RUNNER_OPTIONS, FeedRunner } from "../server/src/market/feed-runner";
import { type FeedAdapter, INSTRUMENTS, type Instrument, SimFeed, type Tick, VenueMix } from "../server/src/feeds";
import { MarketStore, type CandleRow } from "../server/src/market/market.store";
import { createLocalBus } from "../server/src/platform/bus";
import { ManualClock } from "../server/src/platform/clock";
import { testConfig } from "../server/src/platform/config";
import { openDatabase } from "../server/src/platform/db";
import { migrate } from "../server/src/platform/migrate";
import type { BenchResult, BenchSuite } from "./run";

/**
 * The market feed: ticks per second through aggregation (8 kline intervals + the rolling 24 h ticker) for 1,000
 * instruments, the same with three venues feeding every pair (their trades through the venue mix: median, trades list), the same with every tick and candle recorded in PGlite, and the socket fan-out to 1,000 local
 * clients (in a worker thread, so they do not share the server's event loop).
 */

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent } as unknown as FastifyBaseLogger;

/** 1,000 instruments shaped like the listed ones, at different price levels. */
function manyInstruments(count: number): Instrument[] {
  return Array.from({ length: count }, (_, i) => {
    const model = INSTRUMENTS[i % 10];
    const base = `C${i}`;
    return { ...model, symbol: `${base}/USDT`, base, binance: undefined, sim: { ...model.sim, reference: model.sim.reference * (1 + (i % 7) / 10) } };
  });
}

/** Three venues' adapters that the bench feeds by hand (their trades go through the venue mix as live ones do). */
const BENCH_VENUES = ["binance", "okx", "bybit"] as const;
function benchMix(clock: ManualClock, symbols: string[]): VenueMix {
  const children = BENCH_VENUES.map((id): FeedAdapter => ({ source: id, symbols, venues: [{ id, name: id, source: id }], connectedVenues: () => [id], start() {}, stop() {} }));
  return new VenueMix(children, { clock, maxAgeMs: () => 5_000 });
}

async function aggregation(instruments: Instrument[], record: boolean, log: (line: string) => void, venues = false): Promise<BenchResult[]> {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const database = record ? await openDatabase({}) : null;
  if (database) await migrate(database);
  const store = database
    ? new MarketStore(database)
    : ({ writeFlush: async (_t: readonly Tick[], _c: readonly CandleRow[]) => true } as unknown as MarketStore);
  const sim = new SimFeed({ instruments, seed: "bench", clock, tickMs: 1_000, auto: false });
  const precision = new Map(instruments.map((i) => [i.symbol, i.pricePrecision]));
  const runner = new FeedRunner({ store, bus: createLocalBus(), clock, log: silent, adapters: [sim], precision: (s) => precision.get(s) }, { ...DEFAULT_RUNNER_OPTIONS, minTickMs: 0 });
  await runner.start(new Map(), false);
  // With venues: every simulated tick arrives as three venues' trades a little apart, and the mix prices the pair.
  const mix = venues ? benchMix(clock, instruments.map((i) => i.symbol)) : null;
  await mix?.start({ tick: (t) => runner.ingest(t), quote: () => {}, trade: (t) => runner.trade(t) });

  // Ticks are produced first (the simulator is not what is measured), then fed through ingest + flush.
  const seconds = record ? 20 : 60;
  const batches: Tick[][] = [];
  const sink = { tick: (t: Tick) => batches[batches.length - 1].push(t), quote: () => {} };
  const producer = new SimFeed({ instruments, seed: "bench", clock, tickMs: 1_000, auto: false });
  producer.start(sink, new Map());
  for (let s = 1; s <= seconds; s++) {
    batches.push([]);
    producer.step(Date.UTC(2026, 0, 1) + s * 1_000);
  }
  let ticks = 0;
  const flushMs: number[] = [];
  const started = performance.now();
  for (const batch of batches) {
    clock.advance(1_000);
    if (mix) {
      for (const tick of batch) for (const [n, venue] of BENCH_VENUES.entries()) mix.onVenueTick({ ...tick, atMs: tick.atMs - n, venue, source: venue, side: "buy" });
    } else for (const tick of batch) runner.ingest(tick);
    const t = performance.now();
    await runner.flush();
    flushMs.push(performance.now() - t);
    ticks += batch.length * (mix ? BENCH_VENUES.length : 1);
  }
  const elapsed = (performance.now() - started) / 1000;
  await runner.stop();
  await database?.close();
  flushMs.sort((a, b) => a - b);
  const p50 = flushMs[Math.floor(flushMs.length / 2)];
  log(`${instruments.length} instruments, ${seconds} s of ticks, ${ticks.toLocaleString("en-US")} ticks${record ? ", recorded in PGlite (ticks + 8 intervals of candles)" : ""}`);
  const label = `${record ? "recorded (PGlite)" : "aggregation only"}${mix ? ", 3 venues (venue trades in)" : ""}`;
  return [
    { name: `ticks/s, ${label}`, value: ticks / elapsed, unit: "ticks/s", note: `${instruments.length} instruments x 8 intervals + 24 h ticker` },
    { name: `flush of 1 s of ticks, ${label}, p50`, value: p50, unit: "ms", note: `${instruments.length} ticks per flush` },
  ];
}

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const WebSocket = require(workerData.wsPath);
const { url, clients, symbols } = workerData;
let received = 0;
let target = Infinity;
let opened = 0;
const sockets = [];
const check = () => {
  if (received >= target) { target = Infinity; parentPort.postMessage({ type: "reached", received }); }
};
for (let i = 0; i < clients; i++) {
  const ws = new WebSocket(url);
  ws.on("open", () => {
    for (const symbol of symbols) ws.send(JSON.stringify({ op: "subscribe", channel: "ticker", symbol }));
    ws.send(JSON.stringify({ op: "subscribe", channel: "kline", symbol: symbols[0], interval: "1m" }));
    if (++opened === clients) parentPort.postMessage({ type: "open" });
  });
  ws.on("message", () => { received++; check(); });
  ws.on("error", (e) => parentPort.postMessage({ type: "error", message: String(e) }));
  sockets.push(ws);
}
parentPort.on("message", (m) => {
  if (m.type === "expect") { target = m.count; check(); }
  if (m.type === "close") { for (const ws of sockets) ws.terminate(); parentPort.postMessage({ type: "closed" }); }
});
`;

async function fanOut(clients: number, log: (line: string) => void): Promise<BenchResult[]> {
  const database = await openDatabase({});
  await migrate(database);
  const clock = new ManualClock(Date.now());
  const { app, market, hub } = await buildApp({ config: testConfig({ ROOT_INVITE_CODE: "BENCH1" }), database, clock, logger: silent });
  await market.startManual({ historyCandles: 10, historyMinutes: 30 });
  clock.advance(1_000);
  await market.step();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  const symbols = INSTRUMENTS.map((i) => i.symbol);

  const worker = new Worker(WORKER, { eval: true, workerData: { url, clients, symbols, wsPath: createRequire(import.meta.url).resolve("ws") } });
  const waitFor = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (m.type === "error") reject(new Error(String(m.message)));
        if (m.type !== type) return;
        worker.off("message", onMessage);
        resolve(m);
      };
      worker.on("message", onMessage);
    });
  const connectStarted = performance.now();
  await waitFor("open");
  // Every ack and snapshot delivered before the clock starts.
  const reached = waitFor("reached");
  worker.postMessage({ type: "expect", count: hub.stats.sent });
  await reached;
  log(`${clients} clients connected and subscribed (18 tickers + a 1 m kline each) in ${Math.round(performance.now() - connectStarted)} ms`);

  const steps = 30;
  const latencies: number[] = [];
  const stepMs: number[] = [];
  const sentBefore = hub.stats.sent;
  const started = performance.now();
  for (let i = 0; i < steps; i++) {
    clock.advance(1_000);
    const t = performance.now();
    await market.step();
    stepMs.push(performance.now() - t);
    const delivered = waitFor("reached");
    worker.postMessage({ type: "expect", count: hub.stats.sent });
    await delivered;
    latencies.push(performance.now() - t);
  }
  const elapsed = (performance.now() - started) / 1000;
  const frames = hub.stats.sent - sentBefore;
  const closed = waitFor("closed");
  worker.postMessage({ type: "close" });
  await closed;
  await worker.terminate();
  await app.close();
  await database.close();
  latencies.sort((a, b) => a - b);
  stepMs.sort((a, b) => a - b);
  log(`${steps} ticks of 18 pairs; each tick: record, publish, fan out to every client, until the last frame arrives`);
  return [
    { name: "frames delivered", value: frames / elapsed, unit: "frames/s", note: `${clients} clients, skipped ${hub.stats.skipped}` },
    { name: "tick to last client, p50", value: latencies[Math.floor(latencies.length / 2)], unit: "ms", note: `${(frames / steps).toFixed(0)} frames per tick` },
    { name: "tick to last client, p95", value: latencies[Math.floor(latencies.length * 0.95)], unit: "ms" },
    { name: "server side of a tick (record + write to sockets), p50", value: stepMs[Math.floor(stepMs.length / 2)], unit: "ms" },
  ];
}

export const suite: BenchSuite = {
  name: "market feed",
  async run(log) {
    const instruments = manyInstruments(1_000);
    return [...(await aggregation(instruments, false, log)), ...(await aggregation(instruments, false, log, true)), ...(await aggregation(instruments, true, log)), ...(await fanOut(1_000, log))];
  },
};
