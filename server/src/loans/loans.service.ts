import { randomInt } from "node:crypto";
import { z } from "zod";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { decimalString } from "../../contract/common";
import { PUSH_SCREENS, REVIEW } from "../../contract/constants";
import type { Loan, LoanConfig, LoanStatus, LoanUpload } from "../../contract/loans";
import { LOAN_UPLOADS } from "../../contract/loans";
import { notifications } from "../../contract/messages";
import { users } from "../auth";
import { operatorNameOf } from "../backoffice";
import type { CountrySwitches } from "../kyc";
import { ledger, money, toWire } from "../ledger";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Tx } from "../platform/db";
import { DomainError, invariant } from "../platform/errors";
import type { OperatorSession, UploadedFile } from "../platform/http";
import { idempotent, operatorDecision } from "../platform/idempotency";
import type { UserNotifier } from "../platform/notify";
import { getSetting } from "../platform/settings";
import { asImageData, checkImage, findImage, readImage, storeImage, violatedConstraint, type CheckedImage } from "../platform/uploads";
import { accrualsDue, aprOf, dueAtOf, interestOf, isOverdue, repayRefusal, totalDue } from "./loans.engine";
import { loans, type LoanRow } from "./loans.schema";

/**
 * Credit loans. An application (five photos through the platform's one image check, the agreement, KYC passed, one
 * open loan at a time) waits for an operator; approval credits the amount from the platform's `loans` account
 * (`loan.issue`, once: the row is locked and the ledger key is the loan's); repayments move money back to it
 * (`loan.repayment`, one entry per repayment, the row locked so two at once cannot both pay what is owed once);
 * past the due date the leader accrues each day's overdue fee (one row per loan and day).
 */

export const LOANS_CONFIG_KEY = "loans.config";

const storedConfig = z.object({
  currency: z.string(),
  min: decimalString,
  max: decimalString,
  cycles: z.array(z.object({ days: z.number().int().positive(), daily_rate: decimalString })).min(1),
  overdue_daily_rate: decimalString,
  agreement: z.string(),
});
export type StoredLoansConfig = z.infer<typeof storedConfig>;

/** Until an operator sets them (settings `loans.config`), the terms are these. */
export const DEFAULT_LOANS_CONFIG: StoredLoansConfig = {
  currency: "USDT",
  min: "100",
  max: "20000",
  cycles: [
    { days: 7, daily_rate: "0.001" },
    { days: 15, daily_rate: "0.0009" },
    { days: 30, daily_rate: "0.0008" },
  ],
  overdue_daily_rate: "0.002",
  agreement: "jkxy",
};

const IMAGE_COLUMN: Record<LoanUpload, keyof Pick<LoanRow, "houseImageId" | "incomeImageId" | "bankImageId" | "idFrontImageId" | "idHandImageId">> = {
  house: "houseImageId",
  income: "incomeImageId",
  bank: "bankImageId",
  id_front: "idFrontImageId",
  id_hand: "idHandImageId",
};

export interface LoansDeps {
  db: Db;
  clock: Clock;
  notifier: UserNotifier;
  switches: Pick<CountrySwitches, "require">;
  maxBytes: number;
  /** The price in USDT of each listed currency (lh/wh_bzhl_list). */
  rates: () => Promise<{ currency: string; rate: string }[]>;
}

export interface SubmitInput {
  amount: string;
  days: number;
  agree?: string;
  idempotency_key?: string;
  house_md5?: string;
  income_md5?: string;
  bank_md5?: string;
  id_front_md5?: string;
  id_hand_md5?: string;
}

const epoch = (d: Date | null) => (d ? toSeconds(d) : null);

export class LoansService {
  constructor(private readonly deps: LoansDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** Applications waiting for a reviewer (the back office's overview). */
  async pendingCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(loans).where(eq(loans.status, "pending"));
    return row?.n ?? 0;
  }

  async storedConfig(): Promise<StoredLoansConfig> {
    const parsed = storedConfig.safeParse(await getSetting(this.db, LOANS_CONFIG_KEY));
    return parsed.success ? parsed.data : DEFAULT_LOANS_CONFIG;
  }

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

  view(row: LoanRow, nowMs = this.deps.clock.now().getTime()): Loan {
    const total = totalDue(row.amount, row.interest, row.overdueFee);
    const unpaid = total.minus(row.repaid);
    return {
      id: row.id,
      order_no: row.orderNo,
      currency: row.currency,
      amount: toWire(row.amount),
      days: row.days,
      daily_rate: toWire(row.dailyRate),
      apr: toWire(aprOf(row.dailyRate)),
      interest: toWire(row.interest),
      overdue_daily_rate: toWire(row.overdueDailyRate),
      total_due: toWire(total),
      repaid: toWire(row.repaid),
      unpaid: toWire(row.status === "rejected" ? 0 : unpaid),
      due_at: epoch(row.dueAt),
      overdue: row.status === "issued" && isOverdue(row.dueAt?.getTime() ?? null, unpaid, nowMs),
      overdue_days: row.overdueDays,
      overdue_fee: toWire(row.overdueFee),
      status: row.status,
      reason: row.reason,
      created_at: toSeconds(row.createdAt),
      issued_at: epoch(row.issuedAt),
      settled_at: epoch(row.settledAt),
    };
  }

  // ----- apply ------------------------------------------------------------------------------------------------

  async submit(userId: number, input: SubmitInput, files: Record<string, UploadedFile>): Promise<Loan> {
    const c = await this.storedConfig();
    const check = async () => {
      await this.deps.switches.require(userId, "loans");
      const [user] = await this.db.select({ reviewStatus: users.reviewStatus }).from(users).where(eq(users.id, userId));
      if (!user || user.reviewStatus !== REVIEW.PASSED) throw new DomainError("REAL_NAME_REQUIRED");
      if (input.agree !== "1") throw new DomainError("MISSING_PARAMETER", "agree");
      if (!c.cycles.some((cy) => cy.days === input.days)) throw new DomainError("PARAMETER_ERROR", "days");
      const amount = money(input.amount);
      if (amount.lte(0)) throw new DomainError("AMOUNT_NOT_POSITIVE", "amount");
      if (amount.decimalPlaces() > 8) throw new DomainError("AMOUNT_ERROR", "amount");
      if (amount.lt(c.min)) throw new DomainError("AMOUNT_BELOW_MIN", "amount");
      if (amount.gt(c.max)) throw new DomainError("AMOUNT_ABOVE_MAX", "amount");
      if (await this.openLoan(this.db, userId)) throw new DomainError("ALREADY_APPLIED");
    };
    // Photos: each through the one image check, each new (not twice in this application, not another user's).
    const photos = {} as Record<LoanUpload, CheckedImage>;
    const checkPhotos = async () => {
      const seen = new Set<string>();
      for (const field of LOAN_UPLOADS) {
        const image = await checkImage(files[field], { field, maxBytes: this.deps.maxBytes, md5: input[`${field}_md5`] });
        if (seen.has(image.md5)) throw new DomainError("FILE_EXISTS", field);
        seen.add(image.md5);
        photos[field] = image;
      }
      for (const field of LOAN_UPLOADS) {
        const stored = await findImage(this.db, "loan", photos[field].md5);
        if (stored && stored.userId !== userId) throw new DomainError("FILE_EXISTS", field);
      }
    };
    try {
      return await idempotent(
        this.db,
        { userId, key: input.idempotency_key, scope: "lh/loan/submit", body: { amount: input.amount, days: input.days } },
        async (tx) => {
          if (await this.openLoan(tx, userId)) throw new DomainError("ALREADY_APPLIED");
          const cycle = c.cycles.find((cy) => cy.days === input.days)!;
          const ids = {} as Record<LoanUpload, number>;
          for (const field of LOAN_UPLOADS) {
            const stored = await findImage(tx, "loan", photos[field].md5);
            if (stored && stored.userId !== userId) throw new DomainError("FILE_EXISTS", field);
            ids[field] = stored ? stored.id : await storeImage(tx, { userId, purpose: "loan", image: photos[field], data: files[field].data });
          }
          const now = this.deps.clock.now();
          const [row] = await tx
            .insert(loans)
            .values({
              orderNo: `LN${now.toISOString().replace(/[-:TZ.]/g, "").slice(0, 14)}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`,
              userId,
              currency: c.currency,
              amount: toWire(input.amount),
              days: cycle.days,
              dailyRate: cycle.daily_rate,
              overdueDailyRate: c.overdue_daily_rate,
              interest: toWire(interestOf(input.amount, cycle.daily_rate, cycle.days)),
              overdueFee: "0",
              overdueDays: 0,
              repaid: "0",
              status: "pending",
              houseImageId: ids.house,
              incomeImageId: ids.income,
              bankImageId: ids.bank,
              idFrontImageId: ids.id_front,
              idHandImageId: ids.id_hand,
              createdAt: now,
            })
            .returning();
          await audit(tx, { actorKind: "user", actorId: userId, action: "loan.submit", targetKind: "loan", targetId: row.id, detail: { amount: row.amount, days: row.days } });
          return this.view(row, now.getTime());
        },
        async () => {
          await check();
          await checkPhotos();
        },
      );
    } catch (error) {
      const constraint = violatedConstraint(error);
      if (constraint === "loans_one_open") throw new DomainError("ALREADY_APPLIED");
      if (constraint === "stored_images_purpose_md5") throw new DomainError("FILE_EXISTS");
      throw error;
    }
  }

  private async openLoan(db: Db | Tx, userId: number): Promise<boolean> {
    const found = await db.select({ id: loans.id }).from(loans).where(and(eq(loans.userId, userId), inArray(loans.status, ["pending", "issued"]))).limit(1);
    return found.length > 0;
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
    const [user] = await this.db.select({ reviewStatus: users.reviewStatus }).from(users).where(eq(users.id, userId));
    const open = rows.some((r) => r.status === "pending" || r.status === "issued");
    const limit = open || user?.reviewStatus !== REVIEW.PASSED ? "0" : toWire(c.max);
    return { borrowed: toWire(borrowed), outstanding: toWire(outstanding), repaid: toWire(repaid), overdue: toWire(overdue), limit, currency: c.currency };
  }

  rates() {
    return this.deps.rates();
  }

  // ----- repay ------------------------------------------------------------------------------------------------

  async repay(userId: number, input: { id: number; amount?: string; idempotency_key?: string }): Promise<Loan> {
    return idempotent(this.db, { userId, key: input.idempotency_key, scope: "lh/loan/repayment", body: { id: input.id, amount: input.amount } }, async (tx) => {
      const [row] = await tx.select().from(loans).where(eq(loans.id, input.id)).for("update");
      if (!row || row.userId !== userId) throw new DomainError("DATA_NOT_FOUND");
      if (row.status !== "issued") throw new DomainError("ORDER_STATUS_ERROR");
      const unpaid = totalDue(row.amount, row.interest, row.overdueFee).minus(row.repaid);
      invariant(unpaid.gt(0), "an issued loan owes something");
      const amount = input.amount === undefined ? unpaid : money(input.amount);
      const refusal = repayRefusal(amount, unpaid);
      if (refusal) throw new DomainError(refusal, "amount");
      const now = this.deps.clock.now();
      await ledger.post(tx, {
        key: `loan:repay:${row.id}:${toWire(row.repaid)}`,
        kind: "loan.repayment",
        cause: { kind: "loan", id: row.id },
        actor: { kind: "user", id: userId },
        at: now,
        legs: [
          { account: { user: userId }, currency: row.currency, amount: amount.negated() },
          { account: { platform: "loans" }, currency: row.currency, amount },
        ],
      });
      const repaid = money(row.repaid).plus(amount);
      const settled = repaid.eq(totalDue(row.amount, row.interest, row.overdueFee));
      const [updated] = await tx
        .update(loans)
        .set({ repaid: toWire(repaid), ...(settled ? { status: "settled" as const, settledAt: now } : {}) })
        .where(eq(loans.id, row.id))
        .returning();
      return this.view(updated, now.getTime());
    });
  }

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

  // ----- back office ------------------------------------------------------------------------------------------

  private selectAdmin(db: Db | Tx) {
    return db.select({ l: loans, account: users.account, reviewer: operatorNameOf(loans.reviewedBy) }).from(loans).innerJoin(users, eq(users.id, loans.userId));
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
      ledger.platformBalances(this.db),
    ]);
    return { list: rows.map((r) => this.adminView(r)), total: Number(n), accounts: accounts.filter((a) => a.platform === "loans") };
  }

  async photo(id: number, field: LoanUpload) {
    const [row] = await this.db.select().from(loans).where(eq(loans.id, id));
    const image = row ? await readImage(this.db, "loan", row[IMAGE_COLUMN[field]]) : null;
    if (!image) throw new DomainError("DATA_NOT_FOUND");
    return asImageData(image);
  }

  /** Credits the loan once (row locked, ledger key per loan); a retry with the decision's key gets the first answer. */
  async approve(operator: OperatorSession, id: number, key?: string) {
    return operatorDecision(this.db, operator, "backoffice/loans/approve", key, { id }, async (tx) => {
      const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for("update");
      if (!row) throw new DomainError("DATA_NOT_FOUND");
      if (row.status !== "pending") throw new DomainError("ORDER_STATUS_ERROR");
      const now = this.deps.clock.now();
      await ledger.post(tx, {
        key: `loan:issue:${row.id}`,
        kind: "loan.issue",
        cause: { kind: "loan", id: row.id },
        actor: { kind: "operator", id: operator.id },
        at: now,
        legs: [
          { account: { user: row.userId }, currency: row.currency, amount: row.amount },
          { account: { platform: "loans" }, currency: row.currency, amount: money(row.amount).negated() },
        ],
      });
      const dueAt = new Date(dueAtOf(now.getTime(), row.days));
      await tx.update(loans).set({ status: "issued", issuedAt: now, dueAt, reviewedBy: operator.id, reviewedAt: now }).where(eq(loans.id, row.id));
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "loan.approve", targetKind: "loan", targetId: row.id, detail: { user_id: row.userId, amount: row.amount } });
      const total = totalDue(row.amount, row.interest, 0);
      await this.deps.notifier.notifyUser(tx, row.userId, {
        title: notifications.LOAN_ISSUED_TITLE.key,
        body: notifications.LOAN_ISSUED_BODY.key,
        values: { amount: toWire(row.amount), currency: row.currency, total: toWire(total), due: dueAt.toISOString().slice(0, 16).replace("T", " ") },
        push: { kind: "loan", url: PUSH_SCREENS.loans, id: row.id },
      });
      const [after] = await this.selectAdmin(tx).where(eq(loans.id, row.id));
      return this.adminView(after);
    });
  }

  async reject(operator: OperatorSession, id: number, reason: string, key?: string) {
    return operatorDecision(this.db, operator, "backoffice/loans/reject", key, { id, reason }, async (tx) => {
      const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for("update");
      if (!row) throw new DomainError("DATA_NOT_FOUND");
      if (row.status !== "pending") throw new DomainError("ORDER_STATUS_ERROR");
      const now = this.deps.clock.now();
      await tx.update(loans).set({ status: "rejected", reason, reviewedBy: operator.id, reviewedAt: now }).where(eq(loans.id, row.id));
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "loan.reject", targetKind: "loan", targetId: row.id, detail: { user_id: row.userId, reason } });
      await this.deps.notifier.notifyUser(tx, row.userId, {
        title: notifications.LOAN_REJECTED_TITLE.key,
        body: notifications.LOAN_REJECTED_BODY.key,
        values: { amount: toWire(row.amount), currency: row.currency, reason },
        push: { kind: "loan", url: PUSH_SCREENS.loans, id: row.id },
      });
      const [after] = await this.selectAdmin(tx).where(eq(loans.id, row.id));
      return this.adminView(after);
    });
  }
}
