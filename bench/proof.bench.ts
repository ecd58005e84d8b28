import { createTestServer } from "../server/src/testing/harness";
import type { BenchResult, BenchSuite } from "./run";

/**
 * Proof of liabilities: a snapshot of `PROOF_BENCH_USERS` (default 100,000) user balances on PGlite (goal: a few
 * seconds): one query reads every non-zero balance, the trees are hashed in memory, leaves and levels are written in
 * batches in one transaction. The balances are seeded straight into the tables (what is measured is the snapshot,
 * not the ledger); one user in ten also holds BTC. Then `proof/mine` for a few users (each path read as slices of
 * the stored levels).
 */
export const suite: BenchSuite = {
  name: "proof: snapshot of 100,000 balances",
  async run(log) {
    const count = Number(process.env.PROOF_BENCH_USERS ?? 100_000);
    const server = await createTestServer();
    try {
      const db = server.database;
      await db.query(
        `INSERT INTO users (account, invite_code) SELECT 'bench' || g, 'B' || g FROM generate_series(1, ${count}) AS g`,
      );
      await db.query(
        `INSERT INTO ledger_accounts (user_id, currency, available, frozen)
         SELECT id, 'USDT', (id % 100000) + 0.5, (id % 7) FROM users WHERE account LIKE 'bench%'
         UNION ALL SELECT id, 'BTC', (id % 1000) / 1000.0 + 0.001, 0 FROM users WHERE account LIKE 'bench%' AND id % 10 = 0`,
      );
      log(`seeded ${count.toLocaleString("en-US")} users (USDT each, BTC one in ten)`);
      const results: BenchResult[] = [];
      for (let run = 1; run <= 2; run++) {
        const started = performance.now();
        const taken = await server.engines.proof.service.take("operator");
        const ms = performance.now() - started;
        log(`snapshot ${run}: ${(ms / 1000).toFixed(2)} s (snapshot ${taken?.id})`);
        results.push({ name: `snapshot ${run}`, value: ms / 1000, unit: "s", note: `${count.toLocaleString("en-US")} users, ${Math.round(count * 1.1).toLocaleString("en-US")} leaves` });
      }
      const [sample] = await db.query<{ id: number }>("SELECT min(id) AS id FROM users WHERE account LIKE 'bench%'");
      const started = performance.now();
      const reads = 50;
      for (let i = 0; i < reads; i++) {
        const found = await server.engines.proof.service.mine(Number(sample.id) + i * 997);
        if (!found.list.length) throw new Error("a seeded user has no leaf");
      }
      results.push({ name: "proof/mine", value: (performance.now() - started) / reads, unit: "ms per user", note: `${reads} users, service call` });
      return results;
    } finally {
      await server.close();
    }
  },
};
