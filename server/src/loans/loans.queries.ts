import { and, count, desc, eq } from "drizzle-orm";
import { REVIEW } from "../../contract/constants";
import type { LoanConfig, LoanStatus } from "../../contract/loans";
import { LOAN_UPLOADS } from "../../contract/loans";
import { userRecords } from "../auth";
import { money, toWire } from "../ledger";
import { aprOf } from "./loans.engine";
import { loans } from "./loans.schema";
import { LoansRole } from "./loans.shared";

/** The read models of loans: the rules, the user's loans and statistics, the rates. */
export class LoansQueries extends LoansRole {
  async config(): Promise<LoanConfig> {
    const c = await this.storedConfig();
    return {
      currency: c.currency,
      min: toWire(c.min),
      max: toWire(c.max),
      cycles: c.cycles.map((cy) => ({ days: cy.days, daily_rate: toWire(cy.daily_rate), apr: toWire(aprOf(cy.daily_rate)) })),
      overdue_daily_rate: toWire(c.overdue_daily_rate),
      required: [...LOAN_UPLOADS],
      agreement: c.agreement,
    };
  }

  // ----- reads ------------------------------------------------------------------------------------------------

  async orders(userId: number, query: { status?: LoanStatus; page: number; limit: number }) {
    const where = and(eq(loans.userId, userId), query.status ? eq(loans.status, query.status) : undefined);
    const [rows, [{ n }]] = await Promise.all([
      this.db.select().from(loans).where(where).orderBy(desc(loans.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(loans).where(where),
    ]);
    const now = this.deps.clock.now().getTime();
    return { list: rows.map((r) => this.view(r, now)), total: Number(n) };
  }

  async statistics(userId: number) {
    const c = await this.storedConfig();
    const rows = await this.db.select().from(loans).where(eq(loans.userId, userId));
    const now = this.deps.clock.now().getTime();
    let borrowed = money(0);
    let outstanding = money(0);
    let repaid = money(0);
    let overdue = money(0);
    for (const r of rows) {
      if (r.status === "issued" || r.status === "settled") borrowed = borrowed.plus(r.amount);
      repaid = repaid.plus(r.repaid);
      if (r.status === "issued") {
        const v = this.view(r, now);
        outstanding = outstanding.plus(v.unpaid);
        if (v.overdue) overdue = overdue.plus(v.unpaid);
      }
    }
    const user = await userRecords.find(this.db, userId);
    const open = rows.some((r) => r.status === "pending" || r.status === "issued");
    const limit = open || user?.reviewStatus !== REVIEW.PASSED ? "0" : toWire(c.max);
    return { borrowed: toWire(borrowed), outstanding: toWire(outstanding), repaid: toWire(repaid), overdue: toWire(overdue), limit, currency: c.currency };
  }

  rates() {
    return this.deps.rates();
  }
}
