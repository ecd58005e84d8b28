import { and, eq } from "drizzle-orm";
import type { SpotOrder, SpotSide } from "../../contract/spot";
import { ledger, money, postBatch, type Leg } from "../ledger";
import { priceFits, quantityRefusal } from "../market";
import { DomainError, invariant } from "../platform/errors";
import { GroupCommit } from "../platform/group-commit";
import { answerTaken, claimKeys, freeRefusedKeys, prepareThenPlace, TAKEN, type IdempotentCall } from "../platform/idempotency";
import { feeRateFor, spotConfig } from "./spot.config";
import { fillAt, holdOf, limitRefusal, marketLegs, marketPrice } from "./spot.engine";
import { spotOrders, type SpotOrderRow } from "./spot.schema";
import type { SpotSettlement } from "./spot.settlement";
import { blank, filledColumns, KIND, SpotRole, toOrder, type SpotDeps } from "./spot.shared";

export interface TradeInput {
  symbol: string;
  side: SpotSide;
  type: "market" | "limit";
  quantity: string;
  price?: string;
  idempotency_key?: string;
}

type Prepared = Awaited<ReturnType<SpotCommands["prepare"]>>;

/** One order waiting for its batch: who, what, and what `prepare` found (rules passed, price taken). */
interface Placement {
  call: IdempotentCall;
  userId: number;
  input: TradeInput;
  prepared: Prepared;
}

/** A member's answer: the row it wrote, or the first answer of its key (another request claimed it first). */
type Placed = { row: SpotOrderRow } | { replay: SpotOrder };

/** The user's commands on spot: place (market or limit) and cancel. */
export class SpotCommands extends SpotRole {
  /** Orders are group-committed: those arriving while a batch is written go together in the next one. */
  private readonly placements = new GroupCommit<Placement, Placed>((batch) => this.placeBatch(batch));

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

  /**
   * Places an order through the group commit: orders arriving while a batch is written go together in the next one.
   * As `idempotent` does for one call: the rules are checked outside the transaction, and a key seen before (or
   * claimed first by a twin) answers its first order; nothing moves twice (`prepareThenPlace`).
   */
  async trade(userId: number, input: TradeInput): Promise<SpotOrder> {
    const call: IdempotentCall = { userId, key: input.idempotency_key, scope: "coin/trade", body: { ...input, idempotency_key: undefined } };
    const placed = await prepareThenPlace(this.db, call, () => this.prepare(input), (prepared) => this.placements.submit({ call, userId, input, prepared }), (first: { id: number }) => this.replayOf(first, userId));
    // A replay of the same idempotency key returns the first answer and changes nothing.
    return "row" in placed ? this.settlement.after(placed.row) : placed.replay;
  }

  /**
   * Writes a batch of orders in one transaction with one statement per table: the keys claimed, the users' accounts
   * locked and every member decided on them in arrival order (one the balance cannot pay is refused alone, before
   * anything is written), then the market fills posted and the limit orders' funds held, the rows inserted, the
   * refused members' keys freed. The keys are claimed first, with the ids drawn for their orders. The answer per
   * member: its row, the winner's order (a key claimed first), or the Error refusing it.
   */
  private async placeBatch(batch: readonly Placement[]): Promise<Array<Placed | Error>> {
    const settled = await this.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const answers: Array<Placed | Error | typeof TAKEN> = batch.map(() => TAKEN);
      // The ids first: each key is claimed with the order it names, and the money moves name the orders as their
      // cause, so each row is written once, complete (a refused member's id goes unused).
      const { ids, claimed } = await claimKeys(tx, "spot_orders", batch.map((m) => m.call));
      const idOf = new Map(ids.map((id, index) => [index, id]));
      const plans = batch.map(({ userId, input, prepared: { pair, quote, limit, feeRate } }) => {
        if (limit === null) {
          const fill = fillAt(input.quantity, marketPrice(input.side, quote), feeRate);
          return { fill, hold: null, legs: marketLegs(userId, input.side, pair, input.quantity, fill) };
        }
        const hold = holdOf(input.side, pair, input.quantity, limit, feeRate);
        const legs: Leg[] = [
          { account: { user: userId }, currency: hold.currency, amount: hold.amount.negated() },
          { account: { user: userId }, currency: hold.currency, bucket: "frozen", amount: hold.amount },
        ];
        return { fill: null, hold, legs };
      });
      const accounts = new Map<string, { userId: number; currency: string }>();
      batch.forEach(({ userId }, i) => {
        if (!claimed[i]) return;
        for (const leg of plans[i].legs) if ("user" in leg.account) accounts.set(`${userId}:${leg.currency}`, { userId, currency: leg.currency });
      });
      const balances = await ledger.lockBalances(tx, [...accounts.values()]);
      const accepted: number[] = [];
      batch.forEach((member, index) => {
        if (!claimed[index]) return;
        try {
          if (ledger.applyIfFunded(balances, plans[index].legs)) accepted.push(index);
          else answers[index] = new DomainError(member.input.side === "buy" ? "INSUFFICIENT_BALANCE" : "INSUFFICIENT_COINS");
        } catch (error) {
          answers[index] = error instanceof Error ? error : new Error(String(error));
        }
      });
      if (accepted.length) {
        const market = accepted.filter((index) => plans[index].fill !== null);
        const limits = accepted.filter((index) => plans[index].hold !== null);
        // Fills before holds: a hold only takes, so every balance stays at or above what the decision saw.
        await postBatch(
          tx,
          market.map((index) => ({ key: `spot:${idOf.get(index)!}:fill`, kind: KIND[batch[index].input.side], cause: { kind: "spot_order", id: idOf.get(index)! }, at: now, legs: plans[index].legs })),
        );
        const held = await ledger.holdMany(
          tx,
          limits.map((index) => {
            const hold = plans[index].hold!;
            return { key: `spot:${idOf.get(index)!}:hold`, kind: "spot.hold", userId: batch[index].userId, currency: hold.currency, amount: hold.amount, cause: { kind: "spot_order", id: idOf.get(index)! }, at: now };
          }),
        );
        const holdIdOf = new Map(limits.map((index, i) => [index, held[i].holdId]));
        const created = await tx
          .insert(spotOrders)
          .values(
            accepted.map((index) => {
              const { userId, input, prepared } = batch[index];
              const { pair, quote, limit, feeRate } = prepared;
              const fill = plans[index].fill;
              const columns = fill ? { status: "filled" as const, holdId: null, ...filledColumns(fill, quote, now) } : { status: "open" as const, holdId: holdIdOf.get(index)! };
              return {
                id: idOf.get(index)!,
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
              };
            }),
          )
          .returning();
        const byId = new Map(created.map((row) => [row.id, row]));
        for (const index of accepted) answers[index] = { row: byId.get(idOf.get(index)!)! };
      }
      await freeRefusedKeys(tx, batch.map((m) => m.call), claimed, answers);
      return answers;
    });
    // A key another request claimed first: that request's answer (it committed before this batch could claim it).
    return answerTaken(this.db, batch.map((m) => m.call), settled, (first: { id: number }, call) => this.replayOf(first, call.userId));
  }

  /** The order a key's first answer names (`{ id }`; answers stored before were the order itself, id included). */
  private async replayOf(first: { id: number }, userId: number): Promise<Placed> {
    const [row] = await this.db.select().from(spotOrders).where(and(eq(spotOrders.id, first.id), eq(spotOrders.userId, userId)));
    invariant(row !== undefined, "a key's answer names an order of its user");
    return { replay: toOrder(row) };
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
