import { and, eq, sql } from "drizzle-orm";
import type { SpotOrder, SpotSide } from "../../contract/spot";
import { ledger, money } from "../ledger";
import { priceFits, quantityRefusal } from "../market";
import { DomainError } from "../platform/errors";
import { idempotent } from "../platform/idempotency";
import { feeRateFor, spotConfig } from "./spot.config";
import { fillAt, holdOf, limitRefusal, marketLegs, marketPrice } from "./spot.engine";
import { spotOrders, type SpotOrderRow } from "./spot.schema";
import type { SpotSettlement } from "./spot.settlement";
import { blank, filledColumns, KIND, rows, SpotRole, toOrder, type SpotDeps } from "./spot.shared";

export interface TradeInput {
  symbol: string;
  side: SpotSide;
  type: "market" | "limit";
  quantity: string;
  price?: string;
  idempotency_key?: string;
}

/** The user's commands on spot: place (market or limit) and cancel. */
export class SpotCommands extends SpotRole {
  constructor(
    deps: SpotDeps,
    private readonly settlement: SpotSettlement,
  ) {
    super(deps);
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
    let prepared!: Awaited<ReturnType<SpotCommands["prepare"]>>;
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
          columns = { status: "filled" as const, holdId: null, ...filledColumns(fill, quote, now) };
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
            // Kept for life: a limit order fills on the quote this spread puts around the tick (contract, wave 3).
            spreadRate: pair.spread_rate,
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
    return placed ? this.settlement.after(placed) : order;
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
    return this.settlement.after(row);
  }
}
