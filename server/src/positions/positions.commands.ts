import { and, eq } from "drizzle-orm";
import type { MarketKind } from "../../contract/market";
import type { CloseReason, Position } from "../../contract/positions";
import { ledger, money, toWire, transfers } from "../ledger";
import { trailLevel, trailRateRefusal } from "../triggers";
import { priceFits, quantityRefusal } from "../market";
import type { Tx } from "../platform/db";
import { DomainError, invariant } from "../platform/errors";
import { notifyMany } from "../platform/notify";
import { insertMany, lockMany } from "../platform/bulk";
import { OrderDesk, type Accepted } from "../orders";
import { rulesFor } from "./positions.config";
import { closeSide, feeFor, lossWay, marginFor, openSide, sessionAt, stopOrderRefusal, stopRefusal, type PositionTerms } from "./positions.engine";
import { MARGIN_CURRENCY, PositionsRole, blank, type PositionsDeps, type TickAt } from "./positions.shared";
import { positions, type PositionRow } from "./positions.schema";
import { openedColumns, openedNotice, type PositionsSettlement } from "./positions.settlement";

type Prepared = Awaited<ReturnType<PositionsCommands["prepare"]>>;

export interface SubmitInput {
  symbol: string;
  direction: "long" | "short";
  type: "market" | "limit" | "stop";
  quantity: string;
  price?: string;
  stop_price?: string;
  leverage: number;
  tp_price?: string;
  sl_price?: string;
  idempotency_key?: string;
}

/**
 * The columns a new position's row has whether it waits (limit, stop) or opens at once: the order as asked, the
 * terms it was accepted at, nothing charged yet.
 */
function newRow(member: Accepted<SubmitInput, Prepared>["member"], id: number, now: Date) {
  const { pair, terms, tp, sl, swapRate, margin } = member.prepared;
  return {
    id,
    userId: member.userId,
    symbol: pair.symbol,
    kind: pair.kind,
    direction: member.input.direction,
    type: member.input.type,
    quantity: member.input.quantity,
    contractSize: pair.contract_size,
    leverage: member.input.leverage,
    pricePrecision: pair.price_precision,
    quoteRate: terms.quoteRate,
    feeRate: terms.feeRate,
    maintenanceRate: terms.maintenanceRate,
    // Kept for life: the position closes, triggers and shows its mark at this spread (contract, wave 3).
    spreadRate: pair.spread_rate,
    swapRate,
    margin: toWire(margin),
    closeFee: "0",
    swap: "0",
    swapDue: "0",
    tpPrice: tp,
    slPrice: sl,
    warned: false,
    createdAt: now,
  };
}

/** The user's commands on positions: open (market, limit or stop), cancel, set stops (a trailing one too), close, close all. */
export class PositionsCommands extends PositionsRole {
  /**
   * Every order goes through the order desk (group-committed: those arriving while a batch is written go together in
   * the next one); contracts say how to prepare, decide and write an order.
   */
  private readonly desk: OrderDesk<SubmitInput, Prepared, PositionRow, PositionRow>;

  constructor(
    deps: PositionsDeps,
    private readonly settlement: PositionsSettlement,
  ) {
    super(deps);
    this.desk = new OrderDesk(this.db, deps.clock, {
      table: positions,
      prepare: (userId, input) => this.prepare(userId, input),
      accounts: ({ userId }) => [{ userId, currency: MARGIN_CURRENCY }],
      decide: ({ userId, prepared: { margin, fee } }, balances) => {
        const balance = balances.get(`${userId}:${MARGIN_CURRENCY}`)!;
        if (!margin.gt(0)) return new DomainError("ORDER_BELOW_MIN", "quantity");
        if (balance.available.lt(margin.plus(fee))) return new DomainError("INSUFFICIENT_BALANCE");
        balance.available = balance.available.minus(margin).minus(fee);
        return null;
      },
      write: (tx, accepted, now) => this.writePlaced(tx, accepted, now),
      replay: (first, userId) => this.orderOf(first, userId),
    });
  }

  // ----- opening ----------------------------------------------------------------------------------------------

  /** Checks every rule that does not need the transaction; returns what the order needs to open. */
  private async prepare(userId: number, input: SubmitInput) {
    const pair = this.deps.prices.requireTradable(input.symbol);
    await this.deps.switches.require(userId, "leverage");
    const config = await this.rules(this.db);
    const rules = rulesFor(config, pair.kind, pair.symbol);
    if (pair.kind !== "crypto") {
      if (!sessionAt(pair.kind, config.session, this.deps.clock.now().getTime()).open) throw new DomainError("TRADING_CLOSED");
      if (!(await this.deps.hasBankCard(userId))) throw new DomainError("BANK_CARD_REQUIRED");
    }
    if (!rules.leverages.includes(input.leverage)) throw new DomainError("LEVERAGE_NOT_ALLOWED", "leverage");
    const quantityProblem = quantityRefusal(input.quantity, pair);
    if (quantityProblem) throw new DomainError(quantityProblem, "quantity");
    const quote = this.quoteNow(pair);
    if (!quote) throw new DomainError("TRADING_CLOSED");
    const limit = input.type === "limit" ? blank(input.price) : null;
    if (input.type === "limit" && !limit) throw new DomainError("MISSING_PARAMETER", "price");
    const stop = input.type === "stop" ? blank(input.stop_price) : null;
    if (input.type === "stop" && !stop) throw new DomainError("MISSING_PARAMETER", "stop_price");
    const tp = blank(input.tp_price);
    const sl = blank(input.sl_price);
    for (const [field, value] of [["price", limit], ["stop_price", stop], ["tp_price", tp], ["sl_price", sl]] as const) {
      if (value === null) continue;
      if ((field === "price" || field === "stop_price") && money(value).isZero()) throw new DomainError("PRICE_NOT_POSITIVE", field);
      if (!priceFits(value, pair.price_precision)) throw new DomainError("PRICE_PRECISION", field);
    }
    // A stop strictly beyond the executable price on its side (contract, wave 4): else it would trigger at once.
    const stopProblem = stop === null ? null : stopOrderRefusal(input.direction, stop, quote);
    if (stopProblem) throw new DomainError(stopProblem, "stop_price");
    const last = money(quote.price).toFixed(pair.price_precision);
    // Seed section 5: a limit sell cannot be priced below the current price; a limit buy, likewise, not above it.
    // A limit order therefore always waits for the first tick that crosses it.
    if (limit !== null && input.direction === "short" && money(limit).lt(last)) throw new DomainError("LIMIT_SELL_BELOW_PRICE", "price");
    if (limit !== null && input.direction === "long" && money(limit).gt(last)) throw new DomainError("LIMIT_BUY_ABOVE_PRICE", "price");
    // A waiting order's margin and fee are those at its limit or stop price (held until it fills or is cancelled).
    const openPrice = limit ?? stop ?? quote[openSide(input.direction)];
    const tpSlProblem = stopRefusal(input.direction, openPrice, last, tp, sl);
    if (tpSlProblem) throw new DomainError(tpSlProblem, tpSlProblem.includes("TP") ? "tp_price" : "sl_price");
    const terms: PositionTerms = {
      kind: pair.kind,
      direction: input.direction,
      quantity: input.quantity,
      contractSize: pair.contract_size,
      leverage: input.leverage,
      pricePrecision: pair.price_precision,
      quoteRate: this.quoteRate(pair.quote),
      feeRate: rules.fee_rate,
      maintenanceRate: rules.maintenance_rate,
    };
    const swapRate = input.direction === "long" ? rules.swap_long_rate : rules.swap_short_rate;
    // The margin warning level the position opens with comes from the same reading of the rules as its terms.
    return { pair, terms, quote, limit, stop, openPrice, tp, sl, swapRate, warningLevel: config.warning_level, margin: marginFor(terms, openPrice), fee: feeFor(terms, openPrice) };
  }

  /**
   * Every placement goes through the order desk (group-committed: those arriving while a batch is written go together
   * in the next one); a key seen before (or claimed first by a twin) answers its first position.
   */
  async submit(userId: number, input: SubmitInput): Promise<Position> {
    const placed = await this.desk.place(userId, "lever/submit", input, undefined);
    return this.settlement.after("fresh" in placed ? placed.fresh : placed.replay);
  }

  /** A batch's accepted orders: market orders open now, limit and stop orders wait pending (answers in order). */
  private async writePlaced(tx: Tx, accepted: ReadonlyArray<Accepted<SubmitInput, Prepared>>, now: Date): Promise<PositionRow[]> {
    const market = accepted.filter(({ member }) => member.input.type === "market");
    const waiting = accepted.filter(({ member }) => member.input.type !== "market");
    const rows = [...(market.length ? await this.writeOpened(tx, market, now) : []), ...(waiting.length ? await this.writePending(tx, waiting, now) : [])];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return accepted.map(({ id }) => byId.get(id)!);
  }

  /**
   * A batch's accepted limit and stop orders, one statement per table: each holds its margin and its open fee (so the
   * fill can always pay it), and its row is inserted pending.
   */
  private async writePending(tx: Tx, accepted: ReadonlyArray<Accepted<SubmitInput, Prepared>>, now: Date): Promise<PositionRow[]> {
    const holdInputs = accepted.flatMap(({ member, id }) => {
      const margin = { key: `position:${id}:margin`, ...transfers.marginHold({ userId: member.userId, currency: MARGIN_CURRENCY, amount: member.prepared.margin, positionId: id }), at: now };
      const fee = { key: `position:${id}:fee`, ...transfers.tradeFeeHold({ userId: member.userId, currency: MARGIN_CURRENCY, amount: member.prepared.fee, positionId: id }), at: now };
      return member.prepared.fee.gt(0) ? [margin, fee] : [margin];
    });
    const held = await ledger.holdMany(tx, holdInputs);
    const holdOf = new Map(holdInputs.map((input, i) => [input.key, held[i].holdId]));
    return insertMany(
      tx,
      positions,
      accepted.map(({ member, id }) => ({
        ...newRow(member, id, now),
        limitPrice: member.prepared.limit,
        stopPrice: member.prepared.stop,
        maintenance: "0",
        openFee: toWire(member.prepared.fee),
        status: "pending" as const,
        marginHoldId: holdOf.get(`position:${id}:margin`)!,
        feeHoldId: holdOf.get(`position:${id}:fee`) ?? null,
      })),
    );
  }

  /** The position a key's first answer names (`{ id }`; answers stored before kept the whole row, id included). */
  private async orderOf(first: { id: number }, userId: number): Promise<PositionRow> {
    const [row] = await this.db.select().from(positions).where(and(eq(positions.id, first.id), eq(positions.userId, userId)));
    invariant(row !== undefined, "a key's answer names a position of its user");
    return row;
  }

  /**
   * A batch's accepted market orders, one statement per table: the margin holds and open fees posted, the rows
   * inserted open, the notices written.
   */
  private async writeOpened(tx: Tx, accepted: ReadonlyArray<Accepted<SubmitInput, Prepared>>, now: Date): Promise<PositionRow[]> {
    const fees = accepted.flatMap(({ member, id }) =>
      member.prepared.fee.gt(0)
        ? [{ key: `position:${id}:open_fee`, ...transfers.tradeFee({ userId: member.userId, currency: MARGIN_CURRENCY, fee: member.prepared.fee, positionId: id }), at: now }]
        : [],
    );
    // The margins held and the open fees paid in one posting: one statement per ledger table for the batch.
    const holds = await ledger.holdMany(
      tx,
      accepted.map(({ member, id }) => ({ key: `position:${id}:margin`, ...transfers.marginHold({ userId: member.userId, currency: MARGIN_CURRENCY, amount: member.prepared.margin, positionId: id }), at: now })),
      undefined,
      fees,
    );
    const rows = await insertMany(
      tx,
      positions,
      accepted.map(({ member, id }, i) => {
        const { terms, quote, openPrice, warningLevel, margin, fee } = member.prepared;
        return {
          ...newRow(member, id, now),
          limitPrice: null,
          marginHoldId: holds[i].holdId,
          ...openedColumns(terms, margin, openPrice, { price: quote.price, atMs: quote.atMs }, fee, now, warningLevel),
        };
      }),
    );
    const notices = rows.map((row) => ({ userId: row.userId, ...openedNotice(row, row.openPrice!, { price: row.openTickPrice!, atMs: row.openTickAtMs! }) }));
    await notifyMany(this.deps.notifier, tx, notices);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return accepted.map(({ id }) => byId.get(id)!);
  }

  // ----- changing and closing -----------------------------------------------------------------------------------

  /** Locks one of the user's positions for a change (a row lock: the engine and the user cannot both close it). */
  private async lockOwn(tx: Tx, userId: number, id: number): Promise<PositionRow> {
    const [row] = await tx.select().from(positions).where(and(eq(positions.id, id), eq(positions.userId, userId))).for("update");
    if (!row) throw new DomainError("TRADE_NOT_FOUND");
    if (row.status === "closing") throw new DomainError("POSITION_CLOSING");
    return row;
  }

  async cancel(userId: number, id: number): Promise<Position> {
    const row = await this.db.transaction(async (tx) => {
      const locked = await this.lockOwn(tx, userId, id);
      if (locked.status !== "pending") throw new DomainError("ORDER_NOT_CANCELLABLE");
      const now = this.deps.clock.now();
      await ledger.release(tx, { holdId: locked.marginHoldId!, key: `position:${id}:margin.release`, kind: "position.release", at: now });
      if (locked.feeHoldId !== null) await ledger.release(tx, { holdId: locked.feeHoldId, key: `position:${id}:fee.release`, kind: "position.release", at: now });
      const [cancelled] = await tx.update(positions).set({ status: "cancelled", feeHoldId: null, closedAt: now }).where(eq(positions.id, id)).returning();
      return cancelled;
    });
    return this.settlement.after(row);
  }

  /**
   * TP, SL and a trailing SL (omitted keeps, an empty string clears). A trailing rate starts its level at the
   * executable close price now (at the position's own spread) and replaces a fixed SL; an SL price replaces a trail;
   * both in one request are refused. Clearing the rate clears the trailing stop-loss.
   */
  async setStop(userId: number, input: { id: number; tp_price?: string; sl_price?: string; sl_trail_rate?: string }): Promise<Position> {
    const row = await this.db.transaction(async (tx) => {
      const locked = await this.lockOwn(tx, userId, input.id);
      if (locked.status !== "open" && locked.status !== "pending") throw new DomainError("STATUS_ABNORMAL");
      const rate = input.sl_trail_rate === undefined ? undefined : blank(input.sl_trail_rate);
      if (rate != null && blank(input.sl_price) !== null) throw new DomainError("SL_PRICE_OR_TRAIL", "sl_trail_rate");
      if (rate != null) {
        const problem = trailRateRefusal(rate);
        if (problem) throw new DomainError(problem, "sl_trail_rate");
        if (locked.status !== "open") throw new DomainError("TRAIL_NEEDS_OPEN", "sl_trail_rate");
      }
      const tp = input.tp_price === undefined ? locked.tpPrice : blank(input.tp_price);
      // A trail being cleared takes its level with it; one kept keeps trailing (its level is not the user's to check).
      const trailing = rate === undefined ? input.sl_price === undefined && locked.slTrailRate !== null : rate !== null;
      const sl = input.sl_price !== undefined ? blank(input.sl_price) : rate === null && locked.slTrailRate !== null ? null : locked.slPrice;
      for (const [field, value] of [["tp_price", tp], ["sl_price", trailing ? null : sl]] as const) {
        if (value !== null && !money(value).isZero() && !priceFits(value, locked.pricePrecision)) throw new DomainError("PRICE_PRECISION", field);
      }
      const pair = this.deps.pairs.requirePair(locked.symbol);
      const quote = this.quoteNow(pair);
      if (!quote) throw new DomainError("TRADING_CLOSED");
      const openPrice = locked.openPrice ?? locked.limitPrice ?? locked.stopPrice!;
      const problem = stopRefusal(locked.direction, openPrice, money(quote.price).toFixed(pair.price_precision), tp, trailing ? null : sl);
      if (problem) throw new DomainError(problem, problem.includes("TP") ? "tp_price" : "sl_price");
      let trail: Pick<PositionRow, "slTrailRate" | "slTrailBest" | "slTrailAtMs" | "slPrice"> = { slTrailRate: null, slTrailBest: null, slTrailAtMs: null, slPrice: sl };
      if (rate != null) {
        // The trail starts at the close side now, at the position's spread (a re-set starts again from there).
        const own = this.quoteOf(locked);
        if (!own || !this.deps.prices.isFresh(locked.symbol)) throw new DomainError("TRADING_CLOSED");
        const best = own[closeSide(locked.direction)];
        trail = { slTrailRate: rate, slTrailBest: best, slTrailAtMs: own.atMs, slPrice: trailLevel(lossWay(locked.direction), best, rate, locked.pricePrecision) };
      } else if (trailing) {
        trail = { slTrailRate: locked.slTrailRate, slTrailBest: locked.slTrailBest, slTrailAtMs: locked.slTrailAtMs, slPrice: locked.slPrice };
      }
      const [changed] = await tx.update(positions).set({ tpPrice: tp, ...trail }).where(eq(positions.id, locked.id)).returning();
      return changed;
    });
    return this.settlement.after(row);
  }

  async close(userId: number, id: number): Promise<Position> {
    const row = await this.db.transaction(async (tx) => {
      const locked = await this.lockOwn(tx, userId, id);
      if (locked.status !== "open") throw new DomainError(locked.status === "pending" ? "CANNOT_CLOSE" : "TRADE_NOT_FOUND");
      return this.closeAtMarket(tx, locked, "user");
    });
    return this.settlement.after(row);
  }

  async closeAll(userId: number, filter: { symbol?: string; kind?: MarketKind }) {
    const conditions = [eq(positions.userId, userId), eq(positions.status, "open")];
    if (filter.symbol) conditions.push(eq(positions.symbol, filter.symbol));
    if (filter.kind) conditions.push(eq(positions.kind, filter.kind));
    const ids = (await this.db.select({ id: positions.id }).from(positions).where(and(...conditions)).orderBy(positions.id)).map((r) => r.id);
    const closed: PositionRow[] = [];
    // One transaction for all: either every position closes at its tick, or none does. The rows are locked at once
    // (in id order) and closed together, one statement per table, as a tick's stops are.
    await this.db.transaction(async (tx) => {
      const closes = [];
      for (const locked of await lockMany(tx, positions, ids)) if (locked.status === "open") closes.push(await this.marketClose(tx, locked, "close_all"));
      closed.push(...(await this.settlement.closeManyInTx(tx, closes)));
    });
    const list = this.settlement.afterMany(closed);
    const pnl = closed.reduce((sum, row) => sum.plus(row.pnl ?? 0), money(0));
    return { closed: list.length, pnl: toWire(pnl), list };
  }

  /** Closes at the last recorded tick, at the executable price of the position's own spread. */
  private async closeAtMarket(tx: Tx, row: PositionRow, reason: CloseReason): Promise<PositionRow> {
    const { tick, exec } = await this.marketClose(tx, row, reason);
    return this.settlement.closeInTx(tx, row, reason, tick, exec);
  }

  /** Where a user's close of `row` goes now: the last recorded tick and the executable price at the position's spread. */
  private async marketClose(tx: Tx, row: PositionRow, reason: CloseReason): Promise<{ row: PositionRow; reason: CloseReason; tick: TickAt; exec: string }> {
    const quote = this.quoteOf(row);
    if (!quote || !this.deps.prices.isFresh(row.symbol)) throw new DomainError("TRADING_CLOSED");
    if (row.kind !== "crypto") {
      const config = await this.rules(tx);
      if (!sessionAt(row.kind, config.session, this.deps.clock.now().getTime()).open) throw new DomainError("TRADING_CLOSED");
    }
    return { row, reason, tick: { price: quote.price, atMs: quote.atMs }, exec: quote[closeSide(row.direction)] };
  }
}
