import { count, min, desc, eq, sql } from "drizzle-orm";
import type { FundingChange } from "../../contract/funding";
import type { PendingQueue } from "../platform/metrics";
import type { LoanStatus, LoanUpload } from "../../contract/loans";
import { notifications } from "../../contract/messages";
import { PUSH_SCREENS } from "../../contract/push-kinds";
import { userAccountOf } from "../auth";
import { operatorNameOf } from "../backoffice";
import { ledger, ledgerReads, toWire, transfers } from "../ledger";
import { audit } from "../platform/audit";
import type { Db, Tx } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { operatorDecision } from "../platform/idempotency";
import { asImageData, readImage } from "../platform/uploads";
import { dueAtOf, totalDue } from "./loans.engine";
import { LOAN_IMAGES, loans, type LoanRow } from "./loans.schema";
import { IMAGE_COLUMN, LoansRole } from "./loans.shared";
import { utcDateTime } from "../platform/clock";
import { amountValue } from "../platform/i18n";

/** The back office of loans: the operators' queue, the photos, approval and rejection. */
export class LoansAdmin extends LoansRole {
  /** A committed decision, raised for the borrower's screens (an issued loan credits the wallet, as a deposit does). */
  private async decided<V extends { user_id: number; id: number; status: LoanStatus }>(view: V): Promise<V> {
    await this.deps.events.publish("loan.decided", { userId: view.user_id, change: { kind: "loan", id: view.id, status: view.status } });
    return view;
  }

  /** Applications waiting for a reviewer (the back office's overview). */
  async pendingCount(): Promise<number> {
    return (await this.pendingQueue()).count;
  }

  /** The review queue: how many wait, and since when the oldest (metrics). */
  async pendingQueue(): Promise<PendingQueue> {
    const [row] = await this.db.select({ count: count(), oldest: min(loans.createdAt) }).from(loans).where(eq(loans.status, "pending"));
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  }

  // ----- back office ------------------------------------------------------------------------------------------

  private selectAdmin(db: Db | Tx) {
    return db.select({ l: loans, account: userAccountOf(loans.userId), reviewer: operatorNameOf(loans.reviewedBy) }).from(loans);
  }

  private adminView(r: { l: LoanRow; account: string; reviewer: string | null }) {
    return { ...this.view(r.l), user_id: r.l.userId, account: r.account, reviewed_by: r.reviewer };
  }

  async adminList(query: { status?: LoanStatus; page: number; limit: number }) {
    const where = query.status ? eq(loans.status, query.status) : undefined;
    const [rows, [{ n }], accounts] = await Promise.all([
      this.selectAdmin(this.db)
        .where(where)
        .orderBy(sql`CASE WHEN ${loans.status} = 'pending' THEN 0 ELSE 1 END`, desc(loans.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(loans).where(where),
      ledgerReads.platformBalances(this.db),
    ]);
    return { list: rows.map((r) => this.adminView(r)), total: Number(n), accounts: accounts.filter((a) => a.platform === "loans") };
  }

  async photo(id: number, field: LoanUpload) {
    const [row] = await this.db.select().from(loans).where(eq(loans.id, id));
    const image = row ? await readImage(this.db, LOAN_IMAGES, row[IMAGE_COLUMN[field]]) : null;
    if (!image) throw new DomainError("DATA_NOT_FOUND");
    return asImageData(image);
  }

  /** Credits the loan once (row locked, ledger key per loan); a retry with the decision's key gets the first answer. */
  async approve(operator: OperatorSession, id: number, key?: string) {
    return this.decided(await operatorDecision(this.db, operator, "backoffice/loans/approve", key, { id }, async (tx) => {
      const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for("update");
      if (!row) throw new DomainError("DATA_NOT_FOUND");
      if (row.status !== "pending") throw new DomainError("ORDER_STATUS_ERROR");
      const now = this.deps.clock.now();
      await ledger.post(tx, {
        key: `loan:issue:${row.id}`,
        ...transfers.loanDisbursement({ userId: row.userId, currency: row.currency, amount: row.amount, loanId: row.id }),
        actor: { kind: "operator", id: operator.id },
        at: now,
      });
      const dueAt = new Date(dueAtOf(now.getTime(), row.days));
      await tx.update(loans).set({ status: "issued", issuedAt: now, dueAt, reviewedBy: operator.id, reviewedAt: now }).where(eq(loans.id, row.id));
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "loan.approve", targetKind: "loan", targetId: row.id, detail: { user_id: row.userId, amount: row.amount } });
      const total = totalDue(row.amount, row.interest, 0);
      await this.deps.notifier.notifyUser(tx, row.userId, {
        title: notifications.LOAN_ISSUED_TITLE.key,
        body: notifications.LOAN_ISSUED_BODY.key,
        values: { amount: amountValue(toWire(row.amount), row.currency), currency: row.currency, total: amountValue(toWire(total), row.currency), due: utcDateTime(dueAt) },
        push: { kind: "loan", url: PUSH_SCREENS.loans, id: row.id },
      });
      const [after] = await this.selectAdmin(tx).where(eq(loans.id, row.id));
      return this.adminView(after);
    }));
  }

  async reject(operator: OperatorSession, id: number, reason: string, key?: string) {
    return this.decided(await operatorDecision(this.db, operator, "backoffice/loans/reject", key, { id, reason }, async (tx) => {
      const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for("update");
      if (!row) throw new DomainError("DATA_NOT_FOUND");
      if (row.status !== "pending") throw new DomainError("ORDER_STATUS_ERROR");
      const now = this.deps.clock.now();
      await tx.update(loans).set({ status: "rejected", reason, reviewedBy: operator.id, reviewedAt: now }).where(eq(loans.id, row.id));
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "loan.reject", targetKind: "loan", targetId: row.id, detail: { user_id: row.userId, reason } });
      await this.deps.notifier.notifyUser(tx, row.userId, {
        title: notifications.LOAN_REJECTED_TITLE.key,
        body: notifications.LOAN_REJECTED_BODY.key,
        values: { amount: amountValue(toWire(row.amount), row.currency), currency: row.currency, reason },
        push: { kind: "loan", url: PUSH_SCREENS.loans, id: row.id },
      });
      const [after] = await this.selectAdmin(tx).where(eq(loans.id, row.id));
      return this.adminView(after);
    }));
  }
}

declare module "../platform/events" {
  interface DomainEvents {
    /** A loan approved or rejected (the borrower's `funding` channel: an issued loan credits the wallet). */
    "loan.decided": { userId: number; change: FundingChange };
  }
}
