import { bigint, boolean, date, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The table of migrations/0008_positions.sql (0029's spread_rate, 0045's stop and trailing stop-loss). */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const positions = pgTable("positions", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  symbol: text("symbol").notNull(),
  kind: text("kind").$type<"crypto" | "forex" | "metal">().notNull(),
  direction: text("direction").$type<"long" | "short">().notNull(),
  type: text("type").$type<"market" | "limit" | "stop">().notNull(),
  quantity: amount("quantity").notNull(),
  contractSize: amount("contract_size").notNull(),
  leverage: integer("leverage").notNull(),
  pricePrecision: integer("price_precision").notNull(),
  quoteRate: amount("quote_rate").notNull(),
  feeRate: amount("fee_rate").notNull(),
  maintenanceRate: amount("maintenance_rate").notNull(),
  /** The pair's spread when the order was placed (0029): the position's quotes use it for life. */
  spreadRate: amount("spread_rate").notNull(),
  swapRate: amount("swap_rate").notNull(),
  limitPrice: amount("limit_price"),
  /** A stop entry order's stop (0045). */
  stopPrice: amount("stop_price"),
  margin: amount("margin").notNull(),
  maintenance: amount("maintenance").notNull(),
  openFee: amount("open_fee").notNull(),
  closeFee: amount("close_fee").notNull(),
  swap: amount("swap").notNull(),
  swapDue: amount("swap_due").notNull(),
  swappedThrough: date("swapped_through", { mode: "string" }),
  tpPrice: amount("tp_price"),
  slPrice: amount("sl_price"),
  /** A trailing stop-loss (0045): its rate and the best executable close price since it was set; sl_price is its level. */
  slTrailRate: amount("sl_trail_rate"),
  slTrailBest: amount("sl_trail_best"),
  /** The time of the tick that last moved the trailing stop-loss, or set it (0046; null: set before it was kept). */
  slTrailAtMs: bigint("sl_trail_at_ms", { mode: "number" }),
  liquidationPrice: amount("liquidation_price"),
  warningPrice: amount("warning_price"),
  openPrice: amount("open_price"),
  openTickPrice: amount("open_tick_price"),
  openTickAtMs: bigint("open_tick_at_ms", { mode: "number" }),
  status: text("status").$type<"pending" | "open" | "closing" | "closed" | "cancelled">().notNull(),
  closeReason: text("close_reason").$type<"user" | "tp" | "sl" | "liquidation" | "close_all">(),
  closePrice: amount("close_price"),
  closeTickPrice: amount("close_tick_price"),
  closeTickAtMs: bigint("close_tick_at_ms", { mode: "number" }),
  payout: amount("payout"),
  pnl: amount("pnl"),
  marginHoldId: bigint("margin_hold_id", { mode: "number" }),
  feeHoldId: bigint("fee_hold_id", { mode: "number" }),
  warned: boolean("warned").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  openedAt: timestamp("opened_at", { withTimezone: true }),
  closedAt: timestamp("closed_at", { withTimezone: true }),
});

export type PositionRow = typeof positions.$inferSelect;
