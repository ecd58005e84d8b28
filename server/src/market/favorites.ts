import { and, asc, eq } from "drizzle-orm";
import { market } from "../../contract";
import type { Clock } from "../platform/clock";
import type { AppContext } from "../platform/context";
import type { Db } from "../platform/db";
import { marketFavorites } from "./favorites.schema";
import type { MarketPairs } from "./market.pairs";

/**
 * A user's favourite pairs (the market list's favourites tab), on the server so that they follow the user to another
 * device; the app keeps the last answer for offline use. Only listed pairs can be added; adding twice is adding once.
 */
export class Favorites {
  constructor(private readonly deps: { db: Db; clock: Clock; pairs: MarketPairs }) {}

  async list(userId: number): Promise<{ list: string[] }> {
    const rows = await this.deps.db.select({ symbol: marketFavorites.symbol }).from(marketFavorites).where(eq(marketFavorites.userId, userId)).orderBy(asc(marketFavorites.createdAt), asc(marketFavorites.symbol));
    return { list: rows.map((r) => r.symbol) };
  }

  async set(userId: number, symbol: string, on: boolean): Promise<{ list: string[] }> {
    if (on) {
      const pair = this.deps.pairs.requirePair(symbol);
      await this.deps.db.insert(marketFavorites).values({ userId, symbol: pair.symbol, createdAt: this.deps.clock.now() }).onConflictDoNothing();
    } else {
      await this.deps.db.delete(marketFavorites).where(and(eq(marketFavorites.userId, userId), eq(marketFavorites.symbol, symbol)));
    }
    return this.list(userId);
  }
}

export function favoritesRoutes(ctx: AppContext, pairs: MarketPairs): void {
  const favorites = new Favorites({ db: ctx.db, clock: ctx.clock, pairs });
  ctx.api.route(market.favorites, ({ user }) => favorites.list(user.id));
  ctx.api.route(market.favorite, ({ user, input }) => favorites.set(user.id, input.symbol, input.on));
}
