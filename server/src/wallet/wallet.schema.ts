import { bigint, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Table of migrations/0004_money.sql (flash exchange). */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const flashExchanges = pgTable("flash_exchanges", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  fromCurrency: text("from_currency").notNull(),
  toCurrency: text("to_currency").notNull(),
  amount: amount("amount").notNull(),
  fee: amount("fee").notNull(),
  rate: amount("rate").notNull(),
  received: amount("received").notNull(),
  entryId: bigint("entry_id", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
