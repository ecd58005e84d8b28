import { bigint, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The table of migrations/0011_options.sql. */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const options = pgTable("options", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  symbol: text("symbol").notNull(),
  kind: text("kind").$type<"crypto" | "forex" | "metal">().notNull(),
  direction: text("direction").$type<"up" | "down">().notNull(),
  seconds: integer("seconds").notNull(),
  amount: amount("amount").notNull(),
  currency: text("currency").notNull(),
  rate: amount("rate").notNull(),
  openTickPrice: amount("open_tick_price").notNull(),
  openTickAtMs: bigint("open_tick_at_ms", { mode: "number" }).notNull(),
  expiresAtMs: bigint("expires_at_ms", { mode: "number" }).notNull(),
  holdId: bigint("hold_id", { mode: "number" }),
  status: text("status").$type<"open" | "settled">().notNull(),
  result: text("result").$type<"win" | "loss" | "tie">(),
  payout: amount("payout"),
  closeTickPrice: amount("close_tick_price"),
  closeTickAtMs: bigint("close_tick_at_ms", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  settledAt: timestamp("settled_at", { withTimezone: true }),
});

export type OptionRow = typeof options.$inferSelect;
