import { sql } from "drizzle-orm";
import { notifications } from "../../contract/messages";
import type { EarnKind } from "../../contract/earn";
import { pgArray, postBatch, resolveBatch, toWire, transfers, type BatchEntry } from "../ledger";
import type { Tx } from "../platform/db";
import { invariant } from "../platform/errors";
import { addDays, dayOf, nextPayout } from "./earn.engine";
import { EarnRole, type PayoutRun } from "./earn.shared";
import { amountValue } from "../platform/i18n";

/** The leader's daily payout of earn: each income due, the maturities, in batches. */
export class EarnSettlement extends EarnRole {
  // ----- the payout engine (leader) ---------------------------------------------------------------------------

  /**
   * Pays every income due at `nowMs`, `batchSize` orders per transaction: one ledger entry per order and day (in a
   * few multi-row statements), the income records, the orders advanced, matured principals released. An order
   * owes at most one day per pass; passes repeat until nothing is due, so missed days are caught up in order.
   * Idempotent: the ledger key per order and day, and each order's `next_pay_day` moving forward in the same
   * transaction.
   */
  async runPayouts(nowMs: number, batchSize = 1_000): Promise<PayoutRun> {
    const today = dayOf(nowMs);
    const run: PayoutRun = { paid: 0, matured: 0, batches: 0 };
    for (;;) {
      const done = await this.db.transaction((tx) => this.payBatch(tx, today, nowMs, batchSize));
      if (!done.paid) return run;
      run.paid += done.paid;
      run.matured += done.matured;
      run.batches++;
    }
  }

  private async payBatch(tx: Tx, today: string, nowMs: number, batchSize: number): Promise<{ paid: number; matured: number }> {
    const due = ((await tx.execute(sql`
      SELECT id, user_id, kind, currency, amount, daily_rate, days, paid_days, next_pay_day::text AS next_pay_day, hold_id, name
      FROM earn_orders WHERE status = 'running' AND next_pay_day <= ${today}::date
      ORDER BY next_pay_day, id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`)) as unknown as {
      rows: { id: unknown; user_id: unknown; kind: EarnKind; currency: string; amount: string; daily_rate: string; days: number; paid_days: number; next_pay_day: string; hold_id: unknown; name: string }[];
    }).rows;
    if (!due.length) return { paid: 0, matured: 0 };
    const at = new Date(nowMs);
    const paid = due.map((o) => {
      const payout = nextPayout({ amount: o.amount, dailyRate: o.daily_rate, days: Number(o.days), paidDays: Number(o.paid_days), nextPayDay: o.next_pay_day }, nowMs);
      invariant(payout !== null, "a due order has a payout");
      return { order: { ...o, id: Number(o.id), userId: Number(o.user_id), holdId: Number(o.hold_id) }, payout };
    });

    const entries: BatchEntry[] = paid
      .filter(({ payout }) => payout.amount.gt(0))
      .map(({ order, payout }) => ({
        key: `earn:income:${order.id}:${payout.day}`,
        ...transfers.earnPayout({ userId: order.userId, currency: order.currency, amount: payout.amount, orderId: order.id }),
        memo: order.name,
        at,
      }));
    const entryIds = await postBatch(tx, entries);
    const entryOf = new Map(entries.map((e, i) => [e.key, entryIds[i]]));
    for (const id of entryIds) invariant(id !== null, "an income due has not been paid before");

    const col = <T extends string | number | boolean | null>(f: (p: (typeof paid)[number]) => T) => pgArray(paid.map(f));
    await tx.execute(sql`
      INSERT INTO earn_income (order_id, user_id, kind, day, amount, currency, entry_id, created_at)
      SELECT o, u, k, d, a, c, e, ${at.toISOString()}::timestamptz
      FROM unnest(${col((p) => p.order.id)}::bigint[], ${col((p) => p.order.userId)}::bigint[], ${col((p) => p.order.kind)}::text[],
                  ${col((p) => p.payout.day)}::date[], ${col((p) => toWire(p.payout.amount))}::numeric[], ${col((p) => p.order.currency)}::text[],
                  ${col((p) => entryOf.get(`earn:income:${p.order.id}:${p.payout.day}`) ?? null)}::bigint[]) AS v (o, u, k, d, a, c, e)`);

    // The orders' new totals come back with the update: the maturity notices need no query per order.
    const updated = (await tx.execute(sql`
      UPDATE earn_orders AS o SET paid_days = v.k, next_pay_day = v.next_day, income_total = o.income_total + v.amount,
             last_income = v.amount, last_income_day = v.day,
             status = CASE WHEN v.matures THEN 'ended' ELSE o.status END,
             end_reason = CASE WHEN v.matures THEN 'maturity' ELSE o.end_reason END,
             ended_at = CASE WHEN v.matures THEN ${at.toISOString()}::timestamptz ELSE o.ended_at END
      FROM unnest(${col((p) => p.order.id)}::bigint[], ${col((p) => p.payout.k)}::int[], ${col((p) => addDays(p.order.next_pay_day, 1))}::date[],
                  ${col((p) => toWire(p.payout.amount))}::numeric[], ${col((p) => p.payout.day)}::date[], ${col((p) => p.payout.matures)}::boolean[])
           AS v (id, k, next_day, amount, day, matures)
      WHERE o.id = v.id
      RETURNING o.id, o.income_total::text AS income_total`)) as unknown as { rows: { id: unknown; income_total: string }[] };
    const incomeTotalOf = new Map(updated.rows.map((r) => [Number(r.id), r.income_total]));

    const matured = paid.filter(({ payout }) => payout.matures);
    await resolveBatch(
      tx,
      matured.map(({ order }) => ({ holdId: order.holdId, key: `earn:release:${order.id}`, kind: "earn.release", memo: order.name, at })),
    );
    for (const { order } of matured) {
      await this.deps.notifier.notifyUser(tx, order.userId, {
        title: notifications.EARN_MATURED_TITLE.key,
        body: notifications.EARN_MATURED_BODY.key,
        values: { name: order.name, amount: amountValue(toWire(order.amount), order.currency), currency: order.currency, income: amountValue(toWire(incomeTotalOf.get(order.id) ?? "0"), order.currency) },
      });
    }
    return { paid: paid.length, matured: matured.length };
  }
}
