import { randomInt } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { REVIEW } from "../../contract/constants";
import type { Loan, LoanUpload } from "../../contract/loans";
import { LOAN_UPLOADS } from "../../contract/loans";
import { userRecords } from "../auth";
import { ledger, money, toWire, transfers } from "../ledger";
import { audit } from "../platform/audit";
import type { Db, Tx } from "../platform/db";
import { DomainError, invariant } from "../platform/errors";
import type { UploadedFile } from "../platform/http";
import { idempotent } from "../platform/idempotency";
import { checkImage, findImage, storeImage, violatedConstraint, type CheckedImage } from "../platform/uploads";
import { interestOf, repayRefusal, totalDue } from "./loans.engine";
import { LOAN_IMAGES, loans } from "./loans.schema";
import { LoansRole, type SubmitInput } from "./loans.shared";

/** The user's commands on loans: apply and repay. */
export class LoansCommands extends LoansRole {
  // ----- apply ------------------------------------------------------------------------------------------------

  async submit(userId: number, input: SubmitInput, files: Record<string, UploadedFile>): Promise<Loan> {
    const c = await this.storedConfig();
    const check = async () => {
      await this.deps.switches.require(userId, "loans");
      const user = await userRecords.find(this.db, userId);
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
        const stored = await findImage(this.db, LOAN_IMAGES, photos[field].md5);
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
            const stored = await findImage(tx, LOAN_IMAGES, photos[field].md5);
            if (stored && stored.userId !== userId) throw new DomainError("FILE_EXISTS", field);
            ids[field] = stored ? stored.id : await storeImage(tx, LOAN_IMAGES, { userId, image: photos[field], data: files[field].data });
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
        ...transfers.loanRepayment({ userId, currency: row.currency, amount, loanId: row.id }),
        actor: { kind: "user", id: userId },
        at: now,
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
}
