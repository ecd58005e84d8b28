import { and, eq, inArray, sql } from "drizzle-orm";
import { notifications, PUSH_SCREENS } from "../../contract";
import type { SpotOrder } from "../../contract/spot";
import { ledger, money, resolveThenPost, toWire, transfers } from "../ledger";
import { idIn, pgArray, type Executor, type Tx } from "../platform/db";
import { inBatches } from "../platform/batches";
import { lockMany } from "../platform/bulk";
import { invariant } from "../platform/errors";
import { notifyMany } from "../platform/notify";
import { firedUser, furtherTrail, ownerOf, trailTick, levelOf, type FiredAt, type Trail, type Trigger, type TriggerSource } from "../triggers";
import { quoteAround } from "../market";
import { byTickThenUser, crosses, fillAt, holdOf, holdPriceOf, marketPrice, onTrigger, SOURCE, stopCrossed, stopTriggerOf, trailTriggerOf, trailWay, triggerOf, type Fill } from "./spot.engine";
import { spotOrders, type SpotOrderRow } from "./spot.schema";
import { filledColumns, rows as rowsOf, SpotRole, toOrder } from "./spot.shared";
import { utcDateTime } from "../platform/clock";
import { amountValue, numberValue, priceValue } from "../platform/i18n";

/** A trailing stop's trail as its row holds it. */
const trailOfRow = (row: SpotOrderRow): Trail => ({
  rate: toWire(row.trailingRate!),
  best: money(row.trailExtreme!).toFixed(row.pricePrecision),
  precision: row.pricePrecision,
  atMs: row.trailSinceMs!,
});

/** Limit orders filled per transaction when one tick crosses many. */
export const FILL_BATCH = 1_000;

/** An order a tick fired, with the trail the book had moved it to (a trailing stop). */
type Crossed = { id: number; owner: string; tick: { price: string; atMs: number }; user: number; trail?: Trail };

const noticeOf = (row: SpotOrderRow, fill: Fill, tick: { price: string; atMs: number }) => {
  const quantity = toWire(row.quantity);
  const n = row.side === "buy" ? { title: notifications.SPOT_BUY_FILLED_TITLE, body: notifications.SPOT_BUY_FILLED_BODY } : { title: notifications.SPOT_SELL_FILLED_TITLE, body: notifications.SPOT_SELL_FILLED_BODY };
  return {
    userId: row.userId,
    title: n.title.key,
    body: n.body.key,
    values: {
      symbol: row.symbol,
      base: row.base,
      quote: row.quote,
      quantity: numberValue(quantity),
      price: priceValue(fill.price, row.pricePrecision),
      tick_price: priceValue(toWire(tick.price), row.pricePrecision),
      tick_time: utcDateTime(tick.atMs),
      amount: amountValue(toWire(fill.amount), row.quote),
      fee: amountValue(toWire(fill.fee), row.quote),
      received: amountValue(toWire(fill.amount.minus(fill.fee)), row.quote),
    },
    push: { kind: "fill" as const, url: PUSH_SCREENS.spotOrders, id: row.id },
  };
};

/** The trigger source of spot (open limit orders) and their fills, in batches. */
export class SpotSettlement extends SpotRole implements TriggerSource {
  readonly name = SOURCE;

  /**
   * Marks locked waiting stops triggered, in one statement: each names its tick and becomes an open order at its limit
   * (a stop-limit's price, a stop-market buy's worst allowed fill; null for a stop-market that fills at once, in the
   * same transaction). Answers the rows as they now are.
   */
  private async triggerManyInTx(tx: Tx, triggered: ReadonlyArray<{ row: SpotOrderRow; tick: { price: string; atMs: number }; limit: string | null }>): Promise<SpotOrderRow[]> {
    if (!triggered.length) return [];
    const col = (pick: (t: (typeof triggered)[number]) => string | number | null) => pgArray(triggered.map(pick));
    const updated = await tx.execute(
      sql`UPDATE spot_orders AS o SET status = 'open', price = v.price, triggered_tick_price = v.tick_price, triggered_tick_at_ms = v.tick_at_ms
          FROM unnest(${col((t) => t.row.id)}::bigint[], ${col((t) => t.limit)}::numeric[], ${col((t) => t.tick.price)}::numeric[], ${col((t) => t.tick.atMs)}::bigint[])
            AS v (id, price, tick_price, tick_at_ms)
          WHERE o.id = v.id AND o.status = 'waiting' RETURNING o.id`,
    );
    invariant((updated as unknown as { rows: unknown[] }).rows.length === triggered.length, "every locked waiting stop triggers once");
    return triggered.map(({ row, tick, limit }) => ({ ...row, status: "open" as const, price: limit, triggeredTickPrice: tick.price, triggeredTickAtMs: tick.atMs }));
  }

  /**
   * Fills locked open limit orders, each at its price on the tick that crossed it, in the caller's transaction with
   * one statement per table whatever their number: the rows in one UPDATE, the notices in one insert, then the holds
   * settled to the desk (and fees) and the desk's deliveries in one ledger posting. Each member is decided first: an order
   * whose hold is no longer pending is refused alone (left open, answered in `refused`), never failing the others.
   */
  private async fillManyInTx(tx: Tx, fills: ReadonlyArray<{ row: SpotOrderRow; tick: { price: string; atMs: number }; at?: string }>): Promise<{ filled: SpotOrderRow[]; refused: SpotOrderRow[] }> {
    if (!fills.length) return { filled: [], refused: [] };
    const now = this.deps.clock.now();
    const pending = await ledger.pendingHolds(tx, fills.flatMap(({ row }) => (row.holdId === null ? [] : [row.holdId])));
    const refused = fills.filter(({ row }) => row.holdId === null || !pending.has(row.holdId)).map(({ row }) => row);
    const planned = fills
      .filter(({ row }) => row.holdId !== null && pending.has(row.holdId))
      // At its limit price, or (a triggered stop-market) at the market price of its tick.
      .map(({ row, tick, at }) => ({ row, tick, quantity: toWire(row.quantity), pair: { base: row.base, quote: row.quote }, fill: fillAt(toWire(row.quantity), at ?? row.price!, row.feeRate) }));
    if (!planned.length) return { filled: [], refused };
    const filled = planned.map(({ row, tick, fill }) => ({ ...row, status: "filled" as const, ...filledColumns(fill, tick, now) }));
    const col = (pick: (row: SpotOrderRow) => string | number) => pgArray(filled.map(pick));
    const updated = await tx.execute(
      sql`UPDATE spot_orders AS o SET status = 'filled', filled_price = v.filled_price, amount = v.amount, fee = v.fee, tick_price = v.tick_price,
          tick_at_ms = v.tick_at_ms, filled_at = ${now.toISOString()}::timestamptz
          FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.filledPrice!)}::numeric[], ${col((r) => r.amount!)}::numeric[], ${col((r) => r.fee!)}::numeric[],
                      ${col((r) => r.tickPrice!)}::numeric[], ${col((r) => r.tickAtMs!)}::bigint[]) AS v (id, filled_price, amount, fee, tick_price, tick_at_ms)
          WHERE o.id = v.id AND o.status IN ('open', 'waiting') RETURNING o.id`,
    );
    invariant((updated as unknown as { rows: unknown[] }).rows.length === filled.length, "every locked open spot order fills once");
    const notices = planned.map(({ row, fill, tick }) => noticeOf(row, fill, tick));
    await notifyMany(this.deps.notifier, tx, notices);
    // The money last (the ledger locks the users' accounts, which the other batch in flight may share): the holds
    // settled first, then the desk's deliveries, one posting for the whole batch.
    await resolveThenPost(
      tx,
      planned.map(({ row, quantity, pair, fill }) => ({ holdId: row.holdId!, key: `spot:${row.id}:settle`, ...transfers.spotSettle({ side: row.side, pair, quantity, fill, held: holdOf(row.side, pair, quantity, holdPriceOf(row)!, row.feeRate).amount, userId: row.userId }), at: now })),
      planned.map(({ row, quantity, pair, fill }) => ({ key: `spot:${row.id}:deliver`, ...transfers.spotDelivery({ userId: row.userId, side: row.side, pair, quantity, fill, orderId: row.id }), at: now })),
    );
    return { filled, refused };
  }

  // ----- the trigger source -----------------------------------------------------------------------------------

  async loadAll(): Promise<Trigger[]> {
    const rows = await this.db.select().from(spotOrders).where(inArray(spotOrders.status, ["open", "waiting"]));
    return rows.flatMap((r) => this.levelsOf(r));
  }

  async loadOwner(id: string): Promise<Trigger[]> {
    const [row] = await this.db.select().from(spotOrders).where(eq(spotOrders.id, Number(id)));
    return row ? this.levelsOf(row) : [];
  }

  private levelsOf(row: SpotOrderRow): Trigger[] {
    const common = { id: row.id, symbol: row.symbol, side: row.side, spread: toWire(row.spreadRate), userId: row.userId };
    if (row.status === "waiting" && row.type === "trailing_stop") return [trailTriggerOf({ ...common, trail: trailOfRow(row) })];
    if (row.status === "waiting" && row.stopPrice !== null) return [stopTriggerOf({ ...common, stop: money(row.stopPrice).toFixed(row.pricePrecision) })];
    if (row.status !== "open" || row.price === null) return [];
    return [triggerOf({ ...common, price: money(row.price).toFixed(row.pricePrecision) })];
  }

  async loadOwners(ids: readonly string[]): Promise<Map<string, Trigger[]>> {
    const found = new Map<string, Trigger[]>();
    const rows = await this.db.select().from(spotOrders).where(and(idIn(spotOrders.id, ids.map(Number)), inArray(spotOrders.status, ["open", "waiting"])));
    for (const row of rows) {
      const levels = this.levelsOf(row);
      if (levels.length) found.set(String(row.id), levels);
    }
    return found;
  }

  /**
   * Fills what crossed, up to FILL_BATCH orders per transaction (two transactions at once), started in tick order
   * (by user within a tick). Each batch locks its rows in id order
   * (a user's cancel locks its row first too, so a cancel and a fill that race settle the order once: whichever locks
   * it first) and re-checks every one under its lock: an order the user cancelled meanwhile is left alone, and the
   * crossing is decided again on decimals at the order's own spread. A batch that fails is tried again one order per
   * transaction, so one broken member never holds the others back; what failed is thrown once all are done (the
   * runner logs it and re-arms the owners).
   */
  async fire(fired: readonly FiredAt[]): Promise<void> {
    const seen = new Set<number>();
    const crossed: Crossed[] = [];
    for (const item of fired) {
      const id = Number(item.owner.slice(SOURCE.length + 1));
      // An owner fired twice (a replay after a reload) fills on its first tick.
      if (seen.has(id)) continue;
      seen.add(id);
      crossed.push({ id, owner: item.owner, tick: { price: item.tick.price, atMs: item.tick.atMs }, user: firedUser(item), trail: item.fired.find((f) => f.trigger.trail)?.trigger.trail });
    }
    const failures: unknown[] = [];
    const refused: number[] = [];
    const run = async (batch: readonly Crossed[]) => refused.push(...(await this.fillBatch(batch)));
    // Two batches in flight: one's statements run in the database while the next is planned here.
    await inBatches(byTickThenUser(crossed), FILL_BATCH, 2, async (batch) => {
      try {
        await run(batch);
      } catch (error) {
        if (batch.length === 1) failures.push(error);
        else for (const one of batch) await run([one]).catch((e: unknown) => failures.push(e));
      }
    });
    // A broken invariant, said loudly once the others are filled (the order stays open, its trigger armed again).
    if (refused.length) failures.push(new Error(`spot orders ${refused.join(", ")} are open without a pending hold: not filled`));
    if (failures.length) throw failures.length === 1 ? failures[0] : new AggregateError(failures, `${failures.length} spot fills failed`);
  }

  /**
   * One batch in one transaction; then its after-work once: one re-arm message, one bus message to the users' sockets.
   * Answers the ids of the orders refused alone (open without a pending hold).
   */
  private async fillBatch(batch: readonly Crossed[]): Promise<number[]> {
    const { changed, refused, siblings } = await this.db.transaction(async (tx) => {
      // OCO siblings are locked with the batch, in one statement in id order (as a cancel locks them): a leg that
      // fills or triggers cancels its sibling in this transaction, and a sibling the batch holds cannot settle twice.
      const ids = batch.map((b) => b.id);
      const siblingIds = (
        await rowsOf<{ id: string }>(tx, sql`SELECT s.id FROM spot_orders o JOIN spot_orders s ON s.oco_id = o.oco_id AND s.id <> o.id WHERE o.id = ANY (${pgArray(ids)}::bigint[])`)
      ).map((r) => Number(r.id));
      const locked = new Map((await lockMany(tx, spotOrders, [...ids, ...siblingIds])).map((r) => [r.id, r]));
      const fills: Array<{ row: SpotOrderRow; tick: { price: string; atMs: number }; at?: string }> = [];
      const triggered: Array<{ row: SpotOrderRow; tick: { price: string; atMs: number }; limit: string | null }> = [];
      const followed: SpotOrderRow[] = [];
      const settledOco = new Set<number>();
      for (const { id, tick, trail: booked } of batch) {
        const row = locked.get(id);
        if (!row || (row.ocoId !== null && settledOco.has(row.ocoId))) continue;
        // Decided at the order's own spread: the pair's current one (an operator's later change) cannot fill it.
        const quote = () => quoteAround(tick.price, row.spreadRate, row.pricePrecision);
        let settles = false;
        if (row.status === "open" && row.price !== null) {
          settles = crosses(row.side, row.price, quote());
          if (settles) fills.push({ row, tick });
        } else if (row.status === "waiting") {
          // A trailing stop: from where the book had trailed it (or the row, if further), through this tick again.
          const trail = row.type === "trailing_stop" ? this.trailThrough(row, booked, marketPrice(row.side, quote()), tick.atMs) : null;
          settles = trail ? trail.crossed : row.stopPrice !== null && stopCrossed(row.side, row.stopPrice, quote());
          if (trail?.followed && !trail.crossed) followed.push(trail.followed);
          if (settles) {
            // A stop the tick crossed: it names that tick, then fills at market or becomes a limit order (onTrigger).
            const outcome = onTrigger({ ...row, stopPrice: row.stopPrice ?? "0" }, quote());
            const now = { ...row, triggeredTickPrice: tick.price, triggeredTickAtMs: tick.atMs };
            if ("fill" in outcome) {
              triggered.push({ row, tick, limit: row.price });
              fills.push({ row: now, tick, at: outcome.fill });
            } else {
              triggered.push({ row, tick, limit: outcome.limit });
            }
          }
        }
        if (settles && row.ocoId !== null) settledOco.add(row.ocoId);
      }
      await this.followManyInTx(tx, followed);
      const opened = await this.triggerManyInTx(tx, triggered);
      const done = await this.fillManyInTx(tx, fills);
      const cancelled = await this.cancelSiblingsInTx(tx, [...locked.values()].filter((row) => row.ocoId !== null && settledOco.has(row.ocoId) && !triggered.some((t) => t.row.id === row.id) && !fills.some((f) => f.row.id === row.id)));
      // The stops that became limit orders are pushed too (their status and trigger tick changed), and the trailing
      // stops whose level moved (the level is live on the socket).
      const filledIds = new Set(done.filled.map((r) => r.id));
      return { changed: [...done.filled, ...opened.filter((r) => !filledIds.has(r.id)), ...cancelled, ...followed], refused: done.refused, siblings: cancelled };
    });
    // Replayed from the batch's first tick: the owners were out of the book since it, and a tick that arrived while
    // this transaction ran must still reach a trailing stop re-armed at its new level (or a stop now a limit order).
    this.afterMany(changed, [...batch.map((b) => b.owner), ...siblings.map((r) => ownerOf(SOURCE, r.id))], Math.min(...batch.map((b) => b.tick.atMs)));
    return refused.map((row) => row.id);
  }

  /**
   * A waiting trailing stop through the tick that fired it, re-decided on its row: from the trail the book had moved it
   * to when that is further than the row's (a write not yet landed), else the row's. Answers whether the tick crosses
   * its level, and the row with its trail moved when it stands further than the row says (to write).
   */
  private trailThrough(row: SpotOrderRow, booked: Trail | undefined, observed: string, atMs: number): { crossed: boolean; followed: SpotOrderRow | null } {
    const cross = trailWay(row.side);
    const own = trailOfRow(row);
    const trail = furtherTrail(cross, own, booked);
    const step = trailTick({ cross, level: levelOf(trail, cross), trail }, Number(observed), observed, atMs);
    return { crossed: step.crossed, followed: step.trail === own ? null : { ...row, trailExtreme: step.trail.best, trailSinceMs: step.trail.atMs } };
  }

  /**
   * Records trailing stops' moved trails (best price and its tick), in one statement: only where the order still
   * waits at that rate and only ever further (a late write of an older move changes nothing). Answers the ids written.
   */
  private async followManyInTx(tx: Executor, followed: ReadonlyArray<Pick<SpotOrderRow, "id" | "trailingRate" | "trailExtreme" | "trailSinceMs">>): Promise<number[]> {
    if (!followed.length) return [];
    const col = (pick: (row: (typeof followed)[number]) => string | number | null) => pgArray(followed.map(pick));
    const updated = await tx.execute(
      sql`UPDATE spot_orders AS o SET trail_extreme = v.extreme, trail_since_ms = GREATEST(o.trail_since_ms, v.at_ms)
          FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.trailingRate)}::numeric[], ${col((r) => r.trailExtreme)}::numeric[], ${col((r) => r.trailSinceMs)}::bigint[])
               AS v (id, rate, extreme, at_ms)
          WHERE o.id = v.id AND o.status = 'waiting' AND o.type = 'trailing_stop' AND o.trailing_rate = v.rate
            AND (CASE WHEN o.side = 'sell' THEN v.extreme > o.trail_extreme ELSE v.extreme < o.trail_extreme END)
          RETURNING o.id`,
    );
    return (updated as unknown as { rows: Array<{ id: string | number }> }).rows.map((r) => Number(r.id));
  }

  /**
   * The runner's moved trailing stops: their trails written (a batch per statement), and the moved orders pushed to
   * their users' sockets, so the order shows its level where it stands (`trigger_price`).
   */
  async trailed(moved: readonly Trigger[]): Promise<void> {
    const rows = moved.flatMap(({ owner, trail }) =>
      trail ? [{ id: Number(owner.slice(SOURCE.length + 1)), trailingRate: trail.rate, trailExtreme: trail.best, trailSinceMs: trail.atMs }] : [],
    );
    await inBatches(rows, FILL_BATCH * 5, 1, async (batch) => {
      const ids = await this.followManyInTx(this.db, batch);
      if (!ids.length) return;
      // Pushed, not re-armed: the book already holds these levels.
      this.push(await this.db.select().from(spotOrders).where(idIn(spotOrders.id, ids)));
    });
  }

  /** Cancels the other legs of OCOs one leg of which filled or triggered in this transaction (their hold went with it). */
  private async cancelSiblingsInTx(tx: Tx, siblings: readonly SpotOrderRow[]): Promise<SpotOrderRow[]> {
    const live = siblings.filter((row) => row.status === "open" || row.status === "waiting");
    if (!live.length) return [];
    const now = this.deps.clock.now();
    await tx.update(spotOrders).set({ status: "cancelled", cancelledAt: now }).where(inArray(spotOrders.id, live.map((row) => row.id)));
    return live.map((row) => ({ ...row, status: "cancelled" as const, cancelledAt: now }));
  }

  /** After a batch committed: its owners re-read by one message (filled ones drop, the rest re-arm), the fills pushed at once. */
  afterMany(rows: readonly SpotOrderRow[], owners: readonly string[], sinceMs?: number): void {
    this.deps.triggers.changedMany(owners, sinceMs);
    this.push(rows);
  }

  /** Pushes orders to their users' sockets (one bus message when the deps can send many). */
  private push(rows: readonly SpotOrderRow[]): void {
    const list = rows.map((row) => ({ userId: row.userId, order: toOrder(row) }));
    if (this.deps.publishMany) this.deps.publishMany(list);
    else for (const { userId, order } of list) this.deps.publish(userId, order);
  }

  /** After a change committed: re-arm (or drop) its trigger, push it to the user's sockets, return the wire shape. */
  async after(row: SpotOrderRow): Promise<SpotOrder> {
    if (row.type !== "market") this.deps.triggers.changed(ownerOf(SOURCE, row.id));
    const order = toOrder(row);
    this.deps.publish(row.userId, order);
    return order;
  }
}
