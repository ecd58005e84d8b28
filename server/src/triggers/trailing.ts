import { Decimal } from "decimal.js";

/**
 * A trigger's direction. `up`: fires when the watched value is at or above the level; `down`: at or below. Time
 * triggers go `up`. (Here, below the book, as the trails move by it.)
 */
export type Cross = "up" | "down";

/**
 * The maths of a trailing level, pure and shared by every trailing trigger (a position's trailing stop-loss, a spot
 * trailing stop): the book moves levels with it on each tick, and the sources re-check a firing and persist a move
 * with the same rules.
 *
 * A `down` trail (a long's stop-loss, a spot sell) follows the highest value watched and stands at best x (1 - rate),
 * rounded down to the pair's precision; an `up` trail (a short's stop-loss, a spot buy) follows the lowest, at
 * best x (1 + rate) rounded up: never tighter than the rate. Exact as a trigger: a price (a multiple of the precision)
 * is at or below the exact level exactly when it is at or below the level rounded down (and the mirror for `up`).
 */

/** The trailing rates accepted (fractions, both ends included: CONTRACT "0.001 to 0.2"). */
export const TRAIL_RATE_MIN = "0.001";
export const TRAIL_RATE_MAX = "0.2";

/** Whether a trailing rate is outside 0.001 to 0.2 (or has more decimals than a rate needs). */
export function trailRateRefusal(rate: string): "TRAILING_RATE_RANGE" | null {
  let value: Decimal;
  try {
    value = new Decimal(rate);
  } catch {
    return "TRAILING_RATE_RANGE";
  }
  return value.lt(TRAIL_RATE_MIN) || value.gt(TRAIL_RATE_MAX) || value.decimalPlaces() > 8 ? "TRAILING_RATE_RANGE" : null;
}

/** The level of a trail whose best is `best`. */
export function trailLevel(cross: Cross, best: string, rate: string, precision: number): string {
  const level = cross === "down" ? new Decimal(best).times(new Decimal(1).minus(rate)) : new Decimal(best).times(new Decimal(1).plus(rate));
  return level.toDecimalPlaces(precision, cross === "down" ? Decimal.ROUND_DOWN : Decimal.ROUND_UP).toFixed(precision);
}

/**
 * Levels at a best, memoised: on a rising tick every trailing long of a pair moves to the same bid, and most share a
 * handful of rates, so a tick computes each (rate, best) once, not once per trigger.
 */
const memo = new Map<string, string>();
function memoLevel(cross: Cross, best: string, rate: string, precision: number): string {
  const key = `${cross}:${rate}:${precision}:${best}`;
  let level = memo.get(key);
  if (level === undefined) {
    if (memo.size >= 10_000) memo.clear();
    memo.set(key, (level = trailLevel(cross, best, rate, precision)));
  }
  return level;
}

/** A trailing level's state: what a source persists and re-arms from. */
export interface Trail {
  rate: string;
  /** The best watched value since the trail was armed (a decimal string at the pair's precision). */
  best: string;
  /** The pair's price precision (decimals). */
  precision: number;
  /** The time of the tick that last moved it (or that armed it): an older tick, delivered late, is stale for it. */
  atMs: number;
}

/** The level a trail stands at now. */
export const levelOf = (trail: Trail, cross: Cross): string => memoLevel(cross, trail.best, trail.rate, trail.precision);

/** The better of two bests for a trail: a `down` trail's higher, an `up` trail's lower. */
export const betterBest = (cross: Cross, a: string, b: string): string => ((cross === "down" ? Number(b) > Number(a) : Number(b) < Number(a)) ? b : a);

/** A trailing trigger's part in one tick: which way it is crossed, the level it stands at, and its trail. */
export interface Trailing {
  cross: Cross;
  level: string;
  trail: Trail;
}

/**
 * The trail a settlement decides on: the book's (as the fired trigger carries it) when it trails at the same rate and
 * further than the row's own (a write of the book's last move may not have landed), else the row's.
 */
export function furtherTrail(cross: Cross, own: Trail, book: Trail | undefined): Trail {
  if (!book || !new Decimal(book.rate).eq(own.rate)) return own;
  return betterBest(cross, own.best, book.best) === own.best ? own : book;
}

export interface TrailTick {
  /** The trail after the tick (the same object when the tick did not move it). */
  trail: Trail;
  /** Its level after the tick. */
  level: string;
  moved: boolean;
  /** Whether the tick's value is at or beyond the level (a stale tick, or one that cannot be told, crosses nothing). */
  crossed: boolean;
}

/**
 * One tick through a trailing level: the value watched (`observed`, a decimal string, and `value`, it as a number:
 * NaN when it cannot be told) at tick time `atMs`. A value that betters the best moves the best there and the level
 * with it (only ever in the trail's favour); then whether the value crosses the level is told. A tick older than the
 * trail moves and crosses nothing. A tick that moves a level never crosses it (the level stands the rate away from
 * the new best). `levelAt`: the level as a number, when the caller holds it (the book walks every trail on each tick).
 */
export function trailTick({ cross, level, trail }: Trailing, value: number, observed: string, atMs: number, levelAt = Number(level)): TrailTick {
  if (atMs < trail.atMs || Number.isNaN(value)) return { trail, level, moved: false, crossed: false };
  const moved = cross === "down" ? value > Number(trail.best) : value < Number(trail.best);
  if (!moved) return { trail, level, moved, crossed: cross === "up" ? value >= levelAt : value <= levelAt };
  const next = { ...trail, best: observed, atMs };
  const now = levelOf(next, cross);
  const at = Number(now);
  return { trail: next, level: now, moved, crossed: cross === "up" ? value >= at : value <= at };
}
