import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "../server/src/app";
import { ensureRootInviteCode } from "../server/src/auth";
import { ledger, transfers } from "../server/src/ledger";
import { ManualClock } from "../server/src/platform/clock";
import { testConfig } from "../server/src/platform/config";
import { openDatabase, type Database } from "../server/src/platform/db";
import { migrate } from "../server/src/platform/migrate";
import { freshDatabase } from "../server/src/testing/harness";

/** The setup the trading benches share: a fresh database, an app on a real port leading its feed, funded users. */

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent } as unknown as FastifyBaseLogger;
const PG_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/**
 * A migrated database: a fresh one on BENCH_DATABASE_URL's PostgreSQL server (dropped by `close`), or PGlite in a
 * data folder of its own, as `npm start` runs it (removed by `close`).
 */
export async function benchDatabase(kind: "postgres" | "pglite"): Promise<Database> {
  if (kind === "postgres") return freshDatabase(kind, PG_BASE);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
  const database = await openDatabase({ dataDir: path.join(folder, "pglite") });
  await migrate(database);
  const close = database.close.bind(database);
  return {
    ...database,
    async close() {
      await close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * An app on a real port, leading its feed, BTC priced by a recorded tick (`setPrice` records the next one and drains
 * the triggers it crosses); `users` registered accounts, each credited with `funds` (currency -> amount).
 */
export async function tradingApp(database: Database, users: number, funds: Record<string, string>) {
  const clock = new ManualClock(Date.now());
  // Sessions remembered as a server started with the defaults does (the tests read every time).
  const config = testConfig({ ROOT_INVITE_CODE: "BENCHROOT", LOG_LEVEL: "silent", RATE_LIMIT_AUTH: 100_000, SESSION_REMEMBER_MS: 2_000 });
  const built = await buildApp({ config, database, clock, logger: silent });
  await ensureRootInviteCode(database.db, config);
  await built.market.startManual({ historyCandles: 2, historyMinutes: 2 });
  await built.engines.triggers.ensureLoaded();
  const setPrice = async (price: string) => {
    clock.advance(1_000);
    const atMs = clock.now().getTime();
    await database.query("INSERT INTO market_ticks (symbol, at_ms, price, quantity, source) VALUES ('BTC/USDT', $1, $2, 0, 'sim')", [atMs, price]);
    built.market.apply({ atMs, leader: "bench", ticks: [{ symbol: "BTC/USDT", price, quantity: "0", atMs, source: "sim" }], tickers: [], candles: [], quotes: [], venues: [] });
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
        await ledger.post(tx, { key: `bench-credit:${id}:${currency}`, ...transfers.depositCredit({ userId: id, currency, amount, depositId: `bench-${i}-${currency}` }) });
      }
    });
  }
  return { built, base, tokens, ids, setPrice };
}

/** Runs `bench/load-client.ts` in a process of its own with this job; answers its latencies (sorted), failures, seconds and its own CPU. */
export async function loadFromOutside(job: { base: string; tokens: string[]; perUser: number; path: string; bodies: object[]; keyed?: boolean }) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "load-client.ts")], { stdio: ["pipe", "pipe", "inherit"] });
  child.stdin.end(JSON.stringify(job));
  let out = "";
  for await (const chunk of child.stdout) out += String(chunk);
  const result = JSON.parse(out) as { latencies: number[]; failures: number; seconds: number; cpuMs: number };
  result.latencies.sort((a, b) => a - b);
  return result;
}

/**
 * The raw rate of the PostgreSQL server: pgbench, 8 clients for `seconds`, each transaction a two-account transfer
 * and an entry row (accounts locked in a fixed order, as the ledger does), on a scratch database of the same server.
 */
export function rawTransferRate(seconds = 10): number {
  const url = new URL(PG_BASE);
  const scratch = `bench_raw_${process.pid}`;
  const admin = (sqlText: string) => execFileSync("psql", [PG_BASE, "-q", "-c", sqlText], { stdio: "pipe" });
  admin(`CREATE DATABASE ${scratch}`);
  try {
    url.pathname = `/${scratch}`;
    execFileSync("psql", [url.toString(), "-q", "-c", "CREATE TABLE accounts (id int PRIMARY KEY, balance numeric NOT NULL); CREATE TABLE entries (id bigserial PRIMARY KEY, a int, b int, amount numeric, at timestamptz DEFAULT now()); INSERT INTO accounts SELECT g, 1000000 FROM generate_series(1, 100) g;"], { stdio: "pipe" });
    const script = path.join(os.tmpdir(), `${scratch}.sql`);
    fs.writeFileSync(script, "\\set a random(1, 50)\n\\set b random(51, 100)\nBEGIN;\nUPDATE accounts SET balance = balance - 1 WHERE id = :a;\nUPDATE accounts SET balance = balance + 1 WHERE id = :b;\nINSERT INTO entries (a, b, amount) VALUES (:a, :b, 1);\nEND;\n");
    const out = execFileSync("pgbench", ["-n", "-c", "8", "-j", "2", "-T", String(seconds), "-f", script, url.toString()], { stdio: "pipe" }).toString();
    fs.rmSync(script);
    const tps = /tps = ([\d.]+)/.exec(out);
    return tps ? Number(tps[1]) : 0;
  } finally {
    admin(`DROP DATABASE ${scratch}`);
  }
}

/**
 * CPU seconds used so far by this machine's PostgreSQL processes (Linux /proc; null elsewhere): the database's
 * share of a measured window, beside the server's own `process.cpuUsage`.
 */
export function postgresCpuSeconds(): number | null {
  if (!fs.existsSync("/proc/self/stat")) return null;
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux
  let ticks = 0;
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      if (!stat.slice(stat.indexOf("(") + 1, close).startsWith("postgres")) continue;
      const fields = stat.slice(close + 2).split(" ");
      // utime and stime are fields 14 and 15 of stat(5); fields here start at field 3.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A process that ended between the listing and the read.
    }
  }
  return ticks / ticksPerSecond;
}

/**
 * `BENCH_PROFILE=dir`: a CPU profile of a bench's measured window only, `<dir>/<name>.cpuprofile` (open it in Chrome's
 * DevTools); with `BENCH_HEAP=1` also a sampling heap profile of what was allocated in it (collected objects too).
 * Without BENCH_PROFILE it does nothing.
 */
export async function profileWindow() {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return null;
  const inspector = await import("node:inspector/promises");
  const session = new inspector.Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  if (process.env.BENCH_HEAP) await session.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return {
    async stop(name: string) {
      fs.mkdirSync(dir, { recursive: true });
      if (process.env.BENCH_HEAP) fs.writeFileSync(`${dir}/${name}.heapprofile`, JSON.stringify((await session.post("HeapProfiler.stopSampling")).profile));
      const { profile } = await session.post("Profiler.stop");
      fs.writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
