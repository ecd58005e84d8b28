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

/**
 * Fee postings not yet looked at by the commission job, queued by a trigger in the transaction that posts each one
 * (migrations/0027_a_referral_fee_queue.sql), so none can be skipped whatever order they commit in.
 */
export const referralFeeQueue = pgTable("referral_fee_queue", {
  postingId: bigint("posting_id", { mode: "number" }).primaryKey(),
});
