import { bigint, integer, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { DepositSource, DepositStatus, FundingStatus } from "../../contract/funding";

/** Tables of migrations/0004_money.sql (funding part) and 0038_chain_deposits.sql. Balances are never here: they are the ledger's. */

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
  status: text("status").$type<DepositStatus>().notNull().default("pending"),
  source: text("source").$type<DepositSource>().notNull().default("voucher"),
  /** The screenshot in the one image store (platform/uploads.ts, purpose `deposit`). */
  voucherUploadId: bigint("voucher_upload_id", { mode: "number" }),
  voucherPath: text("voucher_path"),
  voucherMd5: text("voucher_md5"),
  voucherType: text("voucher_type"),
  /** An on-chain transfer: its transaction, log, block (number and hash) and the confirmations last counted. */
  txHash: text("tx_hash"),
  logIndex: integer("log_index"),
  block: bigint("block", { mode: "number" }),
  blockHash: text("block_hash"),
  confirmations: integer("confirmations"),
  entryId: bigint("entry_id", { mode: "number" }),
  reason: text("reason"),
  reviewedBy: bigint("reviewed_by", { mode: "number" }),
  reviewedAt: ts("reviewed_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
export type DepositRow = typeof deposits.$inferSelect;

export const chainAddresses = pgTable(
  "chain_addresses",
  {
    xpub: text("xpub").notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    address: text("address").notNull(),
  },
  (t) => [primaryKey({ columns: [t.xpub, t.userId] })],
);

export const chainCursors = pgTable("chain_cursors", {
  network: text("network").primaryKey(),
  tokenContract: text("token_contract").notNull(),
  block: bigint("block", { mode: "number" }).notNull(),
  head: bigint("head", { mode: "number" }),
  error: text("error"),
  errorAt: ts("error_at"),
  failures: integer("failures").notNull().default(0),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
export type ChainCursorRow = typeof chainCursors.$inferSelect;
