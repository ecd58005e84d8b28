import { Decimal } from "decimal.js";
import type { AlertKind } from "../../contract/alerts";
import { money } from "../ledger";
import { ownerOf, type Trigger } from "../triggers";

/**
 * The maths of price alerts, pure: which trigger an alert arms in the one trigger book, what a tick does to it (fire,
 * re-arm, nothing), and a pair's price history for `move` alerts. No database, clock or randomness.
 *
 * - `above` fires when the tick's last price >= its price, `below` when <= (a gap through the level fires too: the
 *   book's lists fire on "at or beyond").
 * - `move` fires when |last / the last price at or before (tick time - window) - 1| >= rate.
 * - A tick older than the pair's maximum tick age when it is settled is stale: it changes nothing.
 * - A `once` alert fires once. An `always` alert is disarmed by its firing and armed again by the first later tick
 *   strictly back across its level (`move`: the first tick at or after the firing + window).
 * - Every change of state records its tick's time; only a later tick changes the alert again, so a tick replayed
 *   (a reload, a failover) never fires an alert twice.
 */

export const SOURCE = "alerts";

export interface AlertState {
  id: number;
  userId: number;
  symbol: string;
  kind: AlertKind;
  price: string | null;
  rate: string | null;
  windowS: number | null;
  repeat: "once" | "always";
  status: "active" | "fired";
  paused: boolean;
  armed: boolean;
  armedSinceMs: number;
}

export interface AlertTick {
  price: string;
  atMs: number;
}

/** The measure a `move` alert of this window watches (trigger-runner `registerMeasure`). */
export const moveMeasure = (windowS: number) => `move:${windowS}`;

/** |price / reference - 1| exactly (a decimal string), the move a tick makes from the reference. */
export const moveOf = (price: string, reference: string): Decimal => money(price).div(reference).minus(1).abs();

/** The one trigger an alert arms (none once it is fired, or while paused). */
export function triggerOf(alert: AlertState): Trigger | null {
  if (alert.status !== "active" || alert.paused) return null;
  const key = ownerOf(SOURCE, alert.id);
  const base = { key, owner: key, symbol: alert.symbol, user: alert.userId };
  if (alert.kind === "move") {
    const windowMs = alert.windowS! * 1000;
    return alert.armed
      ? { ...base, watch: `measure:${moveMeasure(alert.windowS!)}`, cross: "up", level: money(alert.rate!).toFixed() }
      : { ...base, watch: "time", cross: "up", level: String(alert.armedSinceMs + windowMs) };
  }
  const level = money(alert.price!).toFixed();
  const fireUp = alert.kind === "above";
  // Disarmed, it watches the way back across.
  const up = alert.armed ? fireUp : !fireUp;
  return { ...base, watch: "price", cross: up ? "up" : "down", level };
}

export type Decision = { action: "fire"; move: string | null } | { action: "rearm" } | { action: "none" };

export interface DecideContext {
  /** When the firing is settled (ms) and the oldest a tick may be then. */
  nowMs: number;
  maxAgeMs: number;
  /** For `move`: the last price at or before the tick's time minus the window, or null when unknown. */
  reference: string | null;
}

/** What one tick does to an alert, decided on decimals (the book's doubles only chose the candidates). */
export function decide(alert: AlertState, tick: AlertTick, context: DecideContext): Decision {
  if (alert.status !== "active" || alert.paused) return { action: "none" };
  if (tick.atMs <= alert.armedSinceMs) return { action: "none" };
  if (context.nowMs - tick.atMs > context.maxAgeMs) return { action: "none" };
  const last = money(tick.price);
  if (alert.kind === "move") {
    if (!alert.armed) return tick.atMs >= alert.armedSinceMs + alert.windowS! * 1000 ? { action: "rearm" } : { action: "none" };
    if (context.reference === null || money(context.reference).isZero()) return { action: "none" };
    const move = moveOf(tick.price, context.reference);
    return move.gte(alert.rate!) ? { action: "fire", move: move.toFixed() } : { action: "none" };
  }
  const level = money(alert.price!);
  const reached = alert.kind === "above" ? last.gte(level) : last.lte(level);
  if (alert.armed) return reached ? { action: "fire", move: null } : { action: "none" };
  // Back across means strictly: a tick exactly at the level neither fires nor re-arms a disarmed alert.
  const back = alert.kind === "above" ? last.lt(level) : last.gt(level);
  return back ? { action: "rearm" } : { action: "none" };
}

/** The state after a firing on a tick: a `once` alert is done, an `always` one waits to be re-armed. */
export function afterFire(alert: AlertState, tick: AlertTick): AlertState {
  return { ...alert, status: alert.repeat === "once" ? "fired" : "active", armed: false, armedSinceMs: tick.atMs };
}

export function afterRearm(alert: AlertState, tick: AlertTick): AlertState {
  return { ...alert, armed: true, armedSinceMs: tick.atMs };
}

/**
 * A pair's recent prices, for `move` alerts: the first tick of each second over the last hour and the first of each
 * minute over the last day (a day's reference is then at most a minute early). `at(t)` is the last price kept at or
 * before t, or null when the history does not reach back to t.
 */
export class PriceHistory {
  private readonly fine: AlertTick[] = [];
  private readonly coarse: AlertTick[] = [];
  static readonly FINE_MS = 3_600_000 + 60_000;
  static readonly COARSE_MS = 86_400_000 + 120_000;

  record(tick: AlertTick): void {
    keep(this.fine, tick, 1_000, PriceHistory.FINE_MS);
    keep(this.coarse, tick, 60_000, PriceHistory.COARSE_MS);
  }

  at(atMs: number): string | null {
    const list = this.fine.length && this.fine[0].atMs <= atMs ? this.fine : this.coarse;
    if (!list.length || list[0].atMs > atMs) return null;
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (list[mid].atMs <= atMs) lo = mid;
      else hi = mid - 1;
    }
    return list[lo].price;
  }
}

/** Appends a tick when `stepMs` has passed since the last one kept, and drops what is older than `spanMs`. */
function keep(list: AlertTick[], tick: AlertTick, stepMs: number, spanMs: number): void {
  const last = list[list.length - 1];
  if (last && tick.atMs - last.atMs < stepMs) return;
  list.push({ price: tick.price, atMs: tick.atMs });
  let drop = 0;
  while (drop < list.length - 1 && list[drop + 1].atMs <= tick.atMs - spanMs) drop++;
  if (drop) list.splice(0, drop);
}
