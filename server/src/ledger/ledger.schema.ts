import { bigint, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Tables of migrations/0004_money.sql (ledger part). Only server/src/ledger/ writes them. */

const ts = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const ledgerAccounts = pgTable("ledger_accounts", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint("user_id", { mode: "number" }),
  platform: text("platform"),
  currency: text("currency").notNull(),
  available: amount("available"),
  frozen: amount("frozen"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const ledgerEntries = pgTable("ledger_entries", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  idempotencyKey: text("idempotency_key").notNull(),
  kind: text("kind").notNull(),
  causeKind: text("cause_kind").notNull(),
  causeId: text("cause_id").notNull(),
  memo: text("memo"),
  actorKind: text("actor_kind").$type<"user" | "operator" | "system">(),
  actorId: bigint("actor_id", { mode: "number" }),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const ledgerPostings = pgTable("ledger_postings", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  entryId: bigint("entry_id", { mode: "number" }).notNull(),
  accountId: bigint("account_id", { mode: "number" }).notNull(),
  userId: bigint("user_id", { mode: "number" }),
  currency: text("currency").notNull(),
  bucket: text("bucket").$type<"available" | "frozen">().notNull(),
  amount: amount("amount").notNull(),
  balanceBefore: amount("balance_before"),
  balanceAfter: amount("balance_after"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const ledgerHolds = pgTable("ledger_holds", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: bigint("account_id", { mode: "number" }).notNull(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  amount: amount("amount").notNull(),
  status: text("status").$type<"pending" | "posted" | "voided">().notNull().default("pending"),
  causeKind: text("cause_kind").notNull(),
  causeId: text("cause_id").notNull(),
  holdEntryId: bigint("hold_entry_id", { mode: "number" }).notNull(),
  resolveEntryId: bigint("resolve_entry_id", { mode: "number" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  resolvedAt: ts("resolved_at"),
});
