import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ExportRow } from "../../contract/wallet";
import { keysetPage, type Keyset, type TimeRange } from "../platform/keyset";
import type { Holding, SpotTicket } from "../../contract/spot";
import { ledgerReads, money, toWire } from "../ledger";
import { feeRateFor, spotConfig } from "./spot.config";
import { averageCost } from "./spot.engine";
import { spotOrders } from "./spot.schema";
import { REFERENCE, SpotRole, toOrder } from "./spot.shared";

/** The read models of spot: the ticket, the order list, the account, and the reads other domains need. */
export class SpotQueries extends SpotRole {
  /** Some orders' pair and fill tick (the finance records show the tick each fill used). */
  async causeRowsByIds(ids: number[]) {
    const rows = await this.db
      .select({ id: spotOrders.id, symbol: spotOrders.symbol, openTickPrice: spotOrders.tickPrice, openTickAtMs: spotOrders.tickAtMs })
      .from(spotOrders)
      .where(inArray(spotOrders.id, ids));
    return rows.map((row) => ({ ...row, kind: "spot" }));
  }

  /** Statement lines (`finance/export` trades): the user's fills over a range, in time order after a key. */
  tradeRows(userId: number, range: TimeRange, after: Keyset | null, limit: number) {
    const events = sql`SELECT id, 0 AS ev, filled_at AS at, symbol, side, quantity, filled_price, amount, fee, quote, tick_price, tick_at_ms
      FROM spot_orders WHERE user_id = ${userId} AND status = 'filled' AND filled_at >= ${range.from.toISOString()}::timestamptz AND filled_at < ${range.until.toISOString()}::timestamptz`;
    return keysetPage<ExportRow<"trades">>(this.db, events, after, limit, (r) => ({
      time: (r.at as Date).toISOString(),
      product: "spot",
      symbol: String(r.symbol),
      side: String(r.side),
      quantity: toWire(r.quantity as string),
      price: r.filled_price == null ? "" : toWire(r.filled_price as string),
      amount: r.amount == null ? "" : toWire(r.amount as string),
      fee: r.fee == null ? "" : toWire(r.fee as string),
      realised_pnl: "",
      currency: String(r.quote),
      tick_price: r.tick_price == null ? "" : toWire(r.tick_price as string),
      tick_time: r.tick_at_ms == null ? "" : new Date(Number(r.tick_at_ms)).toISOString(),
      reference: `spot_order:${String(r.id)}`,
    }));
  }

  // ----- the ticket -------------------------------------------------------------------------------------------

  async ticket(userId: number, symbol: string): Promise<SpotTicket> {
    const pair = this.spotPair(symbol);
    const quote = this.quoteNow(pair);
    const config = await spotConfig.cached(this.db);
    const balances = await ledgerReads.balances(this.db, userId);
    const available = (currency: string) => balances.find((b) => b.currency === currency)?.available ?? "0";
    return {
      symbol: pair.symbol,
      base: pair.base,
      quote: pair.quote,
      bid: quote?.bid ?? null,
      ask: quote?.ask ?? null,
      last: quote ? money(quote.price).toFixed(pair.price_precision) : null,
      tick: quote ? { price: toWire(quote.price), at_ms: quote.atMs } : null,
      fee_rate: feeRateFor(config, pair.symbol),
      quantity_step: toWire(pair.quantity_step),
      quantity_min: toWire(pair.quantity_min),
      quantity_max: toWire(pair.quantity_max),
      price_precision: pair.price_precision,
      trading: this.deps.prices.tradingNow(pair.symbol),
      demo: (this.deps.view.quotationOf(pair.symbol)?.source ?? this.deps.prices.lastTick(pair.symbol)?.source) === "sim",
      quote_available: available(pair.quote),
      base_available: available(pair.base),
      upcoming: this.deps.pairs.upcoming(pair.symbol),
    };
  }

  // ----- reading ----------------------------------------------------------------------------------------------

  async list(userId: number, query: { status?: "open" | "done"; symbol?: string; page: number; limit: number }) {
    const conditions: SQL[] = [eq(spotOrders.userId, userId)];
    // Open includes waiting stops (CONTRACT wave 4): both hold funds and can be cancelled.
    if (query.status === "open") conditions.push(inArray(spotOrders.status, ["open", "waiting"]));
    if (query.status === "done") conditions.push(inArray(spotOrders.status, ["filled", "cancelled"]));
    if (query.symbol) conditions.push(eq(spotOrders.symbol, query.symbol));
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(spotOrders).where(where).orderBy(desc(spotOrders.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(spotOrders).where(where),
    ]);
    return { list: rows.map(toOrder), total };
  }

  /** The spot account: every non-zero wallet valued in USDT at the last tick, with the average cost of its spot buys. */
  async account(userId: number): Promise<{ holdings: Holding[]; total_usdt: string }> {
    const balances = (await ledgerReads.balances(this.db, userId)).filter((b) => money(b.available).plus(b.frozen).gt(0));
    const fills = await this.db
      .select({ base: spotOrders.base, side: spotOrders.side, quantity: spotOrders.quantity, amount: spotOrders.amount, fee: spotOrders.fee })
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, userId), eq(spotOrders.status, "filled"), eq(spotOrders.quote, REFERENCE)))
      .orderBy(asc(spotOrders.filledAt), asc(spotOrders.id));
    let total = money(0);
    const holdings = balances.map((b): Holding => {
      const balance = money(b.available).plus(b.frozen);
      const symbol = b.currency === REFERENCE ? null : `${b.currency}/${REFERENCE}`;
      const pair = symbol ? this.deps.pairs.pair(symbol) : undefined;
      const tick = symbol ? this.deps.prices.lastTick(symbol) : null;
      const price = b.currency === REFERENCE ? "1" : tick ? toWire(tick.price) : null;
      const value = price === null ? null : balance.times(price).toDecimalPlaces(8);
      if (value) total = total.plus(value);
      const own = fills.filter((f) => f.base === b.currency).map((f) => ({ side: f.side, quantity: f.quantity, amount: f.amount ?? "0", fee: f.fee ?? "0" }));
      const cost = b.currency === REFERENCE ? null : averageCost(own);
      return {
        currency: b.currency,
        balance: toWire(balance),
        available: b.available,
        frozen: b.frozen,
        price,
        value_usdt: value === null ? null : toWire(value),
        average_cost: cost === null ? null : toWire(cost),
        price_precision: pair?.price_precision ?? null,
        symbol: pair?.kind === "crypto" ? pair.symbol : null,
      };
    });
    holdings.sort((a, b) => (a.currency === REFERENCE ? -1 : b.currency === REFERENCE ? 1 : money(b.value_usdt ?? 0).cmp(a.value_usdt ?? 0)));
    return { holdings, total_usdt: toWire(total) };
  }
}
