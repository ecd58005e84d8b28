import type { Events } from "../platform/events";
import { z } from "zod";
import { decimalString } from "../../contract/common";
import type { Loan, LoanUpload } from "../../contract/loans";
import type { CountrySwitches } from "../kyc";
import { toWire } from "../ledger";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import type { UserNotifier } from "../platform/notify";
import { getSetting } from "../platform/settings";
import { aprOf, isOverdue, totalDue } from "./loans.engine";
import type { LoanRow } from "./loans.schema";

/**
 * Credit loans. An application (five photos through the platform's one image check, the agreement, KYC passed, one
 * open loan at a time) waits for an operator; approval credits the amount from the platform's `loans` account
 * (`loan.issue`, once: the row is locked and the ledger key is the loan's); repayments move money back to it
 * (`loan.repayment`, one entry per repayment, the row locked so two at once cannot both pay what is owed once);
 * past the due date the leader accrues each day's overdue fee (one row per loan and day).
 *
 * The work is split by role: loans.commands.ts (apply, repay), loans.settlement.ts (the overdue accrual),
 * loans.queries.ts and loans.admin.ts (the operators' queue).
 */

export const LOANS_CONFIG_KEY = "loans.config";

export const storedConfig = z.object({
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

export const IMAGE_COLUMN: Record<LoanUpload, keyof Pick<LoanRow, "houseImageId" | "incomeImageId" | "bankImageId" | "idFrontImageId" | "idHandImageId">> = {
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
  /** Domain events after commit (a decision: `loan.decided`). */
  events: Events;
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

export const epoch = (d: Date | null) => (d ? toSeconds(d) : null);

/** The base of every role: the database, the stored rules and the wire shape of a loan. */
export class LoansRole {
  constructor(protected readonly deps: LoansDeps) {}

  protected get db(): Db {
    return this.deps.db;
  }

  async storedConfig(): Promise<StoredLoansConfig> {
    const parsed = storedConfig.safeParse(await getSetting(this.db, LOANS_CONFIG_KEY));
    return parsed.success ? parsed.data : DEFAULT_LOANS_CONFIG;
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
}
