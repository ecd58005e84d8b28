import type { Decimal } from "decimal.js";
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { MarketKind } from "../../contract/market";
import { notifications } from "../../contract/notifications";
import type { CloseReason, Position, PositionsConfig, Ticket } from "../../contract/positions";
import { users } from "../auth";
import type { CountrySwitches } from "../kyc";
import { ledger, money, toWire, type Leg } from "../ledger";
import { priceFits, quantityRefusal, quoteAround, type MarketService, type PairRow } from "../market";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { DomainError, invariant } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { idempotent } from "../platform/idempotency";
import type { UserNotifier } from "../platform/notify";
import { ownerOf, type FiredAt, type Trigger, type TriggerRunner, type TriggerSource } from "../triggers";
import { configProblems, positionsConfig, rulesFor } from "./positions.config";
import {
  closeSide,
  feeFor,
  grossPnl,
  liquidationPrice,
  maintenanceFor,
  warningPrice,
  marginFor,
  openSide,
  reasonOf,
  sessionAt,
  splitClose,
  stopRefusal,
  swapCharge,
  triggersOf,
  unrealised,
  type PositionTerms,
} from "./positions.engine";
import { positions, type PositionRow } from "./positions.schema";

/**
 * Leveraged positions on crypto, forex and metal pairs: one engine for all three. Use cases run in one transaction
 * each; every money move is a ledger posting with the position as its cause (margin as a hold, fees, P&L against
 * the platform's `trading` account, losses beyond the margin from `insurance`, nightly swaps). Triggers (limit
 * fills, TP, SL, liquidation) live in the shared trigger book: this service is its `positions` source.
 */

export const MARGIN_CURRENCY = "USDT";
const SOURCE = "positions";

export interface SubmitInput {
  symbol: string;
  direction: "long" | "short";
  type: "market" | "limit";
  quantity: string;
  price?: string;
  leverage: number;
  tp_price?: string;
  sl_price?: string;
  idempotency_key?: string;
}

export interface PositionsDeps {
  db: Db;
  clock: Clock;
  market: MarketService;
  notifier: UserNotifier;
  triggers: TriggerRunner;
  /** The user has bound a bank card (the account domain's answer). */
  hasBankCard: (userId: number) => Promise<boolean>;
  /** Leverage can be switched off for users of some KYC countries. */
  switches: Pick<CountrySwitches, "require">;
  /** Pushes a position to the user's sockets (channel `positions`). */
  publish: (userId: number, position: Position) => void;
}

interface TickAt {
  price: string;
  atMs: number;
}

const blank = (value: string | undefined | null): string | null => (value === undefined || value === null || value === "" ? null : value);
const wire = (value: string | null): string | null => (value === null ? null : toWire(value));
const epochOrNull = (date: Date | null) => (date ? toSeconds(date) : null);

function termsOf(row: PositionRow): PositionTerms {
  return {
    kind: row.kind,
    direction: row.direction,
    quantity: row.quantity,
    contractSize: row.contractSize,
    leverage: row.leverage,
    pricePrecision: row.pricePrecision,
    quoteRate: row.quoteRate,
    feeRate: row.feeRate,
    maintenanceRate: row.maintenanceRate,
  };
}

const levelsOf = (row: PositionRow) =>
  row.status === "pending" || row.status === "open"
    ? triggersOf({
        id: row.id,
        symbol: row.symbol,
        direction: row.direction,
        status: row.status,
        limitPrice: row.limitPrice,
        tp: row.tpPrice,
        sl: row.slPrice,
        liquidation: row.liquidationPrice,
        warning: row.warned ? null : row.warningPrice,
      })
    : [];

export class PositionsService implements TriggerSource {
  readonly name = SOURCE;

  constructor(private readonly deps: PositionsDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /**
   * The trading rules, read at most every few seconds (every order needs them). Inside a transaction pass its `tx`:
   * a stale cache then reads through it (on PGlite a read through `db` would wait for that transaction forever).
   */
  private async rules(db: Executor): Promise<PositionsConfig> {
    return positionsConfig.cached(db);
  }

  // ----- prices ----------------------------------------------------------------------------------------------

  /** The last recorded tick of a pair with the executable quote around it (null before its first tick). */
  private quoteNow(pair: PairRow): (TickAt & { bid: string; ask: string }) | null {
    const tick = this.deps.market.lastTick(pair.symbol);
    if (!tick) return null;
    return { price: tick.price, atMs: tick.atMs, ...quoteAround(tick.price, pair.spread_rate, pair.price_precision) };
  }

  /** USDT per unit of a quote currency, from the live feed (USD counts 1:1 with USDT). */
  private quoteRate(quote: string): string {
    if (quote === "USDT" || quote === "USD") return "1";
    const direct = this.deps.market.lastTick(`${quote}/USD`) ?? this.deps.market.lastTick(`${quote}/USDT`);
    if (direct) return direct.price;
    const inverse = this.deps.market.lastTick(`USD/${quote}`);
    if (inverse) return toWire(money(1).div(inverse.price).toDecimalPlaces(18));
    throw new DomainError("TRADING_CLOSED");
  }

  // ----- the ticket -------------------------------------------------------------------------------------------

  async ticket(userId: number, symbol: string): Promise<Ticket> {
    const pair = this.deps.market.requirePair(symbol);
    const config = await this.rules(this.db);
    const rules = rulesFor(config, pair.kind, pair.symbol);
    const quote = this.quoteNow(pair);
    const session = sessionAt(pair.kind, config.session, this.deps.clock.now().getTime());
    const [wallet] = (await ledger.balances(this.db, userId)).filter((b) => b.currency === MARGIN_CURRENCY);
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
      trading: pair.trading,
      session_open: session.open,
      next_open_at: session.nextOpenMs === null ? null : Math.floor(session.nextOpenMs / 1000),
      bank_card_required: needsCard,
      bank_card_bound: needsCard ? await this.deps.hasBankCard(userId) : true,
      value_per_lot_1pct: perLot,
      swap_long_rate: rules.swap_long_rate,
      swap_short_rate: rules.swap_short_rate,
    };
  }

  // ----- opening ----------------------------------------------------------------------------------------------

  /** Checks every rule that does not need the transaction; returns what the order needs to open. */
  private async prepare(userId: number, input: SubmitInput) {
    const pair = this.deps.market.requireTradable(input.symbol);
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
    const tp = blank(input.tp_price);
    const sl = blank(input.sl_price);
    for (const [field, value] of [["price", limit], ["tp_price", tp], ["sl_price", sl]] as const) {
      if (value === null) continue;
      if (field === "price" && money(value).isZero()) throw new DomainError("PRICE_NOT_POSITIVE", "price");
      if (!priceFits(value, pair.price_precision)) throw new DomainError("PRICE_PRECISION", field);
    }
    const last = money(quote.price).toFixed(pair.price_precision);
    // Seed section 5: a limit sell cannot be priced below the current price; a limit buy, likewise, not above it.
    // A limit order therefore always waits for the first tick that crosses it.
    if (limit !== null && input.direction === "short" && money(limit).lt(last)) throw new DomainError("LIMIT_SELL_BELOW_PRICE", "price");
    if (limit !== null && input.direction === "long" && money(limit).gt(last)) throw new DomainError("LIMIT_BUY_ABOVE_PRICE", "price");
    const openPrice = limit ?? quote[openSide(input.direction)];
    const stopProblem = stopRefusal(input.direction, openPrice, last, tp, sl);
    if (stopProblem) throw new DomainError(stopProblem, stopProblem.includes("TP") ? "tp_price" : "sl_price");
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
    return { pair, terms, quote, limit, openPrice, tp, sl, swapRate };
  }

  async submit(userId: number, input: SubmitInput): Promise<Position> {
    let prepared: Awaited<ReturnType<PositionsService["prepare"]>>;
    const row = await idempotent(
      this.db,
      { userId, key: input.idempotency_key, scope: "lever/submit", body: { ...input, idempotency_key: undefined } },
      async (tx) => {
        const { pair, terms, quote, limit, openPrice, tp, sl, swapRate } = prepared;
        const margin = marginFor(terms, openPrice);
        const fee = feeFor(terms, openPrice);
        if (!margin.gt(0)) throw new DomainError("ORDER_BELOW_MIN", "quantity");
        const now = this.deps.clock.now();
        const [created] = await tx
          .insert(positions)
          .values({
            userId,
            symbol: pair.symbol,
            kind: pair.kind,
            direction: input.direction,
            type: input.type,
            quantity: input.quantity,
            contractSize: pair.contract_size,
            leverage: input.leverage,
            pricePrecision: pair.price_precision,
            quoteRate: terms.quoteRate,
            feeRate: terms.feeRate,
            maintenanceRate: terms.maintenanceRate,
            swapRate,
            limitPrice: limit,
            margin: toWire(margin),
            maintenance: "0",
            openFee: "0",
            closeFee: "0",
            swap: "0",
            swapDue: "0",
            tpPrice: tp,
            slPrice: sl,
            status: "pending",
            warned: false,
            createdAt: now,
          })
          .returning();
        const cause = { kind: "position", id: created.id };
        const held = await ledger.hold(tx, { key: `position:${created.id}:margin`, kind: "position.margin", userId, currency: MARGIN_CURRENCY, amount: margin, cause, at: now, insufficient: "INSUFFICIENT_BALANCE" });
        if (limit !== null) {
          // A pending order holds its open fee too, so the fill can always pay it.
          const feeHold = fee.gt(0) ? await ledger.hold(tx, { key: `position:${created.id}:fee`, kind: "position.fee.hold", userId, currency: MARGIN_CURRENCY, amount: fee, cause, at: now }) : null;
          const [pending] = await tx.update(positions).set({ marginHoldId: held.holdId, feeHoldId: feeHold?.holdId ?? null, openFee: toWire(fee) }).where(eq(positions.id, created.id)).returning();
          return pending;
        }
        return this.openInTx(tx, { ...created, marginHoldId: held.holdId }, { price: quote.price, atMs: quote.atMs }, openPrice, fee, now);
      },
      async () => {
        prepared = await this.prepare(userId, input);
      },
    );
    return this.after(row);
  }

  /** The position opens at `openPrice` on `tick`: the open fee is paid, the liquidation level armed. */
  private async openInTx(tx: Tx, row: PositionRow, tick: TickAt, openPrice: string, fee: Decimal, now: Date): Promise<PositionRow> {
    const terms = termsOf(row);
    const cause = { kind: "position", id: row.id };
    if (fee.gt(0)) {
      await ledger.post(tx, {
        key: `position:${row.id}:open_fee`,
        kind: "position.fee",
        cause,
        at: now,
        legs: [
          { account: { user: row.userId }, currency: MARGIN_CURRENCY, amount: fee.negated() },
          { account: { platform: "fees" }, currency: MARGIN_CURRENCY, amount: fee },
        ],
      });
    }
    const margin = money(row.margin);
    const maintenance = maintenanceFor(terms, openPrice, margin);
    const config = await this.rules(tx);
    const [opened] = await tx
      .update(positions)
      .set({
        status: "open",
        marginHoldId: row.marginHoldId,
        openPrice,
        openTickPrice: tick.price,
        openTickAtMs: tick.atMs,
        openFee: toWire(fee),
        maintenance: toWire(maintenance),
        liquidationPrice: liquidationPrice(terms, openPrice, margin, maintenance),
        warningPrice: warningPrice(terms, openPrice, margin, maintenance, config.warning_level),
        openedAt: now,
      })
      .where(eq(positions.id, row.id))
      .returning();
    await this.deps.notifier.notifyUser(tx, row.userId, {
      title: notifications.POSITION_OPENED_TITLE.key,
      body: notifications.POSITION_OPENED_BODY.key,
      values: { symbol: row.symbol, quantity: toWire(row.quantity), price: openPrice, tick_price: tick.price, tick_time: tickTime(tick.atMs) },
    });
    return opened;
  }

  /** A pending limit order fills at its limit price on the tick that crossed it. */
  private async fillInTx(tx: Tx, row: PositionRow, tick: TickAt): Promise<PositionRow> {
    const now = this.deps.clock.now();
    const fee = money(row.openFee);
    if (row.feeHoldId !== null) {
      await ledger.settle(tx, { holdId: row.feeHoldId, key: `position:${row.id}:fee.settle`, kind: "position.fee", legs: [{ account: { platform: "fees" }, currency: MARGIN_CURRENCY, amount: fee }], at: now });
      await tx.update(positions).set({ feeHoldId: null }).where(eq(positions.id, row.id));
    }
    // The fee was taken from the hold: openInTx must not charge it again.
    const opened = await this.openInTx(tx, { ...row, feeHoldId: null }, tick, row.limitPrice!, money(0), now);
    const [withFee] = await tx.update(positions).set({ openFee: toWire(fee) }).where(eq(positions.id, row.id)).returning();
    return { ...opened, openFee: withFee.openFee };
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
    return this.after(row);
  }

  async setStop(userId: number, input: { id: number; tp_price?: string; sl_price?: string }): Promise<Position> {
    const row = await this.db.transaction(async (tx) => {
      const locked = await this.lockOwn(tx, userId, input.id);
      if (locked.status !== "open" && locked.status !== "pending") throw new DomainError("STATUS_ABNORMAL");
      const tp = input.tp_price === undefined ? locked.tpPrice : blank(input.tp_price);
      const sl = input.sl_price === undefined ? locked.slPrice : blank(input.sl_price);
      for (const [field, value] of [["tp_price", tp], ["sl_price", sl]] as const) {
        if (value !== null && !money(value).isZero() && !priceFits(value, locked.pricePrecision)) throw new DomainError("PRICE_PRECISION", field);
      }
      const pair = this.deps.market.requirePair(locked.symbol);
      const quote = this.quoteNow(pair);
      if (!quote) throw new DomainError("TRADING_CLOSED");
      const openPrice = locked.openPrice ?? locked.limitPrice!;
      const problem = stopRefusal(locked.direction, openPrice, money(quote.price).toFixed(pair.price_precision), tp, sl);
      if (problem) throw new DomainError(problem, problem.includes("TP") ? "tp_price" : "sl_price");
      const [changed] = await tx.update(positions).set({ tpPrice: tp, slPrice: sl }).where(eq(positions.id, locked.id)).returning();
      return changed;
    });
    return this.after(row);
  }

  async close(userId: number, id: number): Promise<Position> {
    const row = await this.db.transaction(async (tx) => {
      const locked = await this.lockOwn(tx, userId, id);
      if (locked.status !== "open") throw new DomainError(locked.status === "pending" ? "CANNOT_CLOSE" : "TRADE_NOT_FOUND");
      return this.closeAtMarket(tx, locked, "user");
    });
    return this.after(row);
  }

  async closeAll(userId: number, filter: { symbol?: string; kind?: MarketKind }) {
    const conditions = [eq(positions.userId, userId), eq(positions.status, "open")];
    if (filter.symbol) conditions.push(eq(positions.symbol, filter.symbol));
    if (filter.kind) conditions.push(eq(positions.kind, filter.kind));
    const ids = (await this.db.select({ id: positions.id }).from(positions).where(and(...conditions)).orderBy(positions.id)).map((r) => r.id);
    const closed: PositionRow[] = [];
    // One transaction for all: either every position closes at its tick, or none does.
    await this.db.transaction(async (tx) => {
      for (const id of ids) {
        const [locked] = await tx.select().from(positions).where(eq(positions.id, id)).for("update");
        if (locked?.status !== "open") continue;
        closed.push(await this.closeAtMarket(tx, locked, "close_all"));
      }
    });
    const list = await Promise.all(closed.map((row) => this.after(row)));
    const pnl = closed.reduce((sum, row) => sum.plus(row.pnl ?? 0), money(0));
    return { closed: list.length, pnl: toWire(pnl), list };
  }

  /** Closes at the pair's current executable price and last recorded tick. */
  private async closeAtMarket(tx: Tx, row: PositionRow, reason: CloseReason): Promise<PositionRow> {
    const pair = this.deps.market.requirePair(row.symbol);
    const quote = this.quoteNow(pair);
    if (!quote || !this.deps.market.isFresh(row.symbol)) throw new DomainError("TRADING_CLOSED");
    if (row.kind !== "crypto") {
      const config = await this.rules(tx);
      if (!sessionAt(row.kind, config.session, this.deps.clock.now().getTime()).open) throw new DomainError("TRADING_CLOSED");
    }
    return this.closeInTx(tx, row, reason, { price: quote.price, atMs: quote.atMs }, quote[closeSide(row.direction)]);
  }

  /**
   * Closes a locked open position at `exec` (the bid for a long, the ask for a short) on `tick`. The held margin
   * goes to the trading account, which pays the user margin + P&L (never below zero) and the close fee; a loss
   * beyond the margin is paid to the trading account by the insurance fund.
   */
  private async closeInTx(tx: Tx, row: PositionRow, reason: CloseReason, tick: TickAt, exec: string): Promise<PositionRow> {
    invariant(row.status === "open" && row.openPrice !== null, "only an open position closes");
    const terms = termsOf(row);
    const now = this.deps.clock.now();
    const margin = money(row.margin);
    const split = splitClose({
      margin,
      openFee: money(row.openFee),
      swapTotal: money(row.swap),
      swapDue: money(row.swapDue),
      gross: grossPnl(terms, row.openPrice, exec),
      closeFee: feeFor(terms, exec),
    });
    const cause = { kind: "position", id: row.id };
    await ledger.settle(tx, { holdId: row.marginHoldId!, key: `position:${row.id}:margin.settle`, kind: "position.settle", legs: [{ account: { platform: "trading" }, currency: MARGIN_CURRENCY, amount: margin }], at: now });
    const all: Leg[] = [
      { account: { user: row.userId }, currency: MARGIN_CURRENCY, amount: split.payout },
      { account: { platform: "fees" }, currency: MARGIN_CURRENCY, amount: split.fee },
      { account: { platform: "trading" }, currency: MARGIN_CURRENCY, amount: split.payout.plus(split.fee).minus(split.gap).negated() },
      { account: { platform: "insurance" }, currency: MARGIN_CURRENCY, amount: split.gap.negated() },
    ];
    const legs = all.filter((leg) => !money(leg.amount).isZero());
    if (legs.length) await ledger.post(tx, { key: `position:${row.id}:close`, kind: "position.close", cause, legs, at: now });
    const [closed] = await tx
      .update(positions)
      .set({
        status: "closed",
        closeReason: reason,
        closePrice: exec,
        closeTickPrice: tick.price,
        closeTickAtMs: tick.atMs,
        closeFee: toWire(split.fee),
        payout: toWire(split.payout),
        pnl: toWire(split.pnl),
        closedAt: now,
      })
      .where(eq(positions.id, row.id))
      .returning();
    const titles: Record<CloseReason, string> = {
      user: notifications.POSITION_CLOSED_TITLE.key,
      close_all: notifications.POSITION_CLOSED_TITLE.key,
      tp: notifications.POSITION_TP_TITLE.key,
      sl: notifications.POSITION_SL_TITLE.key,
      liquidation: notifications.POSITION_LIQUIDATED_TITLE.key,
    };
    await this.deps.notifier.notifyUser(tx, row.userId, {
      title: titles[reason],
      body: notifications.POSITION_CLOSED_BODY.key,
      values: { symbol: row.symbol, quantity: toWire(row.quantity), price: exec, tick_price: tick.price, tick_time: tickTime(tick.atMs), pnl: toWire(split.pnl) },
    });
    return closed;
  }

  // ----- the trigger source -----------------------------------------------------------------------------------

  async loadAll(): Promise<Trigger[]> {
    const rows = await this.db.select().from(positions).where(inArray(positions.status, ["pending", "open"]));
    return rows.flatMap(levelsOf);
  }

  async loadOwner(id: string): Promise<Trigger[]> {
    const [row] = await this.db.select().from(positions).where(eq(positions.id, Number(id)));
    return row ? levelsOf(row) : [];
  }

  /**
   * Settles what crossed, one position per transaction, in tick order. Each re-checks under the row lock: a
   * position the user closed meanwhile is left alone, so a race closes it once.
   */
  async fire(fired: readonly FiredAt[]): Promise<void> {
    for (const item of fired) {
      const id = Number(item.owner.slice(SOURCE.length + 1));
      const reason = reasonOf(item.fired.map((f) => f.trigger.key.slice(item.owner.length + 1)));
      const tick = { price: item.tick.price, atMs: item.tick.atMs };
      const row = await this.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(positions).where(eq(positions.id, id)).for("update");
        if (!locked) return null;
        if (reason === "fill") {
          if (locked.status !== "pending") return null;
          const opened = await this.fillInTx(tx, locked, tick);
          // A tick that gaps through the limit may also cross the new position's stops or liquidation level: they
          // trigger on that same tick, as the contract says, rather than leave it open below its maintenance margin.
          const exec = item.tick[closeSide(opened.direction)];
          const crossedNow = (["sl", "tp", "liquidation"] as const).find((r) => this.stillCrossed(opened, r, exec));
          return crossedNow ? this.closeInTx(tx, opened, crossedNow, tick, exec) : opened;
        }
        if (locked.status !== "open" || !reason) return null;
        const exec = item.tick[closeSide(locked.direction)];
        if (reason === "warning") return this.warnInTx(tx, locked, exec);
        // The row may have changed since the book was armed (a stop moved): the decision is re-made on decimals.
        if (!this.stillCrossed(locked, reason, exec)) return null;
        return this.closeInTx(tx, locked, reason, tick, exec);
      });
      if (row) await this.after(row);
      else this.deps.triggers.changed(item.owner);
    }
  }

  /** The margin level reached the warning level: the user is told once; the other triggers are re-armed after. */
  private async warnInTx(tx: Tx, row: PositionRow, exec: string): Promise<PositionRow | null> {
    if (row.warned || row.warningPrice === null) return null;
    const figures = unrealised(termsOf(row), { openPrice: row.openPrice!, mark: exec, margin: money(row.margin), openFee: money(row.openFee), swapTotal: money(row.swap), swapDue: money(row.swapDue), maintenance: money(row.maintenance) });
    const [changed] = await tx.update(positions).set({ warned: true }).where(eq(positions.id, row.id)).returning();
    await this.deps.notifier.notifyUser(tx, row.userId, {
      title: notifications.MARGIN_WARNING_TITLE.key,
      body: notifications.MARGIN_WARNING_BODY.key,
      values: { symbol: row.symbol, level: figures.marginLevel?.toFixed(0) ?? "-", liquidation_price: row.liquidationPrice ? money(row.liquidationPrice).toFixed(row.pricePrecision) : "-" },
    });
    return changed;
  }

  private stillCrossed(row: PositionRow, reason: CloseReason, exec: string): boolean {
    const long = row.direction === "long";
    if (reason === "tp") return row.tpPrice !== null && (long ? money(exec).gte(row.tpPrice) : money(exec).lte(row.tpPrice));
    if (reason === "sl") return row.slPrice !== null && (long ? money(exec).lte(row.slPrice) : money(exec).gte(row.slPrice));
    if (reason === "liquidation") {
      return row.liquidationPrice !== null && (long ? money(exec).lte(row.liquidationPrice) : money(exec).gte(row.liquidationPrice));
    }
    return false;
  }

  /** After a change committed: re-arm its triggers, push it to the user's sockets, return it as the wire shows it. */
  private async after(row: PositionRow): Promise<Position> {
    this.deps.triggers.changed(ownerOf(SOURCE, row.id));
    const position = this.toPosition(row);
    this.deps.publish(row.userId, position);
    return position;
  }

  // ----- margin warnings and swaps ----------------------------------------------------------------------------

  /**
   * The nightly swap of forex and metal positions held through 21:00 UTC of `dayMs`'s date (triple on Wednesday):
   * one ledger entry per position and night (idempotent by key), paid from the wallet, or owed by the position
   * (settled at its close) when the wallet cannot pay. Re-arms the liquidation level, which owed swaps move.
   */
  async chargeSwaps(dayMs: number): Promise<number> {
    const day = new Date(dayMs).toISOString().slice(0, 10);
    const cutoff = new Date(`${day}T21:00:00.000Z`);
    const rows = await this.db
      .select()
      .from(positions)
      .where(and(eq(positions.status, "open"), inArray(positions.kind, ["forex", "metal"]), sql`${positions.openedAt} <= ${cutoff.toISOString()}`, sql`(${positions.swappedThrough} IS NULL OR ${positions.swappedThrough} < ${day})`));
    let charged = 0;
    for (const candidate of rows) {
      const row = await this.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(positions).where(eq(positions.id, candidate.id)).for("update");
        if (locked?.status !== "open" || (locked.swappedThrough !== null && locked.swappedThrough >= day)) return null;
        const terms = termsOf(locked);
        const charge = swapCharge(terms, locked.openPrice!, locked.swapRate, cutoff.getTime());
        let due = money(locked.swapDue);
        if (charge.gt(0)) {
          const [wallet] = (await ledger.balances(tx, locked.userId)).filter((b) => b.currency === MARGIN_CURRENCY);
          const paid = Decimal_min(charge, money(wallet?.available ?? 0));
          if (paid.gt(0)) {
            await ledger.post(tx, {
              key: `position:${locked.id}:swap:${day}`,
              kind: "position.swap",
              cause: { kind: "position", id: locked.id },
              memo: day,
              at: cutoff,
              legs: [
                { account: { user: locked.userId }, currency: MARGIN_CURRENCY, amount: paid.negated() },
                { account: { platform: "trading" }, currency: MARGIN_CURRENCY, amount: paid },
              ],
            });
          }
          due = due.plus(charge.minus(paid));
        }
        const liquidation = liquidationPrice(terms, locked.openPrice!, money(locked.margin), money(locked.maintenance), due);
        const warning = warningPrice(terms, locked.openPrice!, money(locked.margin), money(locked.maintenance), (await this.rules(tx)).warning_level, due);
        const [changed] = await tx
          .update(positions)
          .set({ swap: toWire(money(locked.swap).plus(charge)), swapDue: toWire(due), swappedThrough: day, liquidationPrice: liquidation, warningPrice: warning })
          .where(eq(positions.id, locked.id))
          .returning();
        return changed;
      });
      if (row) {
        charged++;
        await this.after(row);
      }
    }
    return charged;
  }

  // ----- reading ------------------------------------------------------------------------------------------------

  /** The wire shape; open positions carry live figures at the pair's current executable price. */
  toPosition(row: PositionRow): Position {
    const terms = termsOf(row);
    let mark: string | null = row.closePrice;
    let pnl = row.pnl ?? "0";
    let marginLevel: string | null = null;
    if (row.status === "open" && row.openPrice) {
      const pair = this.deps.market.pair(row.symbol);
      const quote = pair ? this.quoteNow(pair) : null;
      if (quote) {
        mark = quote[closeSide(row.direction)];
        const figures = unrealised(terms, { openPrice: row.openPrice, mark, margin: money(row.margin), openFee: money(row.openFee), swapTotal: money(row.swap), swapDue: money(row.swapDue), maintenance: money(row.maintenance) });
        pnl = toWire(figures.pnl);
        marginLevel = figures.marginLevel ? toWire(figures.marginLevel) : null;
      }
    }
    const price = (value: string | null) => (value === null ? null : money(value).toFixed(row.pricePrecision));
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
      open_price: price(row.openPrice),
      open_tick: tickOf(row.openTickPrice, row.openTickAtMs),
      margin: toWire(row.margin),
      open_fee: toWire(row.openFee),
      close_fee: toWire(row.closeFee),
      swap: toWire(row.swap),
      tp_price: price(row.tpPrice),
      sl_price: price(row.slPrice),
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

  private async account(userId: number, open: PositionRow[]) {
    let margin = money(0);
    let upnl = money(0);
    let equity = money(0);
    let maintenance = money(0);
    for (const row of open) {
      const position = this.toPosition(row);
      margin = margin.plus(row.margin);
      maintenance = maintenance.plus(row.maintenance);
      upnl = upnl.plus(position.pnl);
      const gross = position.mark_price && row.openPrice ? grossPnl(termsOf(row), row.openPrice, position.mark_price) : money(0);
      equity = equity.plus(money(row.margin).minus(row.swapDue).plus(gross));
    }
    const [wallet] = (await ledger.balances(this.db, userId)).filter((b) => b.currency === MARGIN_CURRENCY);
    return {
      equity: toWire(equity),
      margin: toWire(margin),
      free_margin: wallet?.available ?? "0",
      margin_level: maintenance.gt(0) ? toWire(equity.div(maintenance).times(100).toDecimalPlaces(2)) : null,
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

  // ----- back office ------------------------------------------------------------------------------------------

  async adminList(query: { status?: PositionRow["status"]; user_id?: number; symbol?: string; page: number; limit: number }) {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(positions.status, query.status));
    if (query.user_id) conditions.push(eq(positions.userId, query.user_id));
    if (query.symbol) conditions.push(eq(positions.symbol, query.symbol));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }], platform] = await Promise.all([
      this.db.select({ p: positions, account: users.account }).from(positions).innerJoin(users, eq(users.id, positions.userId)).where(where).orderBy(desc(positions.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(positions).where(where),
      ledger.platformBalances(this.db),
    ]);
    return {
      list: rows.map((r) => ({ ...this.toPosition(r.p), user_id: r.p.userId, account: r.account })),
      total,
      accounts: platform.filter((b) => b.platform === "trading" || b.platform === "insurance").map((b) => ({ platform: b.platform, currency: b.currency, balance: b.balance })),
    };
  }

  config(): Promise<PositionsConfig> {
    return positionsConfig.read(this.db);
  }

  async saveConfig(operator: OperatorSession, config: PositionsConfig): Promise<PositionsConfig> {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    for (const symbol of Object.keys(config.pairs)) this.deps.market.requirePair(symbol);
    if (configProblems(config).length) throw new DomainError("PARAMETER_ERROR");
    await this.db.transaction(async (tx) => {
      await positionsConfig.save(tx, config);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "positions.config", targetKind: "settings", detail: config });
    });
    return config;
  }
}

const Decimal_min = (a: Decimal, b: Decimal): Decimal => (a.lt(b) ? a : b);

/** A tick's time as the notices show it: `YYYY-MM-DD HH:mm:ss` (UTC). */
const tickTime = (atMs: number): string => new Date(atMs).toISOString().replace("T", " ").slice(0, 19);
