import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { notifications } from "../../contract";
import type { Holding, SpotConfig, SpotOrder, SpotSide, SpotTicket } from "../../contract/spot";
import { users } from "../auth";
import { ledger, money, toWire } from "../ledger";
import { priceFits, quantityRefusal, quoteAround, type MarketService, type PairRow } from "../market";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { idempotent } from "../platform/idempotency";
import type { UserNotifier } from "../platform/notify";
import { ownerOf, type FiredAt, type Trigger, type TriggerRunner, type TriggerSource } from "../triggers";
import { feeRateFor, rateProblem, spotConfig } from "./spot.config";
import { averageCost, crosses, deliveryLegs, fillAt, holdOf, limitRefusal, marketLegs, marketPrice, settleLegs, SOURCE, triggerOf, type Fill } from "./spot.engine";
import { spotOrders, type SpotOrderRow } from "./spot.schema";

/**
 * Spot coin trading, the broker model against the recorded feed. Each use case is one
 * transaction; every money move is a ledger posting with the order as its cause, against the platform's `spot` desk
 * (fees to `fees`). Open limit orders hold their funds and wait in the shared trigger book: this service is its
 * `spot` source, and fills them at their price on the first recorded tick that crosses.
 */

export interface TradeInput {
  symbol: string;
  side: SpotSide;
  type: "market" | "limit";
  quantity: string;
  price?: string;
  idempotency_key?: string;
}

export interface SpotDeps {
  db: Db;
  clock: Clock;
  market: MarketService;
  notifier: UserNotifier;
  triggers: TriggerRunner;
  /** Pushes an order to the user's sockets (channel `orders`). */
  publish: (userId: number, order: SpotOrder) => void;
}

interface QuoteNow {
  price: string;
  atMs: number;
  bid: string;
  ask: string;
}

const REFERENCE = "USDT";
const KIND = { buy: "spot.buy", sell: "spot.sell" } as const;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const epochOrNull = (date: Date | null) => (date ? toSeconds(date) : null);
const blank = (value: string | undefined) => (value === undefined || value === "" ? null : value);

/** A tick's time as the notices show it: `YYYY-MM-DD HH:mm:ss` (UTC). */
export const tickTime = (atMs: number): string => new Date(atMs).toISOString().replace("T", " ").slice(0, 19);

export class SpotService implements TriggerSource {
  readonly name = SOURCE;

  constructor(private readonly deps: SpotDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** The pair's last recorded tick with the executable quote around it (null before its first tick). */
  private quoteNow(pair: PairRow): QuoteNow | null {
    const tick = this.deps.market.lastTick(pair.symbol);
    if (!tick) return null;
    return { price: tick.price, atMs: tick.atMs, ...quoteAround(tick.price, pair.spread_rate, pair.price_precision) };
  }

  /** A crypto pair (forex and metals trade only leveraged): PAIR_NOT_FOUND otherwise. */
  private spotPair(symbol: string): PairRow {
    const pair = this.deps.market.requirePair(symbol);
    if (pair.kind !== "crypto") throw new DomainError("PAIR_NOT_FOUND");
    return pair;
  }

  /** Some orders' pair and fill tick (the finance records show the tick each fill used). */
  async causeRowsByIds(ids: number[]) {
    const rows = await this.db
      .select({ id: spotOrders.id, symbol: spotOrders.symbol, openTickPrice: spotOrders.tickPrice, openTickAtMs: spotOrders.tickAtMs })
      .from(spotOrders)
      .where(inArray(spotOrders.id, ids));
    return rows.map((row) => ({ ...row, kind: "spot" }));
  }

  // ----- the ticket -------------------------------------------------------------------------------------------

  async ticket(userId: number, symbol: string): Promise<SpotTicket> {
    const pair = this.spotPair(symbol);
    const quote = this.quoteNow(pair);
    const config = await spotConfig.cached(this.db);
    const balances = await ledger.balances(this.db, userId);
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
      trading: pair.trading && this.deps.market.isFresh(pair.symbol),
      demo: (this.deps.market.quotationOf(pair.symbol)?.source ?? this.deps.market.lastTick(pair.symbol)?.source) === "sim",
      quote_available: available(pair.quote),
      base_available: available(pair.base),
    };
  }

  // ----- placing ----------------------------------------------------------------------------------------------

  /** Every rule that needs no transaction; what the order needs to be placed. Refusals write nothing. */
  private async prepare(input: TradeInput) {
    this.spotPair(input.symbol);
    const pair = this.deps.market.requireTradable(input.symbol);
    const problem = quantityRefusal(input.quantity, pair);
    if (problem) throw new DomainError(problem, "quantity");
    const quote = this.quoteNow(pair);
    if (!quote) throw new DomainError("TRADING_CLOSED");
    const limit = input.type === "limit" ? blank(input.price) : null;
    if (input.type === "limit") {
      if (limit === null) throw new DomainError("MISSING_PARAMETER", "price");
      if (!money(limit).gt(0)) throw new DomainError("PRICE_NOT_POSITIVE", "price");
      if (!priceFits(limit, pair.price_precision)) throw new DomainError("PRICE_PRECISION", "price");
      const refusal = limitRefusal(input.side, limit, money(quote.price).toFixed(pair.price_precision));
      if (refusal) throw new DomainError(refusal, "price");
    }
    const feeRate = feeRateFor(await spotConfig.cached(this.db), pair.symbol);
    return { pair, quote, limit, feeRate };
  }

  async trade(userId: number, input: TradeInput): Promise<SpotOrder> {
    let prepared!: Awaited<ReturnType<SpotService["prepare"]>>;
    let placed: SpotOrderRow | null = null;
    const order = await idempotent(
      this.db,
      { userId, key: input.idempotency_key, scope: "coin/trade", body: { ...input, idempotency_key: undefined } },
      async (tx) => {
        const { pair, quote, limit, feeRate } = prepared;
        const now = this.deps.clock.now();
        // The id first: the money moves name the order as their cause, and the row is written once, complete.
        const [{ id }] = await rows<{ id: string }>(tx, sql`SELECT nextval(pg_get_serial_sequence('spot_orders', 'id'))::text AS id`);
        const orderId = Number(id);
        const cause = { kind: "spot_order", id: orderId };
        const insufficient = input.side === "buy" ? "INSUFFICIENT_BALANCE" : "INSUFFICIENT_COINS";
        let columns;
        if (limit === null) {
          const fill = fillAt(input.quantity, marketPrice(input.side, quote), feeRate);
          await ledger.post(tx, { key: `spot:${orderId}:fill`, kind: KIND[input.side], cause, at: now, insufficient, legs: marketLegs(userId, input.side, pair, input.quantity, fill) });
          columns = { status: "filled" as const, holdId: null, ...this.filledColumns(fill, quote, now) };
        } else {
          const hold = holdOf(input.side, pair, input.quantity, limit, feeRate);
          const held = await ledger.hold(tx, { key: `spot:${orderId}:hold`, kind: "spot.hold", userId, currency: hold.currency, amount: hold.amount, cause, at: now, insufficient });
          columns = { status: "open" as const, holdId: held.holdId };
        }
        const [created] = await tx
          .insert(spotOrders)
          .values({
            id: orderId,
            userId,
            symbol: pair.symbol,
            base: pair.base,
            quote: pair.quote,
            side: input.side,
            type: input.type,
            price: limit,
            quantity: input.quantity,
            pricePrecision: pair.price_precision,
            feeRate,
            createdAt: now,
            ...columns,
          })
          .returning();
        placed = created;
        return toOrder(created);
      },
      async () => {
        prepared = await this.prepare(input);
      },
    );
    // A replay of the same idempotency key returns the first answer and changes nothing.
    return placed ? this.after(placed) : order;
  }

  private filledColumns(fill: Fill, tick: { price: string; atMs: number }, now: Date) {
    return { filledPrice: fill.price, amount: toWire(fill.amount), fee: toWire(fill.fee), tickPrice: tick.price, tickAtMs: tick.atMs, filledAt: now };
  }

  async cancel(userId: number, id: number): Promise<SpotOrder> {
    const row = await this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(spotOrders).where(and(eq(spotOrders.id, id), eq(spotOrders.userId, userId))).for("update");
      if (!locked) throw new DomainError("TRADE_NOT_FOUND");
      if (locked.status !== "open") throw new DomainError("ORDER_NOT_CANCELLABLE");
      const now = this.deps.clock.now();
      await ledger.release(tx, { holdId: locked.holdId!, key: `spot:${id}:release`, kind: "spot.release", at: now });
      const [cancelled] = await tx.update(spotOrders).set({ status: "cancelled", cancelledAt: now }).where(eq(spotOrders.id, id)).returning();
      return cancelled;
    });
    return this.after(row);
  }

  /** A limit order fills at its price on the tick that crossed it: the hold settles, the desk delivers. */
  private async fillInTx(tx: Tx, row: SpotOrderRow, tick: { price: string; atMs: number }): Promise<SpotOrderRow> {
    const now = this.deps.clock.now();
    const fill = fillAt(toWire(row.quantity), row.price!, row.feeRate);
    const pair = { base: row.base, quote: row.quote };
    const quantity = toWire(row.quantity);
    const cause = { kind: "spot_order", id: row.id };
    await ledger.settle(tx, { holdId: row.holdId!, key: `spot:${row.id}:settle`, kind: KIND[row.side], legs: settleLegs(row.side, pair, quantity, fill), at: now });
    await ledger.post(tx, { key: `spot:${row.id}:deliver`, kind: KIND[row.side], cause, at: now, legs: deliveryLegs(row.userId, row.side, pair, quantity, fill) });
    const [filled] = await tx.update(spotOrders).set({ status: "filled", ...this.filledColumns(fill, tick, now) }).where(eq(spotOrders.id, row.id)).returning();
    const buy = row.side === "buy";
    const n = buy ? { title: notifications.SPOT_BUY_FILLED_TITLE, body: notifications.SPOT_BUY_FILLED_BODY } : { title: notifications.SPOT_SELL_FILLED_TITLE, body: notifications.SPOT_SELL_FILLED_BODY };
    await this.deps.notifier.notifyUser(tx, row.userId, {
      title: n.title.key,
      body: n.body.key,
      values: {
        symbol: row.symbol,
        base: row.base,
        quote: row.quote,
        quantity,
        price: money(row.price!).toFixed(row.pricePrecision),
        tick_price: toWire(tick.price),
        tick_time: tickTime(tick.atMs),
        amount: toWire(fill.amount),
        fee: toWire(fill.fee),
        received: toWire(fill.amount.minus(fill.fee)),
      },
    });
    return filled;
  }

  // ----- the trigger source -----------------------------------------------------------------------------------

  async loadAll(): Promise<Trigger[]> {
    const rows = await this.db.select().from(spotOrders).where(eq(spotOrders.status, "open"));
    return rows.map((r) => this.levelOf(r)).filter((t): t is Trigger => t !== null);
  }

  async loadOwner(id: string): Promise<Trigger[]> {
    const [row] = await this.db.select().from(spotOrders).where(eq(spotOrders.id, Number(id)));
    const level = row ? this.levelOf(row) : null;
    return level ? [level] : [];
  }

  private levelOf(row: SpotOrderRow): Trigger | null {
    if (row.status !== "open" || row.price === null) return null;
    return triggerOf({ id: row.id, symbol: row.symbol, side: row.side, price: money(row.price).toFixed(row.pricePrecision) });
  }

  /**
   * Fills what crossed, one order per transaction, in tick order. Each re-checks under the row lock: an order the
   * user cancelled meanwhile is left alone, and the crossing is decided again on decimals.
   */
  async fire(fired: readonly FiredAt[]): Promise<void> {
    for (const item of fired) {
      const id = Number(item.owner.slice(SOURCE.length + 1));
      const row = await this.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(spotOrders).where(eq(spotOrders.id, id)).for("update");
        if (locked?.status !== "open" || locked.price === null) return null;
        if (!crosses(locked.side, locked.price, item.tick)) return null;
        return this.fillInTx(tx, locked, { price: item.tick.price, atMs: item.tick.atMs });
      });
      if (row) await this.after(row);
      else this.deps.triggers.changed(item.owner);
    }
  }

  /** After a change committed: re-arm (or drop) its trigger, push it to the user's sockets, return the wire shape. */
  private async after(row: SpotOrderRow): Promise<SpotOrder> {
    if (row.type === "limit") this.deps.triggers.changed(ownerOf(SOURCE, row.id));
    const order = toOrder(row);
    this.deps.publish(row.userId, order);
    return order;
  }

  // ----- reading ----------------------------------------------------------------------------------------------

  async list(userId: number, query: { status?: "open" | "done"; symbol?: string; page: number; limit: number }) {
    const conditions: SQL[] = [eq(spotOrders.userId, userId)];
    if (query.status === "open") conditions.push(eq(spotOrders.status, "open"));
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
    const balances = (await ledger.balances(this.db, userId)).filter((b) => money(b.available).plus(b.frozen).gt(0));
    const fills = await this.db
      .select({ base: spotOrders.base, side: spotOrders.side, quantity: spotOrders.quantity, amount: spotOrders.amount, fee: spotOrders.fee })
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, userId), eq(spotOrders.status, "filled"), eq(spotOrders.quote, REFERENCE)))
      .orderBy(asc(spotOrders.filledAt), asc(spotOrders.id));
    let total = money(0);
    const holdings = balances.map((b): Holding => {
      const balance = money(b.available).plus(b.frozen);
      const symbol = b.currency === REFERENCE ? null : `${b.currency}/${REFERENCE}`;
      const pair = symbol ? this.deps.market.pair(symbol) : undefined;
      const tick = symbol ? this.deps.market.lastTick(symbol) : null;
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
        symbol: pair?.kind === "crypto" ? pair.symbol : null,
      };
    });
    holdings.sort((a, b) => (a.currency === REFERENCE ? -1 : b.currency === REFERENCE ? 1 : money(b.value_usdt ?? 0).cmp(a.value_usdt ?? 0)));
    return { holdings, total_usdt: toWire(total) };
  }

  // ----- back office ------------------------------------------------------------------------------------------

  async adminList(query: { status?: SpotOrderRow["status"]; user_id?: number; symbol?: string; page: number; limit: number }) {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(spotOrders.status, query.status));
    if (query.user_id) conditions.push(eq(spotOrders.userId, query.user_id));
    if (query.symbol) conditions.push(eq(spotOrders.symbol, query.symbol));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }], platform] = await Promise.all([
      this.db.select({ o: spotOrders, account: users.account }).from(spotOrders).innerJoin(users, eq(users.id, spotOrders.userId)).where(where).orderBy(desc(spotOrders.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(spotOrders).where(where),
      ledger.platformBalances(this.db),
    ]);
    return {
      list: rows.map((r) => ({ ...toOrder(r.o), user_id: r.o.userId, account: r.account })),
      total,
      accounts: platform.filter((b) => b.platform === "spot").map((b) => ({ platform: b.platform, currency: b.currency, balance: b.balance })),
    };
  }

  config(): Promise<SpotConfig> {
    return spotConfig.read(this.db);
  }

  async saveConfig(operator: OperatorSession, config: SpotConfig): Promise<SpotConfig> {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    for (const symbol of Object.keys(config.pairs)) this.spotPair(symbol);
    if (rateProblem(config)) throw new DomainError("PARAMETER_ERROR", "fee_rate");
    await this.db.transaction(async (tx) => {
      await spotConfig.save(tx, config);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "spot.config", targetKind: "settings", detail: config });
    });
    return config;
  }
}

/** The wire shape of an order. */
export function toOrder(row: SpotOrderRow): SpotOrder {
  const price = (value: string | null) => (value === null ? null : money(value).toFixed(row.pricePrecision));
  const held = row.status === "open" && row.price !== null ? toWire(holdOf(row.side, row, toWire(row.quantity), row.price, row.feeRate).amount) : null;
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    price: price(row.price),
    quantity: toWire(row.quantity),
    filled_price: price(row.filledPrice),
    amount: row.amount === null ? null : toWire(row.amount),
    fee: row.fee === null ? null : toWire(row.fee),
    fee_currency: row.quote,
    status: row.status,
    tick: row.tickPrice !== null && row.tickAtMs !== null ? { price: toWire(row.tickPrice), at_ms: row.tickAtMs } : null,
    created_at: toSeconds(row.createdAt),
    filled_at: epochOrNull(row.filledAt),
    base: row.base,
    quote: row.quote,
    fee_rate: toWire(row.feeRate),
    held,
    cancelled_at: epochOrNull(row.cancelledAt),
  };
}
