import { bigint, date, integer, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { imagePurpose } from "../platform/uploads";

/** Tables of migrations/0013_loans.sql. */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The photos of a loan application, in the one image store: the user uploads them, one copy of a file. */
export const LOAN_IMAGES = imagePurpose("loan", { by: "user", singleCopy: true });

export const loans = pgTable("loans", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  orderNo: text("order_no").notNull(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  amount: amount("amount").notNull(),
  days: integer("days").notNull(),
  dailyRate: amount("daily_rate").notNull(),
  overdueDailyRate: amount("overdue_daily_rate").notNull(),
  interest: amount("interest").notNull(),
  overdueFee: amount("overdue_fee").notNull(),
  overdueDays: integer("overdue_days").notNull(),
  repaid: amount("repaid").notNull(),
  status: text("status").$type<"pending" | "issued" | "settled" | "rejected">().notNull(),
  reason: text("reason"),
  houseImageId: bigint("house_image_id", { mode: "number" }).notNull(),
  incomeImageId: bigint("income_image_id", { mode: "number" }).notNull(),
  bankImageId: bigint("bank_image_id", { mode: "number" }).notNull(),
  idFrontImageId: bigint("id_front_image_id", { mode: "number" }).notNull(),
  idHandImageId: bigint("id_hand_image_id", { mode: "number" }).notNull(),
  reviewedBy: bigint("reviewed_by", { mode: "number" }),
  reviewedAt: ts("reviewed_at"),
  issuedAt: ts("issued_at"),
  dueAt: ts("due_at"),
  settledAt: ts("settled_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
export type LoanRow = typeof loans.$inferSelect;

/** The overdue fee accrued per loan and day (the primary key makes each day accrue once). */
export const loanOverdue = pgTable(
  "loan_overdue",
  {
    loanId: bigint("loan_id", { mode: "number" }).notNull(),
    day: date("day").notNull(),
    unpaid: amount("unpaid").notNull(),
    fee: amount("fee").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.day] })],
);
