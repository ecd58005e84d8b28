import type { Decimal } from "decimal.js";
import { and, eq, inArray, sql } from "drizzle-orm";
import { PUSH_SCREENS } from "../../contract/push-kinds";
import { notifications } from "../../contract/notifications";
import type { CloseReason, Position } from "../../contract/positions";
import { ledger, money, pgArray, postBatch, resolveBatch, toWire, transfers, type BatchEntry } from "../ledger";
import { quoteAround } from "../market";
import { idIn, type Executor, type Tx } from "../platform/db";
import { inBatches } from "../platform/batches";
import { lockMany } from "../platform/bulk";
import { invariant } from "../platform/errors";
import { notifyMany } from "../platform/notify";
import { furtherTrail, levelOf, ownerOf, type FiredAt, type Trigger, type TriggerSource } from "../triggers";
import { byUrgency, closeAt, closePriceAt, liquidationPrice, lossWay, maintenanceFor, openSide, stopTriggers, warningPrice, reasonOf, swapCharge, triggersOf, unrealised, type PositionTerms } from "./positions.engine";
import { Decimal_min, MARGIN_CURRENCY, PositionsRole, SOURCE, termsOf, type PositionsDeps, type TickAt } from "./positions.shared";
import { positions, type PositionRow } from "./positions.schema";
import type { PositionsQueries } from "./positions.queries";
import { utcDateTime } from "../platform/clock";
import { amountValue, percentValue, priceValue, numberValue } from "../platform/i18n";

/** A stop order's open price on a tick: the ask (long) or bid (short) its own spread puts around the tick's price. */
const openPriceAt = (row: PositionRow, tickPrice: string): string => quoteAround(tickPrice, row.spreadRate, row.pricePrecision)[openSide(row.direction)];

/** The list a push about this position opens: crypto contracts, or forex and metals. */
const screenOf = (row: Pick<PositionRow, "kind">) => (row.kind === "crypto" ? PUSH_SCREENS.positions : PUSH_SCREENS.forexPositions);

const levelsOf = (row: PositionRow) =>
  row.status === "pending" || row.status === "open"
    ? triggersOf({
        id: row.id,
        symbol: row.symbol,
        direction: row.direction,
        status: row.status,
        limitPrice: row.limitPrice,
        stopPrice: row.stopPrice,
        trail: row.slTrailRate !== null && row.slTrailBest !== null ? { rate: toWire(row.slTrailRate), best: toWire(row.slTrailBest), pricePrecision: row.pricePrecision, atMs: row.slTrailAtMs } : null,
        tp: row.tpPrice,
        sl: row.slPrice,
        liquidation: row.liquidationPrice,
        warning: row.warned ? null : row.warningPrice,
        spread: row.spreadRate,
        userId: row.userId,
      })
    : [];

/**
 * The trigger source of positions and what settles them: limit fills, TP, SL, liquidation and margin warnings (the
 * shared trigger book fires them), the opening and closing of a position in a transaction (the commands use those
 * too), and the nightly swap job.
 */
/** The columns of a position that opens at `openPrice` on `tick` (a market order, or a limit order's fill). */
export function openedColumns(terms: PositionTerms, margin: Decimal, openPrice: string, tick: TickAt, fee: Decimal, now: Date, warningLevel: string) {
  const maintenance = maintenanceFor(terms, openPrice, margin);
  return {
    status: "open" as const,
    openPrice,
    openTickPrice: tick.price,
    openTickAtMs: tick.atMs,
    openFee: toWire(fee),
    maintenance: toWire(maintenance),
    liquidationPrice: liquidationPrice(terms, openPrice, margin, maintenance),
    warningPrice: warningPrice(terms, openPrice, margin, maintenance, warningLevel),
    openedAt: now,
  };
}

type NoticeRow = Pick<PositionRow, "kind" | "symbol" | "quantity" | "pricePrecision">;

/**
 * What an open and a close notice say alike: the quantity (a crypto contract's in its base coin, "0.01 BTC"; forex
 * and metals in lots, the text's own word) and the prices at the pair's precision, in the reader's digits.
 */
const noticeFigures = (row: NoticeRow, price: string, tick: TickAt) => ({
  symbol: row.symbol,
  base: row.symbol.split("/")[0],
  quantity: numberValue(toWire(row.quantity)),
  price: priceValue(price, row.pricePrecision),
  tick_price: priceValue(tick.price, row.pricePrecision),
  tick_time: utcDateTime(tick.atMs),
});

/** The user's notice of an opened position. */
export function openedNotice(row: Pick<PositionRow, "id" | "type"> & NoticeRow, openPrice: string, tick: TickAt) {
  return {
    title: notifications.POSITION_OPENED_TITLE.key,
    body: (row.kind === "crypto" ? notifications.POSITION_OPENED_COIN_BODY : notifications.POSITION_OPENED_BODY).key,
    values: noticeFigures(row, openPrice, tick),
    // A limit order filled on its own (a limit order always waits): pushed; a market open the user just made is not.
    push: row.type === "limit" ? { kind: "fill" as const, url: screenOf(row), id: row.id } : undefined,
  };
}

/** Positions settled per transaction when one tick fires many. */
export const SETTLE_BATCH = 1_000;

const CLOSE_TITLES: Record<CloseReason, string> = {
  user: notifications.POSITION_CLOSED_TITLE.key,
  close_all: notifications.POSITION_CLOSED_TITLE.key,
  tp: notifications.POSITION_TP_TITLE.key,
  sl: notifications.POSITION_SL_TITLE.key,
  liquidation: notifications.POSITION_LIQUIDATED_TITLE.key,
};

export class PositionsSettlement extends PositionsRole implements TriggerSource {
  readonly name = SOURCE;
  /** Positions per transaction (tests make it small to settle one tick in several batches). */
  batchSize = SETTLE_BATCH;

  constructor(
    deps: PositionsDeps,
    private readonly queries: PositionsQueries,
  ) {
    super(deps);
  }

  /**
   * Fills locked pending limit orders at their limit prices on the ticks that crossed them, in the caller's transaction
   * with one statement per table: the rows opened in one UPDATE, the notices in one insert, then every open fee taken
   * from its hold in one ledger posting (the money last, as a batch's closes do). Answers the opened rows, in order.
   */
  private async fillManyInTx(tx: Tx, fills: ReadonlyArray<{ row: PositionRow; tick: TickAt }>): Promise<PositionRow[]> {
    if (!fills.length) return [];
    const now = this.deps.clock.now();
    const { warning_level } = await this.rules(tx);
    const opened: PositionRow[] = fills.map(({ row, tick }) => {
      invariant(row.status === "pending" && (row.limitPrice !== null || row.stopPrice !== null), "only a pending limit or stop order fills");
      // The open fee was held with the order: it is taken from that hold below, never charged again. A stop order
      // opens at its tick's executable price (at its own spread); its margin and fee stay those held at its stop.
      const openPrice = row.limitPrice ?? openPriceAt(row, tick.price);
      return { ...row, ...openedColumns(termsOf(row), money(row.margin), openPrice, tick, money(row.openFee), now, warning_level), feeHoldId: null };
    });
    const col = (pick: (row: PositionRow) => string | number | null) => pgArray(opened.map(pick));
    const updated = await tx.execute(
      sql`UPDATE positions AS p SET status = 'open', open_price = v.open_price, open_tick_price = v.tick_price, open_tick_at_ms = v.tick_at_ms,
          open_fee = v.open_fee, maintenance = v.maintenance, liquidation_price = v.liquidation_price, warning_price = v.warning_price,
          opened_at = ${now.toISOString()}::timestamptz, fee_hold_id = NULL
          FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.openPrice)}::numeric[], ${col((r) => r.openTickPrice)}::numeric[],
                      ${col((r) => r.openTickAtMs)}::bigint[], ${col((r) => r.openFee)}::numeric[], ${col((r) => r.maintenance)}::numeric[],
                      ${col((r) => r.liquidationPrice)}::numeric[], ${col((r) => r.warningPrice)}::numeric[])
               AS v (id, open_price, tick_price, tick_at_ms, open_fee, maintenance, liquidation_price, warning_price)
          WHERE p.id = v.id AND p.status = 'pending' RETURNING p.id`,
    );
    invariant((updated as unknown as { rows: unknown[] }).rows.length === opened.length, "every locked pending order fills once");
    await notifyMany(this.deps.notifier, tx, opened.map((row, i) => ({ userId: row.userId, ...openedNotice(row, row.openPrice!, fills[i].tick) })));
    await resolveBatch(
      tx,
      fills.flatMap(({ row }) =>
        row.feeHoldId === null
          ? []
          : [{ holdId: row.feeHoldId, key: `position:${row.id}:fee.settle`, ...transfers.tradeFeeSettle({ currency: MARGIN_CURRENCY, fee: row.openFee }), at: now }],
      ),
    );
    return opened;
  }

  /**
   * Closes a locked open position at `exec` (the bid for a long, the ask for a short) on `tick`. The held margin
   * goes to the trading account, which pays the user margin + P&L (never below zero) and the close fee; a loss
   * beyond the margin is paid to the trading account by the insurance fund.
   */
  async closeInTx(tx: Tx, row: PositionRow, reason: CloseReason, tick: TickAt, exec: string): Promise<PositionRow> {
    const [closed] = await this.closeManyInTx(tx, [{ row, reason, tick, exec }]);
    return closed;
  }

  /**
   * Closes many locked open positions in the caller's transaction with one statement per table, whatever their
   * number (a user's close is a batch of one): the rows in one UPDATE, the notices in one insert, then each margin hold
   * resolved by one entry that pays out, takes the fee and the insurance gap (all holds in one ledger posting).
   * Nothing in a close can be refused (it only credits the user), so no member can fail the others.
   */
  async closeManyInTx(tx: Tx, closes: ReadonlyArray<{ row: PositionRow; reason: CloseReason; tick: TickAt; exec: string }>): Promise<PositionRow[]> {
    if (!closes.length) return [];
    const now = this.deps.clock.now();
    const planned = closes.map(({ row, reason, tick, exec }) => {
      invariant(row.status === "open" && row.openPrice !== null && row.marginHoldId !== null, "only an open position closes");
      const terms = termsOf(row);
      const margin = money(row.margin);
      const split = closeAt(terms, { openPrice: row.openPrice, exec, margin, openFee: money(row.openFee), swapTotal: money(row.swap), swapDue: money(row.swapDue) });
      // Where the held margin goes, in the hold's own resolution: the user's payout, the fee, the insurance fund's
      // share of a loss beyond the margin, and what is left to (or taken from) the trading account. They sum to the
      // margin, so one entry per close settles the hold and pays out (two rows fewer per close than a settlement
      // to `trading` followed by a payout from it).
      const settlement = transfers.positionClose({ userId: row.userId, currency: MARGIN_CURRENCY, margin, payout: split.payout, fee: split.fee, gap: split.gap });
      return { row, reason, tick, exec, split, settlement };
    });
    const col = (pick: (p: (typeof planned)[number]) => string | number) => pgArray(planned.map(pick));
    const updated = await tx.execute(
      sql`UPDATE positions AS p SET status = 'closed', close_reason = v.reason, close_price = v.exec, close_tick_price = v.tick_price,
          close_tick_at_ms = v.tick_at_ms, close_fee = v.fee, payout = v.payout, pnl = v.pnl, closed_at = ${now.toISOString()}::timestamptz
          FROM unnest(${col((p) => p.row.id)}::bigint[], ${col((p) => p.reason)}::text[], ${col((p) => p.exec)}::numeric[], ${col((p) => p.tick.price)}::numeric[],
                      ${col((p) => p.tick.atMs)}::bigint[], ${col((p) => toWire(p.split.fee))}::numeric[], ${col((p) => toWire(p.split.payout))}::numeric[],
                      ${col((p) => toWire(p.split.pnl))}::numeric[]) AS v (id, reason, exec, tick_price, tick_at_ms, fee, payout, pnl)
          WHERE p.id = v.id AND p.status = 'open' RETURNING p.id`,
    );
    invariant((updated as unknown as { rows: unknown[] }).rows.length === planned.length, "every locked open position closes once");
    const notices = planned.map(({ row, reason, tick, exec, split }) => ({
      userId: row.userId,
      title: CLOSE_TITLES[reason],
      body: (row.kind === "crypto" ? notifications.POSITION_CLOSED_COIN_BODY : notifications.POSITION_CLOSED_BODY).key,
      values: { ...noticeFigures(row, exec, tick), pnl: amountValue(toWire(split.pnl), MARGIN_CURRENCY) },
      // Closed by the engine (take-profit, stop-loss, liquidation): pushed; the user's own close is not.
      push: reason === "tp" || reason === "sl" || reason === "liquidation" ? { kind: "close" as const, url: screenOf(row), id: row.id } : undefined,
    }));
    await notifyMany(this.deps.notifier, tx, notices);
    // The money last: the ledger locks the users' accounts, which a concurrent batch may share, so the rest of the
    // batch is written before that lock and no other batch waits through it.
    await resolveBatch(
      tx,
      planned.map(({ row, settlement }) => ({ holdId: row.marginHoldId!, key: `position:${row.id}:close`, ...settlement, at: now })),
    );
    return planned.map(({ row, reason, tick, exec, split }) => ({
      ...row,
      status: "closed" as const,
      closeReason: reason,
      closePrice: exec,
      closeTickPrice: tick.price,
      closeTickAtMs: tick.atMs,
      closeFee: toWire(split.fee),
      payout: toWire(split.payout),
      pnl: toWire(split.pnl),
      closedAt: now,
    }));
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

  async loadOwners(ids: readonly string[]): Promise<Map<string, Trigger[]>> {
    const found = new Map<string, Trigger[]>();
    // Only the live ones: a closed position has no triggers, and a batch's closes are most of what is re-read.
    const rows = await this.db.select().from(positions).where(and(idIn(positions.id, ids.map(Number)), inArray(positions.status, ["pending", "open"])));
    for (const row of rows) found.set(String(row.id), levelsOf(row));
    return found;
  }

  /**
   * Settles what crossed, up to `batchSize` positions per transaction, two transactions at once: liquidations first, the deepest beyond its
   * level (the worst margin level) first, then stops and take-profits, fills, warnings. Each batch locks its rows
   * (in id order) and re-checks every one under its lock: a position the user closed meanwhile is left alone, so a
   * race closes it once. The closes of a batch are written together (closeManyInTx).
   */
  async fire(fired: readonly FiredAt[]): Promise<void> {
    const items = byUrgency(
      fired.map((item) => ({
        item,
        id: Number(item.owner.slice(SOURCE.length + 1)),
        reason: reasonOf(item.fired.map((f) => f.trigger.key.slice(item.owner.length + 1))),
      })),
    );
    // Two batches in flight: one's statements run in the database while the next is planned here.
    await inBatches(items, this.batchSize, 2, async (batch) => {
      const rows = await this.db.transaction(async (tx) => {
        const locked = new Map((await lockMany(tx, positions, batch.map((b) => b.id))).map((r) => [r.id, r]));
        // A fill posts before the batch's closes do, so its accounts would be locked in two steps, and another batch in
        // flight could hold one of them while waiting for the other: a batch with fills locks all its users' margin
        // accounts at once, in id order, first. (Closes alone lock them in their one posting.)
        if (batch.some((b) => b.reason === "fill")) {
          const users = new Set([...locked.values()].map((row) => row.userId));
          await ledger.lockBalances(tx, [...users].map((userId) => ({ userId, currency: MARGIN_CURRENCY })));
        }
        const done = new Map<number, PositionRow>();
        const closes: Array<{ row: PositionRow; reason: CloseReason; tick: TickAt; exec: string }> = [];
        const fills: Array<{ row: PositionRow; tick: TickAt }> = [];
        const warnings: Array<{ row: PositionRow; exec: string }> = [];
        const nowMs = this.deps.clock.now().getTime();
        const trailing: PositionRow[] = [];
        for (const { item, id, reason } of batch) {
          const row = locked.get(id);
          const tick = { price: item.tick.price, atMs: item.tick.atMs };
          if (!row || !reason) continue;
          if (reason === "fill") {
            if (row.status !== "pending") continue;
            // A stop order triggers on a fresh tick only (its age from the venue's own time), re-checked on decimals.
            if (row.stopPrice !== null && !stopTriggers(row.direction, row.stopPrice, openPriceAt(row, tick.price), nowMs - tick.atMs, this.deps.prices.maxTickAgeMs(row.symbol))) continue;
            fills.push({ row, tick });
            continue;
          }
          if (row.status !== "open") continue;
          // The position's own spread, not the pair's current one: an operator's change cannot move its close.
          const exec = closePriceAt(row, item.tick.price);
          if (reason === "warning") {
            if (!row.warned && row.warningPrice !== null) warnings.push({ row, exec });
            continue;
          }
          // A trailing stop-loss stands where the book had trailed it (if the row still trails at that rate).
          const trailed = reason === "sl" ? this.trailedRow(row, item) : row;
          if (trailed !== row) trailing.push(trailed);
          // The row may have changed since the book was armed (a stop moved): the decision is re-made on decimals.
          if (this.stillCrossed(trailed, reason, exec)) closes.push({ row: trailed, reason, tick, exec });
        }
        if (trailing.length) await this.writeTrails(tx, trailing);
        for (const [i, opened] of (await this.fillManyInTx(tx, fills)).entries()) {
          // A tick that gaps through the limit may also cross the new position's stops or liquidation level: they
          // trigger on that same tick, as the contract says, rather than leave it open below its maintenance margin.
          const { tick } = fills[i];
          const exec = closePriceAt(opened, tick.price);
          const crossedNow = (["sl", "tp", "liquidation"] as const).find((r) => this.stillCrossed(opened, r, exec));
          if (crossedNow) closes.push({ row: opened, reason: crossedNow, tick, exec });
          else done.set(opened.id, opened);
        }
        for (const warned of await this.warnManyInTx(tx, warnings)) done.set(warned.id, warned);
        for (const closed of await this.closeManyInTx(tx, closes)) done.set(closed.id, closed);
        return done;
      });
      // One re-arm message and one push per user for the whole batch (the runner reads its owners back at once). A
      // position this batch closed is not read back: its triggers left the book when it fired, and it has no others.
      const changed = [...rows.values()];
      const rearm = [...changed.filter((row) => row.status !== "closed").map((row) => ownerOf(SOURCE, row.id)), ...batch.filter(({ id }) => !rows.has(id)).map(({ item }) => item.owner)];
      this.afterMany(changed, rearm);
    });
  }

  /**
   * The margin level reached the warning level: each position's user is told once (one UPDATE, the notices in one
   * insert); the other triggers are re-armed after. Answers the warned rows.
   */
  private async warnManyInTx(tx: Tx, warnings: ReadonlyArray<{ row: PositionRow; exec: string }>): Promise<PositionRow[]> {
    if (!warnings.length) return [];
    const updated = await tx.execute(
      sql`UPDATE positions SET warned = true WHERE id = ANY (${pgArray(warnings.map(({ row }) => row.id))}::bigint[]) AND status = 'open' AND NOT warned RETURNING id`,
    );
    invariant((updated as unknown as { rows: unknown[] }).rows.length === warnings.length, "every locked open position is warned once");
    await notifyMany(
      this.deps.notifier,
      tx,
      warnings.map(({ row, exec }) => {
        const figures = unrealised(termsOf(row), { openPrice: row.openPrice!, mark: exec, margin: money(row.margin), openFee: money(row.openFee), swapTotal: money(row.swap), swapDue: money(row.swapDue), maintenance: money(row.maintenance) });
        return {
          userId: row.userId,
          title: notifications.MARGIN_WARNING_TITLE.key,
          body: notifications.MARGIN_WARNING_BODY.key,
          values: { symbol: row.symbol, level: figures.marginLevel ? percentValue(toWire(figures.marginLevel)) : "-", liquidation_price: row.liquidationPrice ? priceValue(toWire(row.liquidationPrice), row.pricePrecision) : "-" },
          push: { kind: "margin_warning" as const, url: screenOf(row), id: row.id },
        };
      }),
    );
    return warnings.map(({ row }) => ({ ...row, warned: true }));
  }

  /**
   * The row with its trailing stop-loss where the fired trigger had trailed it (the better of the row's best and the
   * trigger's), or the row itself when it does not trail, or no longer at the trigger's rate.
   */
  private trailedRow(row: PositionRow, item: FiredAt): PositionRow {
    if (row.slTrailRate === null || row.slTrailBest === null) return row;
    const way = lossWay(row.direction);
    const own = { rate: toWire(row.slTrailRate), best: toWire(row.slTrailBest), precision: row.pricePrecision, atMs: row.slTrailAtMs ?? 0 };
    const trail = furtherTrail(way, own, item.fired.find((f) => f.trigger.key === `${item.owner}:sl`)?.trigger.trail);
    return trail === own ? row : { ...row, slTrailBest: trail.best, slTrailAtMs: trail.atMs, slPrice: levelOf(trail, way) };
  }

  /**
   * Writes trailed stop-losses (best and level) of rows, only where they still trail at that rate and only ever in the
   * position's favour: a late write of an older best changes nothing. Answers the rows that moved.
   */
  private async writeTrails(tx: Executor, rows: ReadonlyArray<Pick<PositionRow, "id" | "slTrailRate" | "slTrailBest" | "slTrailAtMs" | "slPrice">>): Promise<number[]> {
    if (!rows.length) return [];
    const col = (pick: (row: (typeof rows)[number]) => string | number | null) => pgArray(rows.map(pick));
    const updated = await tx.execute(
      sql`UPDATE positions AS p SET sl_trail_best = v.best, sl_price = v.level, sl_trail_at_ms = GREATEST(p.sl_trail_at_ms, v.at_ms)
          FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.slTrailRate)}::numeric[], ${col((r) => r.slTrailBest)}::numeric[], ${col((r) => r.slPrice)}::numeric[],
                      ${col((r) => r.slTrailAtMs)}::bigint[])
               AS v (id, rate, best, level, at_ms)
          WHERE p.id = v.id AND p.status = 'open' AND p.sl_trail_rate = v.rate
            AND (CASE WHEN p.direction = 'long' THEN v.best > p.sl_trail_best ELSE v.best < p.sl_trail_best END)
          RETURNING p.id`,
    );
    return (updated as unknown as { rows: Array<{ id: string | number }> }).rows.map((r) => Number(r.id));
  }

  /**
   * The runner's moved trailing stop-losses: their best and level written (a batch of positions per statement), and the
   * moved positions pushed to their users' sockets, so the positions screen shows the level where it stands.
   */
  async trailed(moved: readonly Trigger[]): Promise<void> {
    const rows = moved.flatMap(({ owner, trail, level }) =>
      trail ? [{ id: Number(owner.slice(SOURCE.length + 1)), slTrailRate: trail.rate, slTrailBest: trail.best, slTrailAtMs: trail.atMs, slPrice: level }] : [],
    );
    await inBatches(rows, this.batchSize * 5, 1, async (batch) => {
      const ids = await this.writeTrails(this.db, batch);
      if (!ids.length) return;
      const changed = await this.db.select().from(positions).where(idIn(positions.id, ids));
      // Pushed, not re-armed: the book already holds these levels.
      const list = changed.map((row) => ({ userId: row.userId, position: this.queries.toPosition(row) }));
      if (this.deps.publishMany) this.deps.publishMany(list);
      else for (const { userId, position } of list) this.deps.publish(userId, position);
    });
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

  /**
   * After a batch committed: the owners in `rearm` (by default every changed position's) re-read by one message, the
   * changed positions pushed to their users' sockets in one bus message.
   */
  afterMany(rows: readonly PositionRow[], rearm: readonly string[] = rows.map((row) => ownerOf(SOURCE, row.id))): Position[] {
    this.deps.triggers.changedMany(rearm);
    const list = rows.map((row) => ({ userId: row.userId, position: this.queries.toPosition(row) }));
    if (this.deps.publishMany) this.deps.publishMany(list);
    else for (const { userId, position } of list) this.deps.publish(userId, position);
    return list.map((p) => p.position);
  }

  // ----- margin warnings and swaps ----------------------------------------------------------------------------

  /**
   * The nightly swap of forex and metal positions held through 21:00 UTC of `dayMs`'s date (triple on Wednesday):
   * one ledger entry per position and night (idempotent by key), paid from the wallet, or owed by the position
   * (settled at its close) when the wallet cannot pay. Re-arms the liquidation level, which owed swaps move. Up to
   * `batchSize` positions per transaction, by user: the rows locked at once, the wallets locked and drawn on in id
   * order, the entries in one posting and the rows in one UPDATE.
   */
  async chargeSwaps(dayMs: number): Promise<number> {
    const day = new Date(dayMs).toISOString().slice(0, 10);
    const cutoff = new Date(`${day}T21:00:00.000Z`);
    const candidates = await this.db
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.status, "open"), inArray(positions.kind, ["forex", "metal"]), sql`${positions.openedAt} <= ${cutoff.toISOString()}`, sql`(${positions.swappedThrough} IS NULL OR ${positions.swappedThrough} < ${day})`))
      .orderBy(positions.userId, positions.id);
    let charged = 0;
    await inBatches(candidates, this.batchSize, 1, async (batch) => {
      const rows = await this.db.transaction(async (tx) => {
        const locked = (await lockMany(tx, positions, batch.map((c) => c.id))).filter((row) => row.status === "open" && (row.swappedThrough === null || row.swappedThrough < day));
        if (!locked.length) return [];
        const wallets = await ledger.lockBalances(tx, [...new Set(locked.map((row) => row.userId))].map((userId) => ({ userId, currency: MARGIN_CURRENCY })));
        const { warning_level } = await this.rules(tx);
        const entries: BatchEntry[] = [];
        const changed = locked.map((row): PositionRow => {
          const terms = termsOf(row);
          const charge = swapCharge(terms, row.openPrice!, row.swapRate, cutoff.getTime());
          let due = money(row.swapDue);
          if (charge.gt(0)) {
            const paid = Decimal_min(charge, wallets.get(`${row.userId}:${MARGIN_CURRENCY}`)!.available);
            if (paid.gt(0)) {
              const swap = transfers.positionSwap({ userId: row.userId, currency: MARGIN_CURRENCY, amount: paid, positionId: row.id });
              invariant(ledger.applyIfFunded(wallets, swap.legs), "a swap takes no more than the wallet holds");
              entries.push({ key: `position:${row.id}:swap:${day}`, ...swap, memo: day, at: cutoff });
            }
            due = due.plus(charge.minus(paid));
          }
          const margin = money(row.margin);
          const maintenance = money(row.maintenance);
          return {
            ...row,
            swap: toWire(money(row.swap).plus(charge)),
            swapDue: toWire(due),
            swappedThrough: day,
            liquidationPrice: liquidationPrice(terms, row.openPrice!, margin, maintenance, due),
            warningPrice: warningPrice(terms, row.openPrice!, margin, maintenance, warning_level, due),
          };
        });
        await postBatch(tx, entries);
        const col = (pick: (row: PositionRow) => string | number | null) => pgArray(changed.map(pick));
        await tx.execute(
          sql`UPDATE positions AS p SET swap = v.swap, swap_due = v.swap_due, swapped_through = ${day}::date, liquidation_price = v.liquidation_price,
              warning_price = v.warning_price
              FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.swap)}::numeric[], ${col((r) => r.swapDue)}::numeric[],
                          ${col((r) => r.liquidationPrice)}::numeric[], ${col((r) => r.warningPrice)}::numeric[]) AS v (id, swap, swap_due, liquidation_price, warning_price)
              WHERE p.id = v.id`,
        );
        return changed;
      });
      charged += rows.length;
      if (rows.length) this.afterMany(rows);
    });
    return charged;
  }

}
