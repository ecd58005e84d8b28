import { and, eq, sql } from "drizzle-orm";
import { money, toWire } from "../ledger";
import { accrualsDue, totalDue } from "./loans.engine";
import { loans } from "./loans.schema";
import { LoansRole } from "./loans.shared";

/** The leader's overdue accrual of loans: each overdue day's fee, once per loan and day. */
export class LoansSettlement extends LoansRole {
  // ----- overdue accrual (leader) -----------------------------------------------------------------------------

  /** Accrues every overdue day due at `nowMs`, 1,000 loans per transaction; idempotent per loan and day. */
  async accrueOverdue(nowMs: number, batchSize = 1_000): Promise<{ loans: number; days: number }> {
    const run = { loans: 0, days: 0 };
    let afterId = 0;
    for (;;) {
      const done = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(loans)
          .where(
            and(
              eq(loans.status, "issued"),
              sql`${loans.id} > ${afterId}`,
              sql`${loans.dueAt} + (${loans.overdueDays} + 1) * interval '1 day' <= ${new Date(nowMs).toISOString()}::timestamptz`,
            ),
          )
          .orderBy(loans.id)
          .limit(batchSize)
          .for("update", { skipLocked: true });
        if (!rows.length) return null;
        const days: { loanId: number; day: string; unpaid: string; fee: string }[] = [];
        const updates: { id: number; fee: string; n: number }[] = [];
        for (const r of rows) {
          const unpaid = totalDue(r.amount, r.interest, r.overdueFee).minus(r.repaid);
          const due = accrualsDue({ dueAtMs: r.dueAt!.getTime(), overdueDays: r.overdueDays, unpaid, overdueDailyRate: r.overdueDailyRate }, nowMs);
          if (!due.length) continue;
          for (const a of due) days.push({ loanId: r.id, day: a.day, unpaid: toWire(a.unpaid), fee: toWire(a.fee) });
          const fee = due.reduce((t, a) => t.plus(a.fee), money(r.overdueFee));
          updates.push({ id: r.id, fee: toWire(fee), n: due.at(-1)!.n });
        }
        if (days.length) {
          await tx.execute(sql`
            INSERT INTO loan_overdue (loan_id, day, unpaid, fee) VALUES ${sql.join(
              days.map((d) => sql`(${d.loanId}::bigint, ${d.day}::date, ${d.unpaid}::numeric, ${d.fee}::numeric)`),
              sql`, `,
            )} ON CONFLICT (loan_id, day) DO NOTHING`);
          await tx.execute(sql`
            UPDATE loans AS l SET overdue_fee = v.fee, overdue_days = v.n
            FROM (VALUES ${sql.join(
              updates.map((u) => sql`(${u.id}::bigint, ${u.fee}::numeric, ${u.n}::int)`),
              sql`, `,
            )}) AS v (id, fee, n) WHERE l.id = v.id`);
        }
        return { last: rows.at(-1)!.id, loans: updates.length, days: days.length };
      });
      if (!done) return run;
      afterId = done.last;
      run.loans += done.loans;
      run.days += done.days;
    }
  }
}
