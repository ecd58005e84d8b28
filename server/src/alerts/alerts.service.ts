import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { notifications, PUSH_SCREENS } from "../../contract";
import { ALERT_RATE_MAX, ALERT_RATE_MIN, ALERT_WINDOWS, ALERTS_ACTIVE_MAX, type Alert, type AlertKind } from "../../contract/alerts";
import { money, toWire } from "../ledger";
import type { MarketPairs, MarketPrices, MarketView } from "../market";
import { toSeconds, utcDateTime, type Clock } from "../platform/clock";
import { idIn, type Db } from "../platform/db";
import { inBatches } from "../platform/batches";
import { lockMany } from "../platform/bulk";
import { DomainError } from "../platform/errors";
import { notifyMany, type UserNotification } from "../platform/notify";
import type { UserNotifier } from "../platform/notify";
import { numberValue, priceValue } from "../platform/i18n";
import { ownerOf, type FiredAt, type Trigger, type TriggerRunner, type TriggerSource } from "../triggers";
import { afterFire, afterRearm, decide, moveMeasure, moveOf, PriceHistory, SOURCE, triggerOf, type AlertState, type AlertTick } from "./alerts.engine";
import { priceAlerts, type PriceAlertRow } from "./alerts.schema";

/** The first half of the advisory lock key of a user's alerts (the user id is the second). */
const ALERTS_LOCK = 41_0040;

/** Alerts settled per transaction when one tick crosses many. */
const FIRE_BATCH = 500;

export interface AlertsDeps {
  db: Db;
  clock: Clock;
  pairs: MarketPairs;
  prices: MarketPrices;
  view: MarketView;
  notifier: UserNotifier;
  triggers: TriggerRunner;
  /** Sends alerts to their users' sockets (channel `alerts`). */
  publish: (list: ReadonlyArray<{ userId: number; alert: Alert }>) => void;
}

const stateOf = (row: PriceAlertRow): AlertState => ({
  id: row.id,
  userId: row.userId,
  symbol: row.symbol,
  kind: row.kind,
  price: row.price === null ? null : toWire(row.price),
  rate: row.rate === null ? null : toWire(row.rate),
  windowS: row.windowS,
  repeat: row.repeat,
  status: row.status,
  paused: row.paused,
  armed: row.armed,
  armedSinceMs: row.armedSinceMs,
});

export const toAlert = (row: PriceAlertRow): Alert => ({
  id: row.id,
  symbol: row.symbol,
  kind: row.kind,
  price: row.price === null ? null : toWire(row.price),
  rate: row.rate === null ? null : toWire(row.rate),
  window_s: row.windowS,
  repeat: row.repeat,
  status: row.status,
  created_at: toSeconds(row.createdAt),
  fired_at: row.firedAt ? toSeconds(row.firedAt) : null,
  fired_tick: row.firedPrice !== null && row.firedAtMs !== null ? { price: toWire(row.firedPrice), at_ms: row.firedAtMs } : null,
  paused: row.paused,
});

const blank = (value: string | number | undefined) => (value === undefined || value === "" ? null : value);

/**
 * Price alerts: the calls (add, list, delete, pause) and the trigger source `alerts` of the one trigger book. An
 * alert arms one trigger (alerts.engine.ts); what the book fires is decided again here, on decimals, under the
 * alert's row lock, and its firing (the state, the notice and its push) is written in that one transaction, guarded
 * by the tick time of the alert's last change: a delete racing a firing, a replay or a new leader settles it once.
 */
export class AlertsService implements TriggerSource {
  readonly name = SOURCE;
  /** Recent prices per pair for `move` alerts, fed by every recorded tick (loaded from storage when leading starts). */
  private readonly history = new Map<string, PriceHistory>();

  constructor(private readonly deps: AlertsDeps) {
    for (const windowS of ALERT_WINDOWS) {
      deps.triggers.registerMeasure(moveMeasure(windowS), (tick) => {
        const reference = this.referenceOf(tick.symbol, tick.atMs, windowS);
        return reference === null ? null : moveOf(tick.price, reference).toFixed();
      });
    }
  }

  /** Every process records the ticks it sees, so that a process that starts leading has the last hour already. */
  record(ticks: ReadonlyArray<AlertTick & { symbol: string }>): void {
    for (const tick of ticks) this.historyOf(tick.symbol).record(tick);
  }

  private historyOf(symbol: string): PriceHistory {
    let history = this.history.get(symbol);
    if (!history) this.history.set(symbol, (history = new PriceHistory()));
    return history;
  }

  private referenceOf(symbol: string, atMs: number, windowS: number): string | null {
    return this.history.get(symbol)?.at(atMs - windowS * 1000) ?? null;
  }

  // ----- the calls ----------------------------------------------------------------------------------------------

  async add(userId: number, input: { symbol: string; kind: AlertKind; price?: string; rate?: string; window_s?: number | ""; repeat: "once" | "always" }): Promise<Alert> {
    const pair = this.deps.pairs.requirePair(input.symbol);
    const fields = this.fieldsOf(input, pair.price_precision);
    const row = await this.deps.db.transaction(async (tx) => {
      // A lock per user for the transaction makes the count and the insert one step: two adds at once cannot pass 50 together.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ALERTS_LOCK}, ${userId}::int)`);
      const [{ active }] = await tx.select({ active: count() }).from(priceAlerts).where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, "active")));
      if (active >= ALERTS_ACTIVE_MAX) throw new DomainError("ALERTS_TOO_MANY");
      const [inserted] = await tx
        .insert(priceAlerts)
        .values({
          userId,
          symbol: pair.symbol,
          ...fields,
          repeat: input.repeat,
          status: "active",
          // Only ticks after the one the user saw may fire it (a tick older than the alert never does).
          armedSinceMs: this.deps.prices.lastTick(pair.symbol)?.atMs ?? 0,
          createdAt: this.deps.clock.now(),
        })
        .returning();
      return inserted;
    });
    return this.after(row);
  }

  /** The alert's own fields, checked: a level for above/below (at the pair's precision), a rate and window for a move. */
  private fieldsOf(input: { kind: AlertKind; price?: string; rate?: string; window_s?: number | "" }, precision: number) {
    if (input.kind !== "move") {
      const price = blank(input.price);
      if (price === null || money(price).lte(0)) throw new DomainError("ALERT_PRICE_REQUIRED", "price");
      if (money(price).decimalPlaces() > precision) throw new DomainError("PARAMETER_ERROR", "price");
      return { kind: input.kind, price: money(price).toFixed(), rate: null, windowS: null };
    }
    const rate = blank(input.rate);
    if (rate === null || money(rate).lt(ALERT_RATE_MIN) || money(rate).gt(ALERT_RATE_MAX)) throw new DomainError("ALERT_RATE", "rate");
    const windowS = blank(input.window_s);
    if (windowS === null || !(ALERT_WINDOWS as readonly number[]).includes(Number(windowS))) throw new DomainError("ALERT_WINDOW", "window_s");
    return { kind: input.kind, price: null, rate: money(rate).toFixed(), windowS: Number(windowS) };
  }

  async list(userId: number, query: { status?: "active" | "fired"; symbol?: string; page: number; limit: number }): Promise<{ list: Alert[]; total: number }> {
    const conditions: SQL[] = [eq(priceAlerts.userId, userId)];
    if (query.status) conditions.push(eq(priceAlerts.status, query.status));
    if (query.symbol) conditions.push(eq(priceAlerts.symbol, query.symbol));
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.deps.db.select().from(priceAlerts).where(where).orderBy(desc(priceAlerts.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.deps.db.select({ total: count() }).from(priceAlerts).where(where),
    ]);
    return { list: rows.map(toAlert), total };
  }

  /** Deletes the user's alert; it takes the row lock a firing takes, so the two settle one after the other. */
  async remove(userId: number, id: number): Promise<Record<string, never>> {
    const deleted = await this.deps.db.delete(priceAlerts).where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId))).returning({ id: priceAlerts.id });
    if (!deleted.length) throw new DomainError("DATA_NOT_FOUND");
    this.deps.triggers.changed(ownerOf(SOURCE, id));
    return {};
  }

  async pause(userId: number, id: number, paused: boolean): Promise<Alert> {
    const [row] = await this.deps.db
      .update(priceAlerts)
      .set({ paused })
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
      .returning();
    if (!row) throw new DomainError("DATA_NOT_FOUND");
    return this.after(row);
  }

  /** After a change committed: the leader re-reads its trigger (the socket hears of firings only). */
  private after(row: PriceAlertRow): Alert {
    this.deps.triggers.changed(ownerOf(SOURCE, row.id));
    return toAlert(row);
  }

  // ----- the trigger source -------------------------------------------------------------------------------------

  async loadAll(): Promise<Trigger[]> {
    const rows = await this.deps.db.select().from(priceAlerts).where(and(eq(priceAlerts.status, "active"), eq(priceAlerts.paused, false)));
    await this.loadHistory([...new Set(rows.filter((r) => r.kind === "move").map((r) => r.symbol))]);
    return rows.flatMap((row) => triggerOf(stateOf(row)) ?? []);
  }

  /**
   * A process that starts leading fills the pairs' histories from storage (ticks of the last hour, one-minute
   * candles of the day before), so that a `move` alert does not go blind for its window after a restart.
   */
  private async loadHistory(symbols: readonly string[]): Promise<void> {
    const nowMs = this.deps.clock.now().getTime();
    for (const symbol of symbols) {
      const history = new PriceHistory();
      const candles = await this.deps.view.klines({ symbol, interval: "1m", limit: 1_442, to: Math.floor((nowMs - PriceHistory.FINE_MS) / 1000) });
      for (const candle of candles) history.record({ price: candle.c, atMs: candle.t * 1000 + 59_999 });
      for (const tick of await this.deps.prices.ticksBetween(symbol, nowMs - PriceHistory.FINE_MS, nowMs, 100_000)) history.record({ price: tick.price, atMs: tick.atMs });
      // Storage holds every recorded tick; the few that arrive while it is read are missed by at most a second.
      this.history.set(symbol, history);
    }
  }

  async loadOwner(id: string): Promise<Trigger[]> {
    return (await this.loadOwners([id])).get(id) ?? [];
  }

  async loadOwners(ids: readonly string[]): Promise<Map<string, Trigger[]>> {
    const rows = await this.deps.db.select().from(priceAlerts).where(idIn(priceAlerts.id, ids.map(Number)));
    const found = new Map<string, Trigger[]>();
    for (const row of rows) {
      const trigger = triggerOf(stateOf(row));
      if (trigger) found.set(String(row.id), [trigger]);
    }
    return found;
  }

  /** Settles what the book fired, in batches (two at once), each alert on the first tick that fired it. */
  async fire(fired: readonly FiredAt[]): Promise<void> {
    const seen = new Set<number>();
    const items: Array<{ id: number; tick: AlertTick & { symbol: string } }> = [];
    for (const item of fired) {
      const id = Number(item.owner.slice(SOURCE.length + 1));
      if (seen.has(id)) continue;
      seen.add(id);
      items.push({ id, tick: { symbol: item.tick.symbol, price: item.tick.price, atMs: item.tick.atMs } });
    }
    await inBatches(items, FIRE_BATCH, 2, (batch) => this.settle(batch));
  }

  private async settle(batch: ReadonlyArray<{ id: number; tick: AlertTick & { symbol: string } }>): Promise<void> {
    const changed = await this.deps.db.transaction(async (tx) => {
      const locked = new Map((await lockMany(tx, priceAlerts, batch.map((b) => b.id))).map((row) => [row.id, row]));
      const nowMs = this.deps.clock.now().getTime();
      const out: Array<{ row: PriceAlertRow; fired: boolean }> = [];
      const notices: Array<{ userId: number } & UserNotification> = [];
      for (const { id, tick } of batch) {
        const row = locked.get(id);
        if (!row) continue;
        const state = stateOf(row);
        const reference = state.kind === "move" ? this.referenceOf(row.symbol, tick.atMs, state.windowS!) : null;
        const decision = decide(state, tick, { nowMs, maxAgeMs: this.deps.prices.maxTickAgeMs(row.symbol), reference });
        if (decision.action === "none") continue;
        const next = decision.action === "fire" ? afterFire(state, tick) : afterRearm(state, tick);
        const firing = decision.action === "fire" ? { firedAt: new Date(nowMs), firedPrice: tick.price, firedAtMs: tick.atMs } : {};
        // Guarded by the state it was decided on: a write that lost a race changes nothing.
        const [updated] = await tx
          .update(priceAlerts)
          .set({ status: next.status, armed: next.armed, armedSinceMs: next.armedSinceMs, ...firing })
          .where(and(eq(priceAlerts.id, id), eq(priceAlerts.armedSinceMs, row.armedSinceMs), eq(priceAlerts.status, "active")))
          .returning();
        if (!updated) continue;
        out.push({ row: updated, fired: decision.action === "fire" });
        if (decision.action === "fire") notices.push(this.noticeOf(updated, tick, decision.move, reference));
      }
      await notifyMany(this.deps.notifier, tx, notices);
      return out;
    });
    // Every owner of the batch is read again: fired ones re-arm (always) or drop, unchanged ones (a stale tick) return.
    this.deps.triggers.changedMany(batch.map((b) => ownerOf(SOURCE, b.id)));
    const pushed = changed.filter((c) => c.fired).map(({ row }) => ({ userId: row.userId, alert: toAlert(row) }));
    if (pushed.length) this.deps.publish(pushed);
  }

  private noticeOf(row: PriceAlertRow, tick: AlertTick, move: string | null, reference: string | null): { userId: number } & UserNotification {
    const precision = this.deps.pairs.pair(row.symbol)?.price_precision ?? 8;
    const body = row.kind === "above" ? notifications.ALERT_ABOVE_BODY : row.kind === "below" ? notifications.ALERT_BELOW_BODY : moveBodies[row.windowS as (typeof ALERT_WINDOWS)[number]];
    return {
      userId: row.userId,
      title: notifications.ALERT_TITLE.key,
      body: body.key,
      values: {
        symbol: row.symbol,
        price: row.price === null ? "" : priceValue(toWire(row.price), precision),
        tick_price: priceValue(tick.price, precision),
        tick_time: utcDateTime(tick.atMs),
        move: move === null ? "" : numberValue(money(move).times(100).toDecimalPlaces(2).toFixed()),
        reference: reference === null ? "" : priceValue(reference, precision),
      },
      push: { kind: "alert", url: PUSH_SCREENS.alerts, id: row.id },
    };
  }
}

const moveBodies = {
  60: notifications.ALERT_MOVE_60_BODY,
  300: notifications.ALERT_MOVE_300_BODY,
  3600: notifications.ALERT_MOVE_3600_BODY,
  86400: notifications.ALERT_MOVE_86400_BODY,
} as const;
