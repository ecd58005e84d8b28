import { bigint, boolean, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { AnyTermName, ConfigTermLine } from "../../contract/market";

/** Tables of migrations/0006_market.sql. The hot paths (ticks, klines) use raw batched SQL in market.store.ts. */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const marketPairs = pgTable("market_pairs", {
  symbol: text("symbol").primaryKey(),
  base: text("base").notNull(),
  quote: text("quote").notNull(),
  kind: text("kind").$type<"crypto" | "forex" | "metal">().notNull(),
  pricePrecision: integer("price_precision").notNull(),
  quantityStep: amount("quantity_step").notNull(),
  quantityMin: amount("quantity_min").notNull(),
  quantityMax: amount("quantity_max").notNull(),
  spreadRate: amount("spread_rate").notNull(),
  contractSize: amount("contract_size").notNull(),
  trading: boolean("trading").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const marketTicks = pgTable(
  "market_ticks",
  {
    symbol: text("symbol").notNull(),
    atMs: bigint("at_ms", { mode: "number" }).notNull(),
    price: amount("price").notNull(),
    quantity: amount("quantity").notNull(),
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.atMs] })],
);

export const marketKlines = pgTable(
  "market_klines",
  {
    symbol: text("symbol").notNull(),
    interval: text("interval").notNull(),
    t: bigint("t", { mode: "number" }).notNull(),
    o: amount("o").notNull(),
    h: amount("h").notNull(),
    l: amount("l").notNull(),
    c: amount("c").notNull(),
    v: amount("v").notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.t] })],
);

/** Migration 0030: a change of a pair's term waiting for its notice period (or applied, or cancelled). */
export const marketTermChanges = pgTable("market_term_changes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  /** The pair of a spread change; null for a configuration's (migration 0033). */
  symbol: text("symbol"),
  term: text("term").$type<AnyTermName>().notNull(),
  fromValue: amount("from_value"),
  toValue: amount("to_value"),
  status: text("status").$type<"pending" | "applied" | "cancelled">().notNull(),
  reason: text("reason"),
  announcedAt: timestamp("announced_at", { withTimezone: true }).notNull(),
  effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
  noticeId: bigint("notice_id", { mode: "number" }),
  cancelNoticeId: bigint("cancel_notice_id", { mode: "number" }),
  createdBy: bigint("created_by", { mode: "number" }),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  cancelledBy: bigint("cancelled_by", { mode: "number" }),
  cancelReason: text("cancel_reason"),
  /** Migration 0033: a configuration's change holds the whole new configuration, the one it replaces and the announced lines. */
  fromConfig: jsonb("from_config"),
  toConfig: jsonb("to_config"),
  changes: jsonb("changes").$type<ConfigTermLine[]>(),
});
export type TermChangeRow = typeof marketTermChanges.$inferSelect;
