import { bigint, boolean, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Tables of migrations/0040_a_price_alerts.sql. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const priceAlerts = pgTable("price_alerts", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  symbol: text("symbol").notNull(),
  kind: text("kind").$type<"above" | "below" | "move">().notNull(),
  price: numeric("price"),
  rate: numeric("rate"),
  windowS: integer("window_s"),
  repeat: text("repeat").$type<"once" | "always">().notNull(),
  status: text("status").$type<"active" | "fired">().notNull(),
  paused: boolean("paused").notNull().default(false),
  armed: boolean("armed").notNull().default(true),
  armedSinceMs: bigint("armed_since_ms", { mode: "number" }).notNull().default(0),
  createdAt: ts("created_at").notNull().defaultNow(),
  firedAt: ts("fired_at"),
  firedPrice: numeric("fired_price"),
  firedAtMs: bigint("fired_at_ms", { mode: "number" }),
});
export type PriceAlertRow = typeof priceAlerts.$inferSelect;
