import type { Decimal } from "decimal.js";
import { and, eq, inArray, sql } from "drizzle-orm";
import { PUSH_SCREENS } from "../../contract/push-kinds";
import { notifications } from "../../contract/notifications";
import type { CloseReason, Position } from "../../contract/positions";
import { ledger, money, toWire, type Leg } from "../ledger";
import type { Tx } from "../platform/db";
import { invariant } from "../platform/errors";
import { ownerOf, type FiredAt, type Trigger, type TriggerSource } from "../triggers";
import { closeSide, feeFor, grossPnl, liquidationPrice, maintenanceFor, warningPrice, reasonOf, splitClose, swapCharge, triggersOf, unrealised } from "./positions.engine";
import { Decimal_min, MARGIN_CURRENCY, PositionsRole, SOURCE, termsOf, tickTime, type PositionsDeps, type TickAt } from "./positions.shared";
import { positions, type PositionRow } from "./positions.schema";
import type { PositionsQueries } from "./positions.queries";

/** The list a push about this position opens: crypto contracts, or forex and metals. */
const screenOf = (row: PositionRow) => (row.kind === "crypto" ? PUSH_SCREENS.positions : PUSH_SCREENS.forexPositions);

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

/**
 * The trigger source of positions and what settles them: limit fills, TP, SL, liquidation and margin warnings (the
 * shared trigger book fires them), the opening and closing of a position in a transaction (the commands use those
 * too), and the nightly swap job.
 */
export class PositionsSettlement extends PositionsRole implements TriggerSource {
  readonly name = SOURCE;

  constructor(
    deps: PositionsDeps,
    private readonly queries: PositionsQueries,
  ) {
    super(deps);
  }

  /** The position opens at `openPrice` on `tick`: the open fee is paid, the liquidation level armed. */
  async openInTx(tx: Tx, row: PositionRow, tick: TickAt, openPrice: string, fee: Decimal, now: Date): Promise<PositionRow> {
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
      // A limit order filled on its own (a limit order always waits): pushed; a market open the user just made is not.
      push: row.type === "limit" ? { kind: "fill", url: screenOf(row), id: row.id } : undefined,
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

  /**
   * Closes a locked open position at `exec` (the bid for a long, the ask for a short) on `tick`. The held margin
   * goes to the trading account, which pays the user margin + P&L (never below zero) and the close fee; a loss
   * beyond the margin is paid to the trading account by the insurance fund.
   */
  async closeInTx(tx: Tx, row: PositionRow, reason: CloseReason, tick: TickAt, exec: string): Promise<PositionRow> {
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
      // Closed by the engine (take-profit, stop-loss, liquidation): pushed; the user's own close is not.
      push: reason === "tp" || reason === "sl" || reason === "liquidation" ? { kind: "close", url: screenOf(row), id: row.id } : undefined,
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
      push: { kind: "margin_warning", url: screenOf(row), id: row.id },
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
  async after(row: PositionRow): Promise<Position> {
    this.deps.triggers.changed(ownerOf(SOURCE, row.id));
    const position = this.queries.toPosition(row);
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

}
