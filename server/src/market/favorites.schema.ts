import { bigint, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** The table of migrations/0040_b_market_favorites.sql. */
export const marketFavorites = pgTable(
  "market_favorites",
  {
    userId: bigint("user_id", { mode: "number" }).notNull(),
    symbol: text("symbol").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);
