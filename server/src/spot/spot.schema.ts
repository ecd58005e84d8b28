import { bigint, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The table of migrations/0010_spot.sql (and 0030's spread_rate, 0039's stop orders, 0044's trailing stops and OCO). */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const spotOrders = pgTable("spot_orders", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  symbol: text("symbol").notNull(),
  base: text("base").notNull(),
  quote: text("quote").notNull(),
  side: text("side").$type<"buy" | "sell">().notNull(),
  type: text("type").$type<"market" | "limit" | "stop_market" | "stop_limit" | "trailing_stop">().notNull(),
  price: amount("price"),
  quantity: amount("quantity").notNull(),
  pricePrecision: integer("price_precision").notNull(),
  feeRate: amount("fee_rate").notNull(),
  /** The pair's spread when the order was placed (0030): a limit order's fill is judged at this spread for life. */
  spreadRate: amount("spread_rate").notNull(),
  holdId: bigint("hold_id", { mode: "number" }),
  status: text("status").$type<"waiting" | "open" | "filled" | "cancelled">().notNull(),
  filledPrice: amount("filled_price"),
  amount: amount("amount"),
  fee: amount("fee"),
  tickPrice: amount("tick_price"),
  tickAtMs: bigint("tick_at_ms", { mode: "number" }),
  /** A stop order's stop (0039); the tick that triggered it, null while it waits. */
  stopPrice: amount("stop_price"),
  triggeredTickPrice: amount("triggered_tick_price"),
  triggeredTickAtMs: bigint("triggered_tick_at_ms", { mode: "number" }),
  /** A trailing stop (0044): its rate, the best executable price since placement, and the time of the tick that last moved it (0046; placement's first). */
  trailingRate: amount("trailing_rate"),
  trailExtreme: amount("trail_extreme"),
  trailSinceMs: bigint("trail_since_ms", { mode: "number" }),
  /** The price the hold was taken at when not the order's own limit (a trailing buy, an OCO); the legs' shared OCO id. */
  holdPrice: amount("hold_price"),
  ocoId: bigint("oco_id", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  filledAt: timestamp("filled_at", { withTimezone: true }),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
});

export type SpotOrderRow = typeof spotOrders.$inferSelect;
