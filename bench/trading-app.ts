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

/** The setup the trading benches share: a fresh database, an app on a real port leading its feed, funded users. */

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent } as unknown as FastifyBaseLogger;
const PG_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

export type BenchDatabase = Database & { drop(): Promise<void> };

/** A migrated database: a fresh one on BENCH_DATABASE_URL's PostgreSQL server (as the test harness does), or PGlite. */
export async function benchDatabase(kind: "postgres" | "pglite"): Promise<BenchDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({});
    await migrate(database);
    return Object.assign(database, { drop: () => database.close() });
  }
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

/**
 * An app on a real port, leading its feed, BTC priced by a recorded tick (`setPrice` records the next one and drains
 * the triggers it crosses); `users` registered accounts, each credited with `funds` (currency -> amount).
 */
export async function tradingApp(database: Database, users: number, funds: Record<string, string>) {
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
  const ids: number[] = [];
  for (let i = 0; i < users; i++) {
    const res = await fetch(`${base}/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ account: `bench${i}x${randomBytes(2).toString("hex")}`, password: "secret123", re_password: "secret123", invite_code: "BENCHROOT" }),
    });
    const body = (await res.json()) as { message: { token: string; user: { id: number } } };
    const id = body.message.user.id;
    tokens.push(body.message.token);
    ids.push(id);
    await database.db.transaction(async (tx) => {
      for (const [currency, amount] of Object.entries(funds)) {
        await ledger.post(tx, { key: `bench-credit:${id}:${currency}`, kind: "deposit", cause: { kind: "deposit", id: `bench-${i}-${currency}` }, legs: [{ account: { user: id }, currency, amount }, { account: { platform: "deposits_in_transit" }, currency, amount: `-${amount}` }] });
      }
    });
  }
  return { built, base, tokens, ids, setPrice };
}
