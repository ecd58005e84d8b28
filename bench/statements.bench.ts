import { createTestServer } from "../server/src/testing/harness";
import type { BenchSuite } from "./run";

/**
 * `finance/export` of a year of one user's ledger: `STATEMENTS_BENCH_ENTRIES` (default 100,000) entries spread over
 * 365 days, written straight into the ledger tables, then exported through a real HTTP listener and read by a
 * client that counts the bytes and keeps none. Samples the process's heap and RSS every 20 ms during the export (the
 * server and PGlite share this process, so RSS includes the database's own pages) and reports the peak growth over
 * the level before it: bounded memory means that growth stays about the same whatever the number of entries, and
 * far below the CSV's size (run with NODE_OPTIONS=--expose-gc for the live heap, collected as it goes). The database is the suite's: PGlite by default, PostgreSQL with `TEST_DB=postgres`.
 */
export const suite: BenchSuite = {
  name: "statements: a year of ledger entries exported as CSV, memory sampled",
  async run(log) {
    const entries = Number(process.env.STATEMENTS_BENCH_ENTRIES ?? 100_000);
    const server = await createTestServer();
    const q = (text: string, params: unknown[] = []) => server.database.query(text, params);
    try {
      const user = await server.newUser();
      const start = Date.UTC(2025, 0, 1);
      const setupStarted = performance.now();
      await q(`INSERT INTO ledger_accounts (user_id, currency, available, frozen) VALUES ($1, 'USDT', $2, 0)`, [user.id, (entries * 1.25).toFixed(2)]);
      await q(`INSERT INTO ledger_accounts (platform, currency) SELECT 'deposits_in_transit', 'USDT' WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE platform = 'deposits_in_transit' AND currency = 'USDT')`);
      // An operator's reason with a comma and quotes on every tenth entry, so the writer quotes as it goes.
      await q(
        `INSERT INTO ledger_entries (idempotency_key, kind, cause_kind, cause_id, memo, created_at)
         SELECT 'bench:statement:' || g, 'deposit', 'deposit', g::text, CASE WHEN g % 10 = 0 THEN 'bench, "quoted"' END,
                to_timestamp($2::double precision / 1000 + (g - 1) * (365 * 86400.0 / $1::int))
         FROM generate_series(1, $1::int) g`,
        [entries, start],
      );
      await q(
        `WITH e AS (SELECT id, created_at, row_number() OVER (ORDER BY id) AS n FROM ledger_entries WHERE idempotency_key LIKE 'bench:statement:%'),
              u AS (SELECT id FROM ledger_accounts WHERE user_id = $1 AND currency = 'USDT'),
              p AS (SELECT id FROM ledger_accounts WHERE platform = 'deposits_in_transit' AND currency = 'USDT')
         INSERT INTO ledger_postings (entry_id, account_id, user_id, currency, bucket, amount, balance_before, balance_after, created_at)
         SELECT e.id, u.id, $1, 'USDT', 'available', 1.25, 1.25 * (e.n - 1), 1.25 * e.n, e.created_at FROM e, u
         UNION ALL
         SELECT e.id, p.id, NULL, 'USDT', 'available', -1.25, NULL, NULL, e.created_at FROM e, p`,
        [user.id],
      );
      log(`${entries.toLocaleString("en-US")} entries written in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

      const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
      const url = `${address}/api/finance/export?kind=ledger&from=${start / 1000}&to=${start / 1000 + 365 * 86_400}`;
      global.gc?.();
      const before = process.memoryUsage();
      let peakHeap = before.heapUsed;
      let peakRss = before.rss;
      // With --expose-gc, every tenth sample collects first: the live heap, without garbage not yet collected.
      let peakLive = before.heapUsed;
      let samples = 0;
      const sampler = setInterval(() => {
        if (global.gc && ++samples % 10 === 0) {
          global.gc();
          peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
        }
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakRss = Math.max(peakRss, now.rss);
      }, 20);
      const started = performance.now();
      const response = await fetch(url, { headers: { authorization: user.token } });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const mb = (n: number) => n / 1024 / 1024;
      log(`HTTP ${response.status}, ${lines.toLocaleString("en-US")} lines (header + entries + quoted line breaks: none), ${mb(bytes).toFixed(1)} MB`);
      return [
        { name: "export time", value: seconds, unit: "s", note: `${entries.toLocaleString("en-US")} entries` },
        { name: "rows per second", value: (lines - 1) / seconds, unit: "rows/s" },
        { name: "CSV size", value: mb(bytes), unit: "MB" },
        { name: "peak heap growth", value: mb(peakHeap - before.heapUsed), unit: "MB", note: "over the heap before the export" },
        { name: "peak RSS growth", value: mb(peakRss - before.rss), unit: "MB", note: "server + PGlite in this process" },
        ...(global.gc ? [{ name: "peak live heap growth", value: mb(peakLive - before.heapUsed), unit: "MB", note: "collected every 200 ms" }] : []),
      ];
    } finally {
      await server.close();
    }
  },
};
