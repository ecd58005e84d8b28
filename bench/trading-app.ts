import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "../server/src/app";
import { ensureRootInviteCode } from "../server/src/auth";
import { ledger } from "../server/src/ledger";
import { ManualClock } from "../server/src/platform/clock";
import { testConfig } from "../server/src/platform/config";
import type { Database } from "../server/src/platform/db";
import { freshDatabase } from "../server/src/testing/harness";

/** The setup the trading benches share: a fresh database, an app on a real port leading its feed, funded users. */

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent } as unknown as FastifyBaseLogger;
const PG_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** A migrated database: a fresh one on BENCH_DATABASE_URL's PostgreSQL server (dropped by `close`), or PGlite. */
export const benchDatabase = (kind: "postgres" | "pglite"): Promise<Database> => freshDatabase(kind, PG_BASE);

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
