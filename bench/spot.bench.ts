import { ledger } from "../server/src/ledger";
import type { BenchResult, BenchSuite } from "./run";
import { benchDatabase, percentile, tradingApp } from "./trading-app";

/**
 * Spot trading.
 * (a) Orders placed through HTTP (a real socket, 50 concurrent users), on PostgreSQL (a fresh database on
 *     BENCH_DATABASE_URL's server, as the test harness does) and on PGlite: a mix of market buys, market sells and
 *     limit buys that stay open (each a hold). Placements per second and latency.
 * (b) Limit fills: 1,000 open limit buys crossed by one tick, filled by the trigger runner (one order per
 *     transaction: settle the hold, deliver the coins, notice), on PostgreSQL.
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
  const problems = await ledger.verify(database.db);
  if (problems.length) log(`ledger problems: ${problems.join("; ")}`);
  await built.app.close();
  await database.close();
  return [
    { name: `${kind}: placements through HTTP`, value: rate, unit: "/s", note: "50 users, a third each market buy / market sell / limit buy" },
    { name: `${kind}: placement latency p50`, value: percentile(latencies, 50), unit: "ms" },
    { name: `${kind}: placement latency p99`, value: percentile(latencies, 99), unit: "ms" },
  ];
}

async function fills(log: (line: string) => void): Promise<BenchResult[]> {
  const { database, built, tokens, setPrice, trade } = await spotApp("postgres", 50);
  for (const token of tokens) {
    await Promise.all(Array.from({ length: 20 }, (_, i) => trade(token, { side: "buy", type: "limit", price: (59000 - i).toFixed(2) }).then((r) => r.arrayBuffer())));
  }
  const started = performance.now();
  await setPrice("58000");
  const seconds = (performance.now() - started) / 1000;
  const [{ n }] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM spot_orders WHERE status = 'filled'");
  log(`postgres: one tick crossed ${n} limit buys, filled in ${seconds.toFixed(2)} s`);
  await built.app.close();
  await database.close();
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
