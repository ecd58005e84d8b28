import { and, eq } from "drizzle-orm";
import type { SpotOrder, SpotSide } from "../../contract/spot";
import { ledger, money, postBatch, type Leg } from "../ledger";
import { priceFits, quantityRefusal } from "../market";
import { DomainError, invariant } from "../platform/errors";
import { OrderDesk, type Accepted } from "../orders";
import type { Tx } from "../platform/db";
import { feeRateFor, spotConfig } from "./spot.config";
import { fillAt, holdOf, holdPriceOf, limitRefusal, marketLegs, marketPrice, stopRefusal, type SpotOrderType } from "./spot.engine";
import { spotOrders, type SpotOrderRow } from "./spot.schema";
import type { SpotSettlement } from "./spot.settlement";
import { blank, filledColumns, KIND, SpotRole, toOrder, type SpotDeps } from "./spot.shared";

export interface TradeInput {
  symbol: string;
  side: SpotSide;
  type: SpotOrderType;
  quantity: string;
  price?: string;
  stop_price?: string;
  idempotency_key?: string;
}

type Prepared = Awaited<ReturnType<SpotCommands["prepare"]>>;

/** The user's commands on spot: place (market, limit, stop-market, stop-limit) and cancel. */
export class SpotCommands extends SpotRole {
  /**
   * Orders go through the order desk (group-committed: those arriving while a batch is written go together in the
   * next one); spot says how to prepare, decide and write an order.
   */
  private readonly desk: OrderDesk<TradeInput, Prepared, SpotOrderRow, SpotOrder>;

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
  }

  // ----- placing ----------------------------------------------------------------------------------------------

  /** Every rule that needs no transaction; what the order needs to be placed, its money moves planned. */
  private async prepare(userId: number, input: TradeInput) {
    this.spotPair(input.symbol);
    const pair = this.deps.market.requireTradable(input.symbol);
    const problem = quantityRefusal(input.quantity, pair);
    if (problem) throw new DomainError(problem, "quantity");
    const quote = this.quoteNow(pair);
    if (!quote) throw new DomainError("TRADING_CLOSED");
    const limit = input.type === "limit" || input.type === "stop_limit" ? blank(input.price) : null;
    if (input.type === "limit" || input.type === "stop_limit") {
      if (limit === null) throw new DomainError("MISSING_PARAMETER", "price");
      if (!money(limit).gt(0)) throw new DomainError("PRICE_NOT_POSITIVE", "price");
      if (!priceFits(limit, pair.price_precision)) throw new DomainError("PRICE_PRECISION", "price");
    }
    if (input.type === "limit") {
      const refusal = limitRefusal(input.side, limit!, money(quote.price).toFixed(pair.price_precision));
      if (refusal) throw new DomainError(refusal, "price");
    }
    const stop = input.type === "stop_market" || input.type === "stop_limit" ? blank(input.stop_price) : null;
    if (input.type === "stop_market" || input.type === "stop_limit") {
      if (stop === null) throw new DomainError("MISSING_PARAMETER", "stop_price");
      if (!money(stop).gt(0)) throw new DomainError("PRICE_NOT_POSITIVE", "stop_price");
      if (!priceFits(stop, pair.price_precision)) throw new DomainError("PRICE_PRECISION", "stop_price");
      const refusal = stopRefusal(input.side, stop, quote);
      if (refusal) throw new DomainError(refusal, "stop_price");
    }
    const feeRate = feeRateFor(await spotConfig.cached(this.db), pair.symbol);
    if (input.type === "market") {
      const fill = fillAt(input.quantity, marketPrice(input.side, quote), feeRate);
      return { pair, quote, limit, stop, feeRate, fill, hold: null, legs: marketLegs(userId, input.side, pair, input.quantity, fill) };
    }
    // A limit order and a waiting stop hold their funds (a stop-market buy for its worst allowed fill: holdPriceOf).
    const holdPrice = holdPriceOf({ type: input.type, side: input.side, price: limit, stopPrice: stop, pricePrecision: pair.price_precision })!;
    const hold = holdOf(input.side, pair, input.quantity, holdPrice, feeRate);
    const legs: Leg[] = [
      { account: { user: userId }, currency: hold.currency, amount: hold.amount.negated() },
      { account: { user: userId }, currency: hold.currency, bucket: "frozen", amount: hold.amount },
    ];
    return { pair, quote, limit, stop, feeRate, fill: null, hold, legs };
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
      market.map(({ member, id }) => ({ key: `spot:${id}:fill`, kind: KIND[member.input.side], cause: { kind: "spot_order", id }, at: now, legs: member.prepared.legs })),
    );
    const held = await ledger.holdMany(
      tx,
      limits.map(({ member, id }) => {
        const hold = member.prepared.hold!;
        return { key: `spot:${id}:hold`, kind: "spot.hold", userId: member.userId, currency: hold.currency, amount: hold.amount, cause: { kind: "spot_order", id }, at: now };
      }),
    );
    const holdIdOf = new Map(limits.map(({ id }, i) => [id, held[i].holdId]));
    const created = await tx
      .insert(spotOrders)
      .values(
        accepted.map(({ member: { userId, input, prepared }, id }) => {
          const { pair, quote, limit, stop, feeRate, fill } = prepared;
          const waiting = stop !== null ? ("waiting" as const) : ("open" as const);
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

  async cancel(userId: number, id: number): Promise<SpotOrder> {
    const row = await this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(spotOrders).where(and(eq(spotOrders.id, id), eq(spotOrders.userId, userId))).for("update");
      if (!locked) throw new DomainError("TRADE_NOT_FOUND");
      // An open limit order or a waiting stop; the trigger's fill locks the row too, so the two settle it once.
      if (locked.status !== "open" && locked.status !== "waiting") throw new DomainError("ORDER_NOT_CANCELLABLE");
      const now = this.deps.clock.now();
      await ledger.release(tx, { holdId: locked.holdId!, key: `spot:${id}:release`, kind: "spot.release", at: now });
      const [cancelled] = await tx.update(spotOrders).set({ status: "cancelled", cancelledAt: now }).where(eq(spotOrders.id, id)).returning();
      return cancelled;
    });
    return this.settlement.after(row);
  }
}
