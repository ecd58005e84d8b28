import { bigint, date, integer, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Tables of migrations/0012_earn.sql. */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const earnProducts = pgTable("earn_products", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  kind: text("kind").$type<"arbitrage" | "hosting">().notNull(),
  name: text("name").notNull(),
  currency: text("currency").notNull(),
  minAmount: amount("min_amount").notNull(),
  maxAmount: amount("max_amount").notNull(),
  days: integer("days").notNull(),
  dailyRate: amount("daily_rate").notNull(),
  earlyExitPenaltyRate: amount("early_exit_penalty_rate").notNull(),
  maxParticipants: integer("max_participants").notNull(),
  participants: integer("participants").notNull(),
  status: text("status").$type<"open" | "closed">().notNull(),
  fundedBy: text("funded_by").notNull(),
  riskNote: text("risk_note").notNull(),
  countriesOff: jsonb("countries_off").$type<string[]>().notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
export type ProductRow = typeof earnProducts.$inferSelect;

export const earnOrders = pgTable("earn_orders", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  orderNo: text("order_no").notNull(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  productId: bigint("product_id", { mode: "number" }).notNull(),
  name: text("name").notNull(),
  kind: text("kind").$type<"arbitrage" | "hosting">().notNull(),
  currency: text("currency").notNull(),
  amount: amount("amount").notNull(),
  dailyRate: amount("daily_rate").notNull(),
  days: integer("days").notNull(),
  earlyExitPenaltyRate: amount("early_exit_penalty_rate").notNull(),
  holdId: bigint("hold_id", { mode: "number" }).notNull(),
  status: text("status").$type<"pending" | "running" | "ended" | "failed">().notNull(),
  startDay: date("start_day", { mode: "string" }).notNull(),
  paidDays: integer("paid_days").notNull(),
  nextPayDay: date("next_pay_day", { mode: "string" }).notNull(),
  incomeTotal: amount("income_total").notNull(),
  lastIncome: amount("last_income").notNull(),
  lastIncomeDay: date("last_income_day", { mode: "string" }),
  endReason: text("end_reason").$type<"maturity" | "early">(),
  penalty: amount("penalty"),
  startedAt: ts("started_at"),
  endsAt: ts("ends_at").notNull(),
  endedAt: ts("ended_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
export type OrderRow = typeof earnOrders.$inferSelect;

export const earnIncome = pgTable("earn_income", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  orderId: bigint("order_id", { mode: "number" }).notNull(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  kind: text("kind").$type<"arbitrage" | "hosting">().notNull(),
  day: date("day", { mode: "string" }).notNull(),
  amount: amount("amount").notNull(),
  currency: text("currency").notNull(),
  entryId: bigint("entry_id", { mode: "number" }),
  createdAt: ts("created_at").notNull().defaultNow(),
});
