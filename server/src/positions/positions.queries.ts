import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { MarketKind } from "../../contract/market";
import type { Position, Ticket } from "../../contract/positions";
import type { ExportRow } from "../../contract/wallet";
import { keysetPage, type Keyset, type TimeRange } from "../platform/keyset";
import { ledgerReads, money, toFixedDown, toWire } from "../ledger";
import { toSeconds } from "../platform/clock";
import type { Executor } from "../platform/db";
import { rulesFor } from "./positions.config";
import { closeSide, grossPnl, sessionAt, unrealised } from "./positions.engine";
import { MARGIN_CURRENCY, PositionsRole, epochOrNull, termsOf, wire } from "./positions.shared";
import { positions, type PositionRow } from "./positions.schema";

/** The read models of positions: the ticket, the lists and account figures, and the reads other domains need. */
export class PositionsQueries extends PositionsRole {
  // ----- the ticket -------------------------------------------------------------------------------------------

  async ticket(userId: number, symbol: string): Promise<Ticket> {
    const pair = this.deps.pairs.requirePair(symbol);
    const config = await this.rules(this.db);
    const rules = rulesFor(config, pair.kind, pair.symbol);
    const quote = this.quoteNow(pair);
    const session = sessionAt(pair.kind, config.session, this.deps.clock.now().getTime());
    const [wallet] = (await ledgerReads.balances(this.db, userId)).filter((b) => b.currency === MARGIN_CURRENCY);
    const needsCard = pair.kind !== "crypto";
    let perLot: string | null = null;
    if (quote) {
      try {
        const rate = this.quoteRate(pair.quote);
        perLot = toWire(money(pair.contract_size).times(quote.price).times(rate).div(100).toDecimalPlaces(8));
      } catch {
        perLot = null;
      }
    }
    return {
      symbol: pair.symbol,
      kind: pair.kind,
      bid: quote?.bid ?? null,
      ask: quote?.ask ?? null,
      last: quote ? money(quote.price).toFixed(pair.price_precision) : null,
      leverages: rules.leverages,
      max_leverage: rules.max_leverage,
      fee_rate: rules.fee_rate,
      quantity_step: toWire(pair.quantity_step),
      quantity_min: toWire(pair.quantity_min),
      quantity_max: toWire(pair.quantity_max),
      contract_size: toWire(pair.contract_size),
      price_precision: pair.price_precision,
      margin_currency: MARGIN_CURRENCY,
      available: wallet?.available ?? "0",
      maintenance_rate: rules.maintenance_rate,
      trading: this.deps.prices.tradingNow(pair.symbol),
      session_open: session.open,
      next_open_at: session.nextOpenMs === null ? null : Math.floor(session.nextOpenMs / 1000),
      trading_hours: pair.kind === "crypto" ? null : config.session,
      bank_card_required: needsCard,
      bank_card_bound: needsCard ? await this.deps.hasBankCard(userId) : true,
      value_per_lot_1pct: perLot,
      swap_long_rate: rules.swap_long_rate,
      swap_short_rate: rules.swap_short_rate,
      upcoming: this.deps.pairs.upcoming(pair.symbol),
    };
  }

  // ----- reading ------------------------------------------------------------------------------------------------

  /** The wire shape; open positions carry live figures at their executable price (the last tick, their own spread). */
  toPosition(row: PositionRow): Position {
    const terms = termsOf(row);
    let mark: string | null = row.closePrice;
    let pnl = row.pnl ?? "0";
    let marginLevel: string | null = null;
    if (row.status === "open" && row.openPrice) {
      const quote = this.quoteOf(row);
      if (quote) {
        mark = quote[closeSide(row.direction)];
        const figures = unrealised(terms, { openPrice: row.openPrice, mark, margin: money(row.margin), openFee: money(row.openFee), swapTotal: money(row.swap), swapDue: money(row.swapDue), maintenance: money(row.maintenance) });
        pnl = toWire(figures.pnl);
        marginLevel = figures.marginLevel ? toWire(figures.marginLevel) : null;
      }
    }
    const price = (value: string | null) => (value === null ? null : toFixedDown(value, row.pricePrecision));
    const tickOf = (price: string | null, atMs: number | null) => (price !== null && atMs !== null ? { price: toWire(price), at_ms: atMs } : null);
    return {
      id: row.id,
      symbol: row.symbol,
      kind: row.kind,
      direction: row.direction,
      type: row.type,
      quantity: toWire(row.quantity),
      contract_size: toWire(row.contractSize),
      leverage: row.leverage,
      price: price(row.limitPrice),
      stop_price: price(row.stopPrice),
      open_price: price(row.openPrice),
      open_tick: tickOf(row.openTickPrice, row.openTickAtMs),
      margin: toWire(row.margin),
      open_fee: toWire(row.openFee),
      close_fee: toWire(row.closeFee),
      swap: toWire(row.swap),
      tp_price: price(row.tpPrice),
      sl_price: price(row.slPrice),
      sl_trail_rate: wire(row.slTrailRate),
      mark_price: price(mark),
      pnl,
      liquidation_price: price(row.liquidationPrice),
      margin_level: marginLevel,
      status: row.status,
      close_reason: row.closeReason,
      close_price: price(row.closePrice),
      close_tick: tickOf(row.closeTickPrice, row.closeTickAtMs),
      payout: wire(row.payout),
      created_at: toSeconds(row.createdAt),
      opened_at: epochOrNull(row.openedAt),
      closed_at: epochOrNull(row.closedAt),
    };
  }

  async list(userId: number, query: { status: "pending" | "open" | "closed"; kind?: MarketKind; symbol?: string; page: number; limit: number }) {
    const statuses = query.status === "closed" ? (["closed", "cancelled"] as const) : ([query.status] as const);
    const conditions: SQL[] = [eq(positions.userId, userId), inArray(positions.status, [...statuses])];
    if (query.kind) conditions.push(query.kind === "crypto" ? eq(positions.kind, "crypto") : eq(positions.kind, query.kind));
    if (query.symbol) conditions.push(eq(positions.symbol, query.symbol));
    const where = and(...conditions);
    const [rows, [{ total }], open] = await Promise.all([
      this.db.select().from(positions).where(where).orderBy(desc(positions.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(positions).where(where),
      this.db.select().from(positions).where(and(eq(positions.userId, userId), eq(positions.status, "open"), ...(query.kind ? [eq(positions.kind, query.kind)] : []))),
    ]);
    return { list: rows.map((r) => this.toPosition(r)), total, account: await this.account(userId, open) };
  }

  /**
   * The desk's account as MT5 defines it (contract `account`): balance = available + the margin these positions
   * hold, equity = balance + their unrealised P&L, free margin = equity - margin; the margin level stays the
   * positions' own equity (margin + gross P&L - swaps due) over their maintenance, the liquidation measure.
   */
  private async account(userId: number, open: PositionRow[]) {
    let margin = money(0);
    let upnl = money(0);
    let own = money(0);
    let maintenance = money(0);
    for (const row of open) {
      const position = this.toPosition(row);
      margin = margin.plus(row.margin);
      maintenance = maintenance.plus(row.maintenance);
      upnl = upnl.plus(position.pnl);
      const gross = position.mark_price && row.openPrice ? grossPnl(termsOf(row), row.openPrice, position.mark_price) : money(0);
      own = own.plus(money(row.margin).minus(row.swapDue).plus(gross));
    }
    const [wallet] = (await ledgerReads.balances(this.db, userId)).filter((b) => b.currency === MARGIN_CURRENCY);
    const balance = money(wallet?.available ?? "0").plus(margin);
    const equity = balance.plus(upnl);
    return {
      balance: toWire(balance),
      equity: toWire(equity),
      margin: toWire(margin),
      free_margin: toWire(equity.minus(margin)),
      margin_level: maintenance.gt(0) ? toWire(own.div(maintenance).times(100).toDecimalPlaces(2)) : null,
      maintenance: toWire(maintenance),
      unrealised_pnl: toWire(upnl),
    };
  }

  /** Each user's net result (P&L after fees and swaps) over the positions closed between two times, both included. */
  async netResults(fromMs: number, toMs: number): Promise<Array<{ userId: number; currency: string; net: string }>> {
    const rows = await this.db
      .select({ userId: positions.userId, net: sql<string>`sum(${positions.pnl})::text` })
      .from(positions)
      .where(and(eq(positions.status, "closed"), gte(positions.closedAt, new Date(fromMs)), lte(positions.closedAt, new Date(toMs))))
      .groupBy(positions.userId);
    return rows.map((row) => ({ ...row, currency: MARGIN_CURRENCY }));
  }

  /**
   * Statement lines (`finance/export` trades): each opening and each close of the user's positions over a range, in
   * time order after a key. A close is the opposite side at the close price, with its fee and the realised P&L.
   */
  tradeRows(userId: number, range: TimeRange, after: Keyset | null, limit: number) {
    const from = sql`${range.from.toISOString()}::timestamptz`;
    const until = sql`${range.until.toISOString()}::timestamptz`;
    const events = sql`SELECT id, 0 AS ev, opened_at AS at, kind, symbol, direction, quantity, open_price AS price, open_fee AS fee, NULL::numeric AS pnl, open_tick_price AS tick_price, open_tick_at_ms AS tick_at_ms
        FROM positions WHERE user_id = ${userId} AND opened_at >= ${from} AND opened_at < ${until}
      UNION ALL
      SELECT id, 1 AS ev, closed_at AS at, kind, symbol, direction, quantity, close_price AS price, close_fee AS fee, pnl, close_tick_price AS tick_price, close_tick_at_ms AS tick_at_ms
        FROM positions WHERE user_id = ${userId} AND status = 'closed' AND closed_at >= ${from} AND closed_at < ${until}`;
    const value = (v: unknown) => (v == null ? "" : toWire(v as string));
    return keysetPage<ExportRow<"trades">>(this.db, events, after, limit, (r) => {
      const opening = Number(r.ev) === 0;
      const buys = (r.direction === "long") === opening;
      return {
        time: (r.at as Date).toISOString(),
        product: r.kind === "crypto" ? "contract" : String(r.kind),
        symbol: String(r.symbol),
        side: buys ? "buy" : "sell",
        quantity: value(r.quantity),
        price: value(r.price),
        amount: "",
        fee: value(r.fee),
        realised_pnl: opening ? "" : value(r.pnl),
        currency: MARGIN_CURRENCY,
        tick_price: value(r.tick_price),
        tick_time: r.tick_at_ms == null ? "" : new Date(Number(r.tick_at_ms)).toISOString(),
        reference: `position:${String(r.id)}:${opening ? "open" : "close"}`,
      };
    });
  }

  /** Some positions' kind, pair and ticks (the finance records link each change to its list and its tick). */
  causeRowsByIds(ids: number[]) {
    return this.db
      .select({ id: positions.id, kind: positions.kind, symbol: positions.symbol, openTickPrice: positions.openTickPrice, openTickAtMs: positions.openTickAtMs, closeTickPrice: positions.closeTickPrice, closeTickAtMs: positions.closeTickAtMs })
      .from(positions)
      .where(inArray(positions.id, ids));
  }

  /** Withdrawal guard: an open position or a pending order holds the user's money in the market. */
  async hasLive(db: Executor, userId: number): Promise<boolean> {
    const [row] = await db.select({ id: positions.id }).from(positions).where(and(eq(positions.userId, userId), inArray(positions.status, ["pending", "open", "closing"]))).limit(1);
    return Boolean(row);
  }

}
