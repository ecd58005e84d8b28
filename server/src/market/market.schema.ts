import { bigint, boolean, integer, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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
