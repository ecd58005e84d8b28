import { ledgerReads } from "../server/src/ledger";
import type { BenchResult, BenchSuite } from "./run";
import { benchDatabase, percentile, rawTransferRate, tradingApp } from "./trading-app";

/**
 * Spot trading.
 * (a) Orders placed through HTTP (a real socket, 50 concurrent users), on PostgreSQL (a fresh database on
 *     BENCH_DATABASE_URL's server, as the test harness does) and on PGlite: a mix of market buys, market sells and
 *     limit buys that stay open (each a hold). Placements per second and latency.
 * (b) Limit fills (SPOT_BENCH=fills): 1,000 and 10,000 open limit buys crossed by one tick, settled by the trigger
 *     runner, on PostgreSQL, with ledgerReads.verify after and pgbench beside it.
 */

/** The trading app with users holding USDT and BTC, and their order call. */
async function spotApp(kind: "postgres" | "pglite", users: number) {
  const database = await benchDatabase(kind);
  const app = await tradingApp(database, users, { USDT: "10000000", BTC: "100" });
  const trade = (token: string, input: Record<string, unknown>) =>
    fetch(`${app.base}/coin/trade`, { method: "POST", headers: { "content-type": "application/json", authorization: token }, body: JSON.stringify({ symbol: "BTC/USDT", quantity: "0.001", ...input }) });
  return { ...app, database, trade };
}

async function placements(kind: "postgres" | "pglite", log: (line: string) => void): Promise<BenchResult[]> {
  const { database, built, tokens, trade } = await spotApp(kind, 50);
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
  const problems = await ledgerReads.verify(database.db);
  if (problems.length) log(`ledger problems: ${problems.join("; ")}`);
  await built.app.close();
  await database.close();
  return [
    { name: `${kind}: placements through HTTP`, value: rate, unit: "/s", note: "50 users, a third each market buy / market sell / limit buy" },
    { name: `${kind}: placement latency p50`, value: percentile(latencies, 50), unit: "ms" },
    { name: `${kind}: placement latency p99`, value: percentile(latencies, 99), unit: "ms" },
  ];
}

/**
 * `count` open limit buys (50 users, each a ladder of prices under the last) crossed by ONE tick, settled by the
 * trigger runner; the time from the tick to the last fill committed, then ledgerReads.verify. Beside it, pgbench on the same
 * server in the same run (the machine is shared: the ratio is the comparable figure).
 */
async function fills(count: number, log: (line: string) => void): Promise<BenchResult[]> {
  const { database, built, tokens, setPrice, trade } = await spotApp("postgres", 50);
  const perUser = Math.ceil(count / tokens.length);
  const placing = performance.now();
  let refused = 0;
  await Promise.all(
    tokens.map(async (token) => {
      // A few at a time per user: the placements group-commit, and the ladder stays under the last price (60,000).
      for (let i = 0; i < perUser; i += 4) {
        await Promise.all(
          Array.from({ length: Math.min(4, perUser - i) }, (_, k) =>
            trade(token, { side: "buy", type: "limit", price: (59000 - ((i + k) % 500)).toFixed(2) }).then(async (r) => {
              await r.arrayBuffer();
              if (r.status !== 200) refused++;
            }),
          ),
        );
      }
    }),
  );
  const [{ open }] = await database.query<{ open: number }>("SELECT count(*)::int AS open FROM spot_orders WHERE status = 'open'");
  log(`postgres: ${open.toLocaleString("en-US")} limit buys placed in ${((performance.now() - placing) / 1000).toFixed(1)} s (${refused} refused)`);
  const started = performance.now();
  await setPrice("58000");
  const ms = performance.now() - started;
  const [{ n }] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM spot_orders WHERE status = 'filled'");
  const problems = await ledgerReads.verify(database.db);
  log(`postgres: one tick crossed ${n.toLocaleString("en-US")} limit buys, filled in ${ms.toFixed(0)} ms; ledger.verify: ${problems.length ? problems.join("; ") : "sound"}`);
  await built.app.close();
  await database.close();
  const raw = rawTransferRate(5);
  log(`postgres: pgbench on the same server just after: ${Math.round(raw).toLocaleString("en-US")} transfers/s`);
  if (n !== open || problems.length) throw new Error("the bench did not fill every crossed order soundly");
  return [
    { name: `postgres: ${n.toLocaleString("en-US")} limit orders crossed by one tick, settled`, value: ms, unit: "ms" },
    { name: `postgres: fills per second (${n.toLocaleString("en-US")})`, value: (n / ms) * 1000, unit: "fills/s" },
    { name: `postgres: fills per second / pgbench transfers per second (${n.toLocaleString("en-US")})`, value: (n / ms) * 1000 / raw, unit: "x", note: "pgbench, 8 clients: two-account transfer + entry row" },
  ];
}

export const suite: BenchSuite = {
  name: "spot",
  async run(log) {
    // SPOT_BENCH=placements (or fills) runs one part.
    const only = process.env.SPOT_BENCH;
    const want = (part: string) => !only || only === part;
    const results = want("placements") ? [...(await placements("postgres", log)), ...(await placements("pglite", log))] : [];
    // SPOT_FILLS=1000,10000 (the default): how many resting limit orders one tick crosses, one run each.
    if (want("fills")) for (const count of (process.env.SPOT_FILLS ?? "1000,10000").split(",").map(Number)) results.push(...(await fills(count, log)));
    return results;
  },
};
