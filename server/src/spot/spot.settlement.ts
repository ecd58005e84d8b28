import { eq } from "drizzle-orm";
import { notifications, PUSH_SCREENS } from "../../contract";
import type { SpotOrder } from "../../contract/spot";
import { ledger, money, toWire } from "../ledger";
import type { Tx } from "../platform/db";
import { ownerOf, type FiredAt, type Trigger, type TriggerSource } from "../triggers";
import { quoteAround } from "../market";
import { crosses, deliveryLegs, fillAt, settleLegs, SOURCE, triggerOf } from "./spot.engine";
import { spotOrders, type SpotOrderRow } from "./spot.schema";
import { filledColumns, KIND, SpotRole, toOrder } from "./spot.shared";
import { utcDateTime } from "../platform/clock";
import { amountValue, numberValue, priceValue } from "../platform/i18n";

/** The trigger source of spot (open limit orders) and their fills. */
export class SpotSettlement extends SpotRole implements TriggerSource {
  readonly name = SOURCE;

  /** A limit order fills at its price on the tick that crossed it: the hold settles, the desk delivers. */
  private async fillInTx(tx: Tx, row: SpotOrderRow, tick: { price: string; atMs: number }): Promise<SpotOrderRow> {
    const now = this.deps.clock.now();
    const fill = fillAt(toWire(row.quantity), row.price!, row.feeRate);
    const pair = { base: row.base, quote: row.quote };
    const quantity = toWire(row.quantity);
    const cause = { kind: "spot_order", id: row.id };
    await ledger.settle(tx, { holdId: row.holdId!, key: `spot:${row.id}:settle`, kind: KIND[row.side], legs: settleLegs(row.side, pair, quantity, fill), at: now });
    await ledger.post(tx, { key: `spot:${row.id}:deliver`, kind: KIND[row.side], cause, at: now, legs: deliveryLegs(row.userId, row.side, pair, quantity, fill) });
    const [filled] = await tx.update(spotOrders).set({ status: "filled", ...filledColumns(fill, tick, now) }).where(eq(spotOrders.id, row.id)).returning();
    const buy = row.side === "buy";
    const n = buy ? { title: notifications.SPOT_BUY_FILLED_TITLE, body: notifications.SPOT_BUY_FILLED_BODY } : { title: notifications.SPOT_SELL_FILLED_TITLE, body: notifications.SPOT_SELL_FILLED_BODY };
    await this.deps.notifier.notifyUser(tx, row.userId, {
      title: n.title.key,
      body: n.body.key,
      values: {
        symbol: row.symbol,
        base: row.base,
        quote: row.quote,
        quantity: numberValue(quantity),
        price: priceValue(toWire(row.price!), row.pricePrecision),
        tick_price: priceValue(toWire(tick.price), row.pricePrecision),
        tick_time: utcDateTime(tick.atMs),
        amount: amountValue(toWire(fill.amount), row.quote),
        fee: amountValue(toWire(fill.fee), row.quote),
        received: amountValue(toWire(fill.amount.minus(fill.fee)), row.quote),
      },
      push: { kind: "fill", url: PUSH_SCREENS.spotOrders, id: row.id },
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
    return triggerOf({ id: row.id, symbol: row.symbol, side: row.side, price: money(row.price).toFixed(row.pricePrecision), spread: toWire(row.spreadRate) });
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
        // Decided at the order's own spread: the pair's current one (an operator's later change) cannot fill it.
        if (!crosses(locked.side, locked.price, quoteAround(item.tick.price, locked.spreadRate, locked.pricePrecision))) return null;
        return this.fillInTx(tx, locked, { price: item.tick.price, atMs: item.tick.atMs });
      });
      if (row) await this.after(row);
      else this.deps.triggers.changed(item.owner);
    }
  }

  /** After a change committed: re-arm (or drop) its trigger, push it to the user's sockets, return the wire shape. */
  async after(row: SpotOrderRow): Promise<SpotOrder> {
    if (row.type === "limit") this.deps.triggers.changed(ownerOf(SOURCE, row.id));
    const order = toOrder(row);
    this.deps.publish(row.userId, order);
    return order;
  }
}
