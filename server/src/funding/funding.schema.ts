import { bigint, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { FundingStatus } from "../../contract/funding";

/** Tables of migrations/0004_money.sql (funding part). Balances are never here: they are the ledger's. */

const ts = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const withdrawAddresses = pgTable("withdraw_addresses", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  network: text("network").notNull(),
  address: text("address").notNull(),
  label: text("label").notNull().default(""),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const withdrawals = pgTable("withdrawals", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  network: text("network").notNull(),
  address: text("address").notNull(),
  addressId: bigint("address_id", { mode: "number" }),
  amount: amount("amount").notNull(),
  fee: amount("fee").notNull(),
  receive: amount("receive").notNull(),
  status: text("status").$type<FundingStatus>().notNull().default("pending"),
  holdId: bigint("hold_id", { mode: "number" }),
  txHash: text("tx_hash"),
  reason: text("reason"),
  reviewedBy: bigint("reviewed_by", { mode: "number" }),
  reviewedAt: ts("reviewed_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export const deposits = pgTable("deposits", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  network: text("network").notNull(),
  address: text("address").notNull(),
  amount: amount("amount").notNull(),
  status: text("status").$type<FundingStatus>().notNull().default("pending"),
  /** The screenshot in the one image store (platform/uploads.ts, purpose `deposit`). */
  voucherUploadId: bigint("voucher_upload_id", { mode: "number" }),
  voucherPath: text("voucher_path"),
  voucherMd5: text("voucher_md5").notNull(),
  voucherType: text("voucher_type").notNull(),
  entryId: bigint("entry_id", { mode: "number" }),
  reason: text("reason"),
  reviewedBy: bigint("reviewed_by", { mode: "number" }),
  reviewedAt: ts("reviewed_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
export type DepositRow = typeof deposits.$inferSelect;
