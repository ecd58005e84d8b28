import { createTestServer, testDatabaseKind } from "../server/src/testing/harness";
import type { BenchResult, BenchSuite } from "./run";

/**
 * The earn payout job at scale: `PAYOUTS_BENCH_ORDERS` (default 100,000) running orders of `PAYOUTS_BENCH_USERS`
 * users (default 10,000, ten orders each, interleaved so each 1,000-order transaction locks up to 1,000 accounts),
 * paid for one day at 00:00 UTC, then, after a leader outage, the catch-up of 3 missed days. The database is the
 * suite's: PGlite by default, PostgreSQL with `TEST_DB=postgres TEST_DATABASE_URL=...`.
 *
 * The orders are written straight into the tables (a subscription per order through HTTP would take longer than
 * what is measured): each order's principal is a pending ledger hold on the user's frozen balance, as a
 * subscription leaves it. Every payout is then one ledger entry per order and day (user credit, rewards debit).
 */
export const suite: BenchSuite = {
  name: "payouts: the earn engine's daily income for running orders",
  async run(log) {
    const orders = Number(process.env.PAYOUTS_BENCH_ORDERS ?? 100_000);
    const users = Number(process.env.PAYOUTS_BENCH_USERS ?? Math.min(10_000, orders));
    const server = await createTestServer();
    const q = (text: string, params: unknown[] = []) => server.database.query(text, params);
    try {
      const start = Date.parse("2026-11-25T09:00:00Z");
      server.clock.set(start);
      const setupStarted = performance.now();
      await q(
        `INSERT INTO earn_products (kind, name, currency, min_amount, max_amount, days, daily_rate, funded_by, risk_note)
         VALUES ('hosting', 'Bench hosting', 'USDT', 1, 1000000, 30, 0.0015, 'The platform''s rewards account', 'Bench')`,
      );
      await q(
        `INSERT INTO users (account, password_hash, invite_code, review_status)
         SELECT 'bench' || g, 'x', 'BENCH' || g, 2 FROM generate_series(1, $1::int) g`,
        [users],
      );
      await q(
        `INSERT INTO ledger_accounts (user_id, currency, available, frozen)
         SELECT id, 'USDT', 0, 1000 * ceil($1::numeric / $2::numeric) FROM users WHERE account LIKE 'bench%'`,
        [orders, users],
      );
      await q(`INSERT INTO ledger_entries (idempotency_key, kind, cause_kind, cause_id) VALUES ('bench:setup', 'earn.hold', 'earn', 'bench')`);
      // Order i belongs to user (i mod users): consecutive orders (one payout batch) belong to different users.
      await q(
        `WITH u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE account LIKE 'bench%'),
              a AS (SELECT id, user_id FROM ledger_accounts WHERE user_id IS NOT NULL),
              e AS (SELECT id FROM ledger_entries WHERE idempotency_key = 'bench:setup')
         INSERT INTO ledger_holds (account_id, user_id, currency, amount, cause_kind, cause_id, hold_entry_id)
         SELECT a.id, u.id, 'USDT', 1000, 'earn', g::text, e.id
         FROM generate_series(1, $1::int) g JOIN u ON u.n = (g - 1) % $2::int JOIN a ON a.user_id = u.id CROSS JOIN e`,
        [orders, users],
      );
      await q(
        `INSERT INTO earn_orders (id, order_no, user_id, product_id, name, kind, currency, amount, daily_rate, days, hold_id, status,
                                  start_day, next_pay_day, ends_at, started_at)
         SELECT h.cause_id::bigint, 'HSBENCH' || h.cause_id, h.user_id, (SELECT id FROM earn_products LIMIT 1), 'Bench hosting', 'hosting', 'USDT',
                1000, 0.0015, 30, h.id, 'running', '2026-11-25', '2026-11-26', '2026-12-25T00:00:00Z', '2026-11-25T09:00:00Z'
         FROM ledger_holds h WHERE h.cause_kind = 'earn'`,
      );
      await q(`SELECT setval(pg_get_serial_sequence('earn_orders', 'id'), $1::bigint)`, [orders]);
      await q("ANALYZE");
      log(`${testDatabaseKind()}: ${orders.toLocaleString("en-US")} running orders of ${users.toLocaleString("en-US")} users set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

      const earn = server.engines.earn;
      server.clock.set(Date.parse("2026-11-26T00:00:05Z"));
      let started = performance.now();
      const day = await earn.runJobs(server.clock.now().getTime());
      const daySeconds = (performance.now() - started) / 1000;
      log(`day 1: ${day.paid} payouts in ${day.batches} transactions`);

      // The leader was down for three days: 2026-11-27, -28 and -29 at 00:00 were missed.
      server.clock.set(Date.parse("2026-11-29T00:00:05Z"));
      started = performance.now();
      const catchUp = await earn.runJobs(server.clock.now().getTime());
      const catchUpSeconds = (performance.now() - started) / 1000;
      log(`catch-up: ${catchUp.paid} payouts in ${catchUp.batches} transactions`);

      const [{ n, total }] = await server.database.query<{ n: string; total: string }>(
        "SELECT count(*)::text AS n, coalesce(sum(amount), 0)::text AS total FROM earn_income",
      );
      const [{ dup }] = await server.database.query<{ dup: string }>(
        "SELECT count(*)::text AS dup FROM (SELECT order_id, day FROM earn_income GROUP BY order_id, day HAVING count(*) > 1) d",
      );
      log(`income records: ${n} (${total} USDT), duplicates per order and day: ${dup}`);
      const results: BenchResult[] = [
        { name: "one day, all orders", value: daySeconds, unit: "s", note: `${testDatabaseKind()}, goal < 60 s on PostgreSQL` },
        { name: "one day throughput", value: day.paid / daySeconds, unit: "payouts/s" },
        { name: "catch-up of 3 missed days", value: catchUpSeconds, unit: "s", note: `${catchUp.paid} payouts` },
        { name: "catch-up throughput", value: catchUp.paid / catchUpSeconds, unit: "payouts/s" },
        { name: "duplicate payouts", value: Number(dup), unit: "order-days", note: "must be 0" },
      ];
      return results;
    } finally {
      await server.close();
    }
  },
};
