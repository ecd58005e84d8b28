import { bigint, numeric, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

/** Tables of migrations/0018_referral.sql. */

export const referralIncome = pgTable("referral_income", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  fromUserId: bigint("from_user_id", { mode: "number" }).notNull(),
  kind: text("kind").$type<"reward" | "commission">().notNull(),
  level: smallint("level").$type<1 | 2>().notNull(),
  amount: numeric("amount", { precision: 36, scale: 18 }).notNull(),
  currency: text("currency").notNull(),
  feePostingId: bigint("fee_posting_id", { mode: "number" }),
  entryId: bigint("entry_id", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const referralCursor = pgTable("referral_cursor", {
  name: text("name").primaryKey(),
  lastPostingId: bigint("last_posting_id", { mode: "number" }).notNull(),
});

/** Fee postings the commission job has looked at, above the cursor's horizon (migrations/0021_referral_fee_marks.sql). */
export const referralFeeMarks = pgTable("referral_fee_marks", {
  postingId: bigint("posting_id", { mode: "number" }).primaryKey(),
  markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
});
