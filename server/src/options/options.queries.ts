import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { MarketKind } from "../../contract/market";
import type { OptionStatus, Period } from "../../contract/options";
import type { ExportRow } from "../../contract/wallet";
import { keysetPage, type Keyset, type TimeRange } from "../platform/keyset";
import { ledgerReads, toWire } from "../ledger";
import { positionsConfig, sessionCovers } from "../positions";
import { optionsConfig, periodsOf } from "./options.config";
import { breakEvenWinRate, expiryMs } from "./options.engine";
import { options } from "./options.schema";
import { kindsOf, OptionsRole, type OptionsDesk } from "./options.shared";

/** The read models of options: periods, payable balances, the lists, and the reads other domains need. */
export class OptionsQueries extends OptionsRole {
  /** Some options' kind, pair and ticks (the finance records link each change to its list and its tick). */
  causeRowsByIds(ids: number[]) {
    return this.db
      .select({ id: options.id, kind: options.kind, symbol: options.symbol, openTickPrice: options.openTickPrice, openTickAtMs: options.openTickAtMs, closeTickPrice: options.closeTickPrice, closeTickAtMs: options.closeTickAtMs })
      .from(options)
      .where(inArray(options.id, ids));
  }

  /**
   * Statement lines (`finance/export` trades): each option's placement (the stake, the opening tick) and settlement
   * (the payout, the result as its side, the realised P&L: payout minus stake) over a range, in time order after a key.
   */
  tradeRows(userId: number, range: TimeRange, after: Keyset | null, limit: number) {
    const from = sql`${range.from.toISOString()}::timestamptz`;
    const until = sql`${range.until.toISOString()}::timestamptz`;
    const events = sql`SELECT id, 0 AS ev, created_at AS at, symbol, direction AS side, amount, NULL::numeric AS pnl, currency, open_tick_price AS tick_price, open_tick_at_ms AS tick_at_ms
        FROM options WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${until}
      UNION ALL
      SELECT id, 1 AS ev, settled_at AS at, symbol, result AS side, payout AS amount, payout - amount AS pnl, currency, close_tick_price AS tick_price, close_tick_at_ms AS tick_at_ms
        FROM options WHERE user_id = ${userId} AND status = 'settled' AND settled_at >= ${from} AND settled_at < ${until}`;
    const value = (v: unknown) => (v == null ? "" : toWire(v as string));
    return keysetPage<ExportRow<"trades">>(this.db, events, after, limit, (r) => ({
      time: (r.at as Date).toISOString(),
      product: "option",
      symbol: String(r.symbol),
      side: String(r.side ?? ""),
      quantity: "",
      price: value(r.tick_price),
      amount: value(r.amount),
      fee: "",
      realised_pnl: value(r.pnl),
      currency: String(r.currency),
      tick_price: value(r.tick_price),
      tick_time: r.tick_at_ms == null ? "" : new Date(Number(r.tick_at_ms)).toISOString(),
      reference: `option:${String(r.id)}:${Number(r.ev) === 0 ? "open" : "settle"}`,
    }));
  }

  /** Each user's net result per currency (payouts minus stakes) over the options settled between two times, both included. */
  async netResults(fromMs: number, toMs: number): Promise<Array<{ userId: number; currency: string; net: string }>> {
    return this.db
      .select({ userId: options.userId, currency: options.currency, net: sql<string>`sum(${options.payout} - ${options.amount})::text` })
      .from(options)
      .where(and(eq(options.status, "settled"), gte(options.settledAt, new Date(fromMs)), lte(options.settledAt, new Date(toMs))))
      .groupBy(options.userId, options.currency);
  }

  // ----- the ticket ---------------------------------------------------------------------------------------------

  /**
   * A kind's periods; on forex and metals a period whose option would not lie wholly inside the trading session if
   * placed now (the market closed, or closing before the expiry) is marked unavailable, as submit would refuse it.
   */
  async periods(kind: MarketKind): Promise<Period[]> {
    const [config, { session }] = await Promise.all([optionsConfig.cached(this.db), positionsConfig.cached(this.db)]);
    const nowMs = this.deps.clock.now().getTime();
    return periodsOf(config, kind).map((p) => ({
      seconds: p.seconds,
      rate: toWire(p.rate),
      min: toWire(p.min),
      max: toWire(p.max),
      break_even_win_rate: breakEvenWinRate(p.rate),
      available: sessionCovers(kind, session, nowMs, expiryMs(nowMs, p.seconds)),
    }));
  }

  async payable(userId: number): Promise<Array<{ currency: string; available: string }>> {
    const [config, balances] = await Promise.all([optionsConfig.cached(this.db), ledgerReads.balances(this.db, userId)]);
    return config.currencies.map((currency) => ({ currency, available: balances.find((b) => b.currency === currency)?.available ?? "0" }));
  }

  async list(userId: number, desk: OptionsDesk, query: { status?: OptionStatus; page: number; limit: number }) {
    const conditions: SQL[] = [eq(options.userId, userId), inArray(options.kind, kindsOf(desk))];
    if (query.status) conditions.push(eq(options.status, query.status));
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(options).where(where).orderBy(desc(options.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(options).where(where),
    ]);
    return { list: rows.map((r) => this.wire(r)), total };
  }
}
