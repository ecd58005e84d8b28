import { ledgerReads } from "../server/src/ledger";
import { createTestServer, type TestServer } from "../server/src/testing/harness";
import { credit } from "../server/src/testing/money";
import { leadTheFeed, tick } from "../server/src/testing/ticks";
import type { BenchResult, BenchSuite } from "./run";
import { postgresCpuSeconds, profileWindow, rawTransferRate } from "./trading-app";

/**
 * Timed options: 10,000 options expiring in the same second, settled when the tick of that second arrives (goal:
 * under 1 s on PostgreSQL). The options are placed through the service (stake held, opening tick recorded) by 100
 * users on one pair; then one tick at the expiry wakes the trigger book and the options source settles them all on
 * that recorded tick, in batches (many options per transaction; each option's ledger keys make it exactly once).
 * Also run on PGlite with fewer options, for comparison.
 */

const PG_BASE = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BTC = "BTC/USDT";

async function run(kind: "postgres" | "pglite", count: number, log: (line: string) => void): Promise<BenchResult[]> {
  process.env.TEST_DB = kind;
  process.env.TEST_DATABASE_URL = PG_BASE;
  const server: TestServer = await createTestServer();
  try {
    await leadTheFeed(server);
    server.clock.set(Date.UTC(2026, 10, 25, 12, 0, 0));
    await tick(server, { [BTC]: "60000" });
    const users = 100;
    const perUser = count / users;
    const tokens: Array<{ id: number; token: string }> = [];
    for (let i = 0; i < users; i++) {
      const u = await server.newUser();
      await credit(server, u.id, String(perUser * 10));
      tokens.push(u);
    }
    // Place: the same opening tick for every option, so they all expire in the same second.
    const placing = performance.now();
    const service = server.engines.options.commands;
    let placed = 0;
    await Promise.all(
      tokens.map(async (u, i) => {
        for (let k = 0; k < perUser; k++) {
          await service.submit(u.id, "crypto", { symbol: BTC, direction: (i + k) % 2 ? "up" : "down", seconds: 30, amount: "10", currency: "USDT" });
          placed++;
        }
      }),
    );
    const placeS = (performance.now() - placing) / 1000;
    log(`${kind}: placed ${placed.toLocaleString("en-US")} options in ${placeS.toFixed(1)} s (${Math.round(placed / placeS)}/s, 100 users in parallel)`);
    await server.engines.triggers.drain();
    const armed = server.engines.triggers.book.size;
    log(`${kind}: ${armed.toLocaleString("en-US")} expiries armed in the trigger book`);

    // The tick of the expiry second: the book fires every option, the source settles them on this recorded tick.
    const open = server.market.prices.lastTick(BTC)!;
    server.clock.set(open.atMs + 30_000 - 1_000);
    const profiler = await profileWindow();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const databaseCpuBefore = kind === "postgres" ? postgresCpuSeconds() : null;
    await tick(server, { [BTC]: "60000.5" });
    const settleMs = performance.now() - started;
    // This process's CPU time while settling: on a shared machine, steadier than the wall time.
    const used = process.cpuUsage(cpu);
    const databaseCpu = databaseCpuBefore === null ? null : postgresCpuSeconds()! - databaseCpuBefore;
    await profiler?.stop(`options-${kind}-${count}`);
    const cpuMs = (used.user + used.system) / 1000;
    const [{ n }] = await server.database.query<{ n: string }>("SELECT count(*) AS n FROM options WHERE status = 'settled'");
    const problems = await ledgerReads.verify(server.database.db);
    log(`${kind}: settled ${Number(n).toLocaleString("en-US")} options in ${settleMs.toFixed(0)} ms (${cpuMs.toFixed(0)} ms of this process's CPU${databaseCpu === null ? "" : `, ${(databaseCpu * 1000).toFixed(0)} ms of PostgreSQL's`}); ledger.verify: ${problems.length ? problems.join("; ") : "sound"}`);
    if (Number(n) !== count || problems.length) throw new Error("the bench did not settle every option soundly");
    const raw = kind === "postgres" ? rawTransferRate(5) : null;
    if (raw !== null) log(`${kind}: pgbench on the same server just after: ${Math.round(raw).toLocaleString("en-US")} transfers/s (settlements/s / pgbench: ${((count / settleMs) * 1000 / raw).toFixed(2)})`);
    return [
      { name: `${kind}: settle ${count.toLocaleString("en-US")} options expiring in one second`, value: settleMs, unit: "ms", note: kind === "postgres" ? "goal < 1,000 ms" : undefined },
      { name: `${kind}: node CPU while settling`, value: cpuMs, unit: "ms" },
      ...(raw !== null ? [{ name: `${kind}: settlements per second / pgbench transfers per second`, value: ((count / settleMs) * 1000) / raw, unit: "x", note: "pgbench, 8 clients: two-account transfer + entry row" }] : []),
      { name: `${kind}: settlements per second`, value: (count / settleMs) * 1000, unit: "options/s" },
      { name: `${kind}: placements per second (service, 100 users)`, value: placed / placeS, unit: "options/s" },
    ];
  } finally {
    await server.close();
  }
}

export const suite: BenchSuite = {
  name: "timed options",
  async run(log) {
    const results = await run("postgres", 10_000, log);
    if (!process.argv.includes("--no-pglite")) results.push(...(await run("pglite", 2_000, log)));
    return results;
  },
};
