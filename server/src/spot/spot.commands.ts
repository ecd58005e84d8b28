import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { ErrorCode } from "../../contract";
import type { SpotOrder, SpotSide } from "../../contract/spot";
import { ledger, money, postBatch, transfers } from "../ledger";
import { priceFits, quantityRefusal, type PairRow } from "../market";
import { DomainError, invariant } from "../platform/errors";
import { OrderDesk, type Accepted } from "../orders";
import type { Tx } from "../platform/db";
import { trailLevel, trailRateRefusal } from "../triggers";
import { feeRateFor, spotConfig } from "./spot.config";
import { fillAt, holdOf, holdPriceOf, limitRefusal, marketPrice, ocoHoldPrice, ocoRefusal, stopRefusal, trailWay, worstBuyPrice, type SpotOrderType } from "./spot.engine";
import { spotOrders, type SpotOrderRow } from "./spot.schema";
import type { SpotSettlement } from "./spot.settlement";
import { blank, filledColumns, SpotRole, toOrder, type SpotDeps } from "./spot.shared";

export interface TradeInput {
  symbol: string;
  side: SpotSide;
  type: SpotOrderType;
  quantity: string;
  price?: string;
  stop_price?: string;
  trailing_rate?: string;
  idempotency_key?: string;
}

export interface OcoInput {
  symbol: string;
  side: SpotSide;
  quantity: string;
  price: string;
  stop_price: string;
  stop_limit_price?: string;
  idempotency_key?: string;
}

export interface Oco {
  oco_id: number;
  orders: SpotOrder[];
}

/** An OCO's two rows as answered: the limit leg first, then the stop leg. */
const legsOf = (rows: readonly SpotOrderRow[]): SpotOrderRow[] => [...rows].sort((a, b) => (a.type === "limit" ? 0 : 1) - (b.type === "limit" ? 0 : 1));

type Prepared = Awaited<ReturnType<SpotCommands["prepare"]>>;
type PreparedOco = Awaited<ReturnType<SpotCommands["prepareOco"]>>;

/** A price field of an order: given, positive and within the pair's precision (else refused, naming the field). */
function priceOf(value: string | undefined, field: string, pair: PairRow): string {
  const price = blank(value);
  if (price === null) throw new DomainError("MISSING_PARAMETER", field);
  if (!money(price).gt(0)) throw new DomainError("PRICE_NOT_POSITIVE", field);
  if (!priceFits(price, pair.price_precision)) throw new DomainError("PRICE_PRECISION", field);
  return price;
}

const refuse = (code: ErrorCode | null, field: string) => {
  if (code) throw new DomainError(code, field);
};

/** The user's commands on spot: place (market, limit, stop-market, stop-limit) and cancel. */
export class SpotCommands extends SpotRole {
  /**
   * Orders go through the order desk (group-committed: those arriving while a batch is written go together in the
   * next one); spot says how to prepare, decide and write an order.
   */
  private readonly desk: OrderDesk<TradeInput, Prepared, SpotOrderRow, SpotOrder>;
  /** OCO pairs on the same protocol: one member, one hold, two rows (the limit leg's id drawn by the desk). */
  private readonly ocoDesk: OrderDesk<OcoInput, PreparedOco, SpotOrderRow[], Oco>;

  constructor(
    deps: SpotDeps,
    private readonly settlement: SpotSettlement,
  ) {
    super(deps);
    this.desk = new OrderDesk(this.db, deps.clock, {
      table: spotOrders,
      prepare: (userId, input) => this.prepare(userId, input),
      accounts: ({ userId, prepared }) => prepared.legs.flatMap((leg) => ("user" in leg.account ? [{ userId, currency: leg.currency }] : [])),
      decide: ({ input, prepared }, balances) =>
        ledger.applyIfFunded(balances, prepared.legs) ? null : new DomainError(input.side === "buy" ? "INSUFFICIENT_BALANCE" : "INSUFFICIENT_COINS"),
      write: (tx, accepted, now) => this.write(tx, accepted, now),
      replay: (first, userId) => this.replayOf(first, userId),
    });
    this.ocoDesk = new OrderDesk(this.db, deps.clock, {
      table: spotOrders,
      prepare: (userId, input) => this.prepareOco(userId, input),
      accounts: ({ userId, prepared }) => [{ userId, currency: prepared.hold.currency }],
      decide: ({ input, prepared }, balances) =>
        ledger.applyIfFunded(balances, prepared.legs) ? null : new DomainError(input.side === "buy" ? "INSUFFICIENT_BALANCE" : "INSUFFICIENT_COINS"),
      write: (tx, accepted, now) => this.writeOco(tx, accepted, now),
      replay: (first, userId) => this.ocoReplayOf(first, userId),
    });
  }

  // ----- placing ----------------------------------------------------------------------------------------------

  /** The pair an order is placed on, its quantity checked, and the quote around its last tick. */
  private market(input: { symbol: string; quantity: string }) {
    this.spotPair(input.symbol);
    const pair = this.deps.prices.requireTradable(input.symbol);
    refuse(quantityRefusal(input.quantity, pair), "quantity");
    const quote = this.quoteNow(pair);
    if (!quote) throw new DomainError("TRADING_CLOSED");
    return { pair, quote };
  }

  /** Every rule that needs no transaction; what the order needs to be placed, its money moves planned. */
  private async prepare(userId: number, input: TradeInput) {
    const { pair, quote } = this.market(input);
    const limit = input.type === "limit" || input.type === "stop_limit" ? priceOf(input.price, "price", pair) : null;
    if (input.type === "limit") refuse(limitRefusal(input.side, limit!, money(quote.price).toFixed(pair.price_precision)), "price");
    const stop = input.type === "stop_market" || input.type === "stop_limit" ? priceOf(input.stop_price, "stop_price", pair) : null;
    if (stop !== null) refuse(stopRefusal(input.side, stop, quote), "stop_price");
    const trail = input.type === "trailing_stop" ? this.trailOf(input, pair, quote) : null;
    const feeRate = feeRateFor(await spotConfig.cached(this.db), pair.symbol);
    if (input.type === "market") {
      const fill = fillAt(input.quantity, marketPrice(input.side, quote), feeRate);
      const { kind, legs } = transfers.spotFill({ userId, side: input.side, pair, quantity: input.quantity, fill });
      return { pair, quote, limit, stop, trail, feeRate, fill, hold: null, kind, legs };
    }
    // A limit order and a waiting stop hold their funds (a stop-market buy for its worst allowed fill: holdPriceOf).
    const holdPrice = trail?.holdPrice ?? holdPriceOf({ type: input.type, side: input.side, price: limit, stopPrice: stop, pricePrecision: pair.price_precision })!;
    const hold = holdOf(input.side, pair, input.quantity, holdPrice, feeRate);
    return { pair, quote, limit, stop, trail, feeRate, fill: null, hold, kind: null, legs: transfers.holdLegs({ userId, ...hold }) };
  }

  /**
   * A trailing stop's start: its rate in range, its extreme the executable price of the placement tick (the bid a
   * sell follows up, the ask a buy follows down). A buy holds for its worst allowed fill: its first level plus
   * STOP_MARKET_SLIPPAGE (the level only comes down from there).
   */
  private trailOf(input: TradeInput, pair: PairRow, quote: { bid: string; ask: string; atMs: number }) {
    const rate = blank(input.trailing_rate);
    if (rate === null) throw new DomainError("MISSING_PARAMETER", "trailing_rate");
    refuse(trailRateRefusal(rate), "trailing_rate");
    const extreme = marketPrice(input.side, quote);
    const holdPrice = input.side === "buy" ? worstBuyPrice(trailLevel(trailWay("buy"), extreme, rate, pair.price_precision), pair.price_precision) : extreme;
    return { rate, extreme, sinceMs: quote.atMs, holdPrice };
  }

  /** Places an order through the order desk; a replay of the same idempotency key returns the first answer and changes nothing. */
  async trade(userId: number, input: TradeInput): Promise<SpotOrder> {
    const placed = await this.desk.place(userId, "coin/trade", input, undefined);
    return "fresh" in placed ? this.settlement.after(placed.fresh) : placed.replay;
  }

  /**
   * A batch's accepted orders, one statement per table: the market fills posted and the limit orders' funds held,
   * then the rows inserted.
   */
  private async write(tx: Tx, accepted: ReadonlyArray<Accepted<TradeInput, Prepared>>, now: Date): Promise<SpotOrderRow[]> {
    const market = accepted.filter((a) => a.member.prepared.fill !== null);
    const limits = accepted.filter((a) => a.member.prepared.hold !== null);
    // Fills before holds: a hold only takes, so every balance stays at or above what the decision saw.
    await postBatch(
      tx,
      market.map(({ member, id }) => ({ key: `spot:${id}:fill`, kind: member.prepared.kind!, cause: { kind: "spot_order", id }, at: now, legs: member.prepared.legs })),
    );
    const held = await ledger.holdMany(
      tx,
      limits.map(({ member, id }) => {
        const hold = member.prepared.hold!;
        return { key: `spot:${id}:hold`, ...transfers.spotHold({ userId: member.userId, ...hold, orderId: id }), at: now };
      }),
    );
    const holdIdOf = new Map(limits.map(({ id }, i) => [id, held[i].holdId]));
    const created = await tx
      .insert(spotOrders)
      .values(
        accepted.map(({ member: { userId, input, prepared }, id }) => {
          const { pair, quote, limit, stop, trail, feeRate, fill } = prepared;
          const waiting = stop !== null || trail !== null ? ("waiting" as const) : ("open" as const);
          const columns = fill ? { status: "filled" as const, holdId: null, ...filledColumns(fill, quote, now) } : { status: waiting, holdId: holdIdOf.get(id)! };
          return {
            id,
            userId,
            symbol: pair.symbol,
            base: pair.base,
            quote: pair.quote,
            side: input.side,
            type: input.type,
            price: limit,
            stopPrice: stop,
            trailingRate: trail?.rate ?? null,
            trailExtreme: trail?.extreme ?? null,
            trailSinceMs: trail?.sinceMs ?? null,
            holdPrice: trail?.holdPrice ?? null,
            quantity: input.quantity,
            pricePrecision: pair.price_precision,
            feeRate,
            // Kept for life: a limit order fills on the quote this spread puts around the tick (contract, wave 3).
            spreadRate: pair.spread_rate,
            createdAt: now,
            ...columns,
          };
        }),
      )
      .returning();
    const byId = new Map(created.map((row) => [row.id, row]));
    return accepted.map(({ id }) => byId.get(id)!);
  }

  /** The order a key's first answer names (`{ id }`; answers stored before were the order itself, id included). */
  private async replayOf(first: { id: number }, userId: number): Promise<SpotOrder> {
    const [row] = await this.db.select().from(spotOrders).where(and(eq(spotOrders.id, first.id), eq(spotOrders.userId, userId)));
    invariant(row !== undefined, "a key's answer names an order of its user");
    return toOrder(row);
  }

  // ----- OCO --------------------------------------------------------------------------------------------------

  /**
   * An OCO's rules: its legs must not cross (checked first: the clearest reason), then each leg by its own rule (the
   * limit leg as a limit order, the stop leg strictly beyond the quote); one hold for the larger leg.
   */
  private async prepareOco(userId: number, input: OcoInput) {
    const { pair, quote } = this.market(input);
    const limit = priceOf(input.price, "price", pair);
    const stop = priceOf(input.stop_price, "stop_price", pair);
    const stopLimit = blank(input.stop_limit_price) === null ? null : priceOf(input.stop_limit_price, "stop_limit_price", pair);
    refuse(ocoRefusal(input.side, limit, stop), "price");
    refuse(limitRefusal(input.side, limit, money(quote.price).toFixed(pair.price_precision)), "price");
    refuse(stopRefusal(input.side, stop, quote), "stop_price");
    const feeRate = feeRateFor(await spotConfig.cached(this.db), pair.symbol);
    const holdPrice = ocoHoldPrice(input.side, limit, stop, stopLimit, pair.price_precision);
    const hold = holdOf(input.side, pair, input.quantity, holdPrice, feeRate);
    return { pair, limit, stop, stopLimit, feeRate, holdPrice, hold, legs: transfers.holdLegs({ userId, ...hold }) };
  }

  /** Places an OCO through the order desk (its own key scope); a retry of the key answers the first pair. */
  async oco(userId: number, input: OcoInput): Promise<Oco> {
    const placed = await this.ocoDesk.place(userId, "coin/oco", input, undefined);
    if ("replay" in placed) return placed.replay;
    const [limitLeg, stopLeg] = await Promise.all(placed.fresh.map((row) => this.settlement.after(row)));
    return { oco_id: limitLeg.id, orders: [limitLeg, stopLeg] };
  }

  /** A batch of OCOs: the holds in one statement, then both legs of each (the stop leg's id from the sequence). */
  private async writeOco(tx: Tx, accepted: ReadonlyArray<Accepted<OcoInput, PreparedOco>>, now: Date): Promise<SpotOrderRow[][]> {
    const held = await ledger.holdMany(
      tx,
      accepted.map(({ member, id }) => ({ key: `spot:${id}:hold`, ...transfers.spotHold({ userId: member.userId, ...member.prepared.hold, orderId: id }), at: now })),
    );
    const rows = accepted.flatMap(({ member: { userId, input, prepared }, id }, i) => {
      const { pair, limit, stop, stopLimit, feeRate, holdPrice } = prepared;
      const common = {
        userId, symbol: pair.symbol, base: pair.base, quote: pair.quote, side: input.side, quantity: input.quantity, pricePrecision: pair.price_precision,
        feeRate, spreadRate: pair.spread_rate, holdId: held[i].holdId, holdPrice, ocoId: id, createdAt: now,
      };
      return [
        { ...common, id, type: "limit" as const, price: limit, status: "open" as const },
        { ...common, type: stopLimit === null ? ("stop_market" as const) : ("stop_limit" as const), price: stopLimit, stopPrice: stop, status: "waiting" as const },
      ];
    });
    const created = await tx.insert(spotOrders).values(rows).returning();
    return accepted.map(({ id }) => legsOf(created.filter((row) => row.ocoId === id)));
  }

  private async ocoReplayOf(first: { id: number }, userId: number): Promise<Oco> {
    const rows = await this.db.select().from(spotOrders).where(and(eq(spotOrders.ocoId, first.id), eq(spotOrders.userId, userId)));
    invariant(rows.length === 2, "a key's answer names an OCO of its user");
    return { oco_id: first.id, orders: legsOf(rows).map(toOrder) };
  }

  // ----- cancelling -------------------------------------------------------------------------------------------

  /**
   * Cancels an open limit order or a waiting one, with its OCO sibling (both legs share one hold, released once).
   * The rows are locked in id order, as the trigger's settlement locks them, so a cancel and a trigger that race
   * settle the order once: whichever locks first; the other finds it settled.
   */
  async cancel(userId: number, id: number): Promise<SpotOrder> {
    const rows = await this.db.transaction(async (tx) => {
      const [found] = await tx.select({ ocoId: spotOrders.ocoId }).from(spotOrders).where(and(eq(spotOrders.id, id), eq(spotOrders.userId, userId)));
      if (!found) throw new DomainError("TRADE_NOT_FOUND");
      const scope = found.ocoId === null ? eq(spotOrders.id, id) : or(eq(spotOrders.id, id), eq(spotOrders.ocoId, found.ocoId));
      const locked = await tx.select().from(spotOrders).where(and(scope, eq(spotOrders.userId, userId))).orderBy(asc(spotOrders.id)).for("update");
      const live = locked.filter((row) => row.status === "open" || row.status === "waiting");
      if (!live.some((row) => row.id === id)) throw new DomainError("ORDER_NOT_CANCELLABLE");
      const now = this.deps.clock.now();
      await ledger.release(tx, { holdId: live[0].holdId!, key: `spot:${id}:release`, kind: "spot.release", at: now });
      return tx.update(spotOrders).set({ status: "cancelled", cancelledAt: now }).where(inArray(spotOrders.id, live.map((row) => row.id))).returning();
    });
    const orders = await Promise.all(rows.map((row) => this.settlement.after(row)));
    return orders.find((order) => order.id === id)!;
  }
}
