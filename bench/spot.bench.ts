import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { buildApp } from "../server/src/app";
import { ensureRootInviteCode } from "../server/src/auth";
import { ledger } from "../server/src/ledger";
import { ManualClock } from "../server/src/platform/clock";
import { testConfig } from "../server/src/platform/config";
import { openDatabase, type Database } from "../server/src/platform/db";
import { migrate } from "../server/src/platform/migrate";
import type { BenchResult, BenchSuite } from "./run";

/**
 * Spot trading.
 * (a) Orders placed through HTTP (a real socket, 50 concurrent users), on PostgreSQL (a fresh database on
 *     BENCH_DATABASE_URL's server, as the test harness does) and on PGlite: a mix of market buys, market sells and
 *     limit buys that stay open (each a hold). Placements per second and latency.
 * (b) Limit fills: 1,000 open limit buys crossed by one tick, filled by the trigger runner (one order per
 *     transaction: settle the hold, deliver the coins, notice), on PostgreSQL.
 */

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent } as unknown as FastifyBaseLogger;
const PG_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function freshPostgres(): Promise<Database & { drop(): Promise<void> }> {
  const name = `tw_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await migrate(database);
  return {
    ...database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: PG_BASE });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function pglite(): Promise<Database & { drop(): Promise<void> }> {
  const database = await openDatabase({});
  await migrate(database);
  return Object.assign(database, { drop: () => database.close() });
}

/** An app on a real port, leading its feed, BTC priced by a recorded tick; `users` accounts with USDT and BTC. */
async function spotApp(database: Database, users: number) {
  const clock = new ManualClock(Date.now());
  const config = testConfig({ ROOT_INVITE_CODE: "BENCHROOT", LOG_LEVEL: "silent", RATE_LIMIT_AUTH: 100_000 });
  const built = await buildApp({ config, database, clock, logger: silent });
  await ensureRootInviteCode(database.db, config);
  await built.market.startManual({ historyCandles: 2, historyMinutes: 2 });
  await built.engines.triggers.ensureLoaded();
  const setPrice = async (price: string) => {
    clock.advance(1_000);
    const atMs = clock.now().getTime();
    await database.query("INSERT INTO market_ticks (symbol, at_ms, price, quantity, source) VALUES ('BTC/USDT', $1, $2, 0, 'sim')", [atMs, price]);
    built.market.service.apply({ atMs, leader: "bench", ticks: [{ symbol: "BTC/USDT", price, quantity: "0", atMs, source: "sim" }], tickers: [], candles: [], quotes: [], venues: [] });
    await built.engines.triggers.drain();
  };
  await setPrice("60000");
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}/api`;
  const tokens: string[] = [];
  for (let i = 0; i < users; i++) {
    const res = await fetch(`${base}/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ account: `spot${i}x${randomBytes(2).toString("hex")}`, password: "secret123", re_password: "secret123", invite_code: "BENCHROOT" }),
    });
    const body = (await res.json()) as { message: { token: string; user: { id: number } } };
    tokens.push(body.message.token);
    const id = body.message.user.id;
    await database.db.transaction(async (tx) => {
      for (const [currency, amount] of [["USDT", "10000000"], ["BTC", "100"]] as const) {
        await ledger.post(tx, { key: `bench-credit:${id}:${currency}`, kind: "deposit", cause: { kind: "deposit", id: `bench-${i}-${currency}` }, legs: [{ account: { user: id }, currency, amount }, { account: { platform: "deposits_in_transit" }, currency, amount: `-${amount}` }] });
      }
    });
  }
  const trade = (token: string, input: Record<string, unknown>) =>
    fetch(`${base}/coin/trade`, { method: "POST", headers: { "content-type": "application/json", authorization: token }, body: JSON.stringify({ symbol: "BTC/USDT", quantity: "0.001", ...input }) });
  return { built, tokens, setPrice, trade };
}

async function placements(kind: "postgres" | "pglite", log: (line: string) => void): Promise<BenchResult[]> {
  const database = kind === "postgres" ? await freshPostgres() : await pglite();
  const { built, tokens, trade } = await spotApp(database, 50);
  const perUser = kind === "postgres" ? 60 : 30;
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      for (let i = 0; i < perUser; i++) {
        const input = i % 3 === 0 ? { side: "buy", type: "market" } : i % 3 === 1 ? { side: "sell", type: "market" } : { side: "buy", type: "limit", price: "50000" };
        const t0 = performance.now();
        const res = await trade(token, input);
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const rate = latencies.length / seconds;
  log(`${kind}: ${latencies.length} spot orders (market buy, market sell, limit buy) by 50 concurrent users in ${seconds.toFixed(1)} s (${failures} refused)`);
  const problems = await ledger.verify(database.db);
  if (problems.length) log(`ledger problems: ${problems.join("; ")}`);
  await built.app.close();
  await database.drop();
  return [
    { name: `${kind}: placements through HTTP`, value: rate, unit: "/s", note: "50 users, a third each market buy / market sell / limit buy" },
    { name: `${kind}: placement latency p50`, value: percentile(latencies, 50), unit: "ms" },
    { name: `${kind}: placement latency p99`, value: percentile(latencies, 99), unit: "ms" },
  ];
}

async function fills(log: (line: string) => void): Promise<BenchResult[]> {
  const database = await freshPostgres();
  const { built, tokens, setPrice, trade } = await spotApp(database, 50);
  for (const token of tokens) {
    await Promise.all(Array.from({ length: 20 }, (_, i) => trade(token, { side: "buy", type: "limit", price: (59000 - i).toFixed(2) }).then((r) => r.arrayBuffer())));
  }
  const started = performance.now();
  await setPrice("58000");
  const seconds = (performance.now() - started) / 1000;
  const [{ n }] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM spot_orders WHERE status = 'filled'");
  log(`postgres: one tick crossed ${n} limit buys, filled in ${seconds.toFixed(2)} s`);
  await built.app.close();
  await database.drop();
  return [{ name: "postgres: limit orders filled after one tick", value: n / seconds, unit: "fills/s", note: `${n} orders` }];
}

export const suite: BenchSuite = {
  name: "spot",
  async run(log) {
    // SPOT_BENCH=placements (or fills) runs one part.
    const only = process.env.SPOT_BENCH;
    const want = (part: string) => !only || only === part;
    return [...(want("placements") ? [...(await placements("postgres", log)), ...(await placements("pglite", log))] : []), ...(want("fills") ? await fills(log) : [])];
  },
};
