import { Decimal } from "decimal.js";
import type { CloseReason, PositionDirection } from "../../contract/positions";
import type { MarketKind } from "../../contract/market";
import type { ErrorCode } from "../../contract";
import { money } from "../ledger";
import { quoteAround } from "../market";
import { firedUser, levelOf, type FiredAt, type Trail, type Trigger } from "../triggers";

/**
 * The maths of leveraged positions, pure: margin, fees, P&L, the liquidation price, the TP/SL rules,
 * which trigger levels a position arms, and how a close splits between the user, the fees, the platform's trading
 * account and the insurance fund. No database, clock or randomness: the service feeds it ticks and rows.
 *
 * Money in USDT. A pair quoted in another currency (USD/JPY) converts its P&L with `quoteRate` (USDT per unit of
 * the quote currency), fixed when the position opens.
 */

export interface PositionTerms {
  kind: MarketKind;
  direction: PositionDirection;
  /** Lots. */
  quantity: string;
  contractSize: string;
  leverage: number;
  pricePrecision: number;
  quoteRate: string;
  feeRate: string;
  maintenanceRate: string;
}

const sign = (direction: PositionDirection) => (direction === "long" ? 1 : -1);

/** `value` x `factor`; a factor of "1" (most contract sizes, every USDT pair's rate) costs nothing. */
const scaled = (value: Decimal, factor: string): Decimal => (factor === "1" ? value : value.times(factor));

/** Base units traded: lots x contract size. */
export const units = (t: Pick<PositionTerms, "quantity" | "contractSize">): Decimal => scaled(money(t.quantity), t.contractSize);

/** USDT per point of price: base units x the quote currency's rate. */
const pointValue = (t: PositionTerms): Decimal => scaled(units(t), t.quoteRate);

const ZERO = money(0);
/** The value, or zero when it is below (a close pays out nothing below zero). */
const atLeastZero = (value: Decimal): Decimal => (value.isNeg() ? ZERO : value);

/** Notional in USDT at a price. */
export const notional = (t: PositionTerms, price: string): Decimal => pointValue(t).times(price);

export const marginFor = (t: PositionTerms, price: string): Decimal => roundMoney(notional(t, price).div(t.leverage));

export const feeFor = (t: PositionTerms, price: string): Decimal => roundMoney(notional(t, price).times(t.feeRate));

/** The margin a position must keep: a share of the notional (crypto), or half the initial margin (forex, metals). */
export function maintenanceFor(t: PositionTerms, openPrice: string, margin: Decimal): Decimal {
  if (t.kind === "crypto") return roundMoney(notional(t, openPrice).times(t.maintenanceRate));
  return roundMoney(margin.div(2));
}

/** Gross P&L in USDT of closing at `closePrice` (before fees and swaps). */
export const grossPnl = (t: PositionTerms, openPrice: string, closePrice: string): Decimal =>
  pointValue(t).times(money(closePrice).minus(openPrice)).times(sign(t.direction));

/** Amounts kept to 8 decimals (a USDT cent is 2; NUMERIC keeps 18): rounded down, the user never gets a rounding up. */
export const roundMoney = (value: Decimal): Decimal => value.toDecimalPlaces(8, Decimal.ROUND_DOWN);

/**
 * The executable price at which margin - swaps due + P&L falls to the maintenance margin. Rounded towards the
 * open price to the pair's precision, so a position is never liquidated past its true level. Null when no price
 * can reach it (a long at 1x falls to zero first).
 */
export function liquidationPrice(t: PositionTerms, openPrice: string, margin: Decimal, maintenance: Decimal, swapDue: Decimal = money(0)): string | null {
  return levelWhereEquityIs(t, openPrice, margin.minus(swapDue), maintenance);
}

/**
 * Where the margin level (equity / maintenance) falls to `levelPercent` (e.g. 150): the user is warned there,
 * once. Null when the position already stands at or below that level when it opens.
 */
export function warningPrice(t: PositionTerms, openPrice: string, margin: Decimal, maintenance: Decimal, levelPercent: string, swapDue: Decimal = money(0)): string | null {
  const equity = maintenance.times(levelPercent).div(100);
  if (margin.minus(swapDue).lte(equity)) return null;
  return levelWhereEquityIs(t, openPrice, margin.minus(swapDue), equity);
}

/** The executable price at which `capital` + gross P&L falls to `floor`, rounded towards the open price. */
function levelWhereEquityIs(t: PositionTerms, openPrice: string, capital: Decimal, floor: Decimal): string | null {
  const cushion = capital.minus(floor);
  const perUnit = pointValue(t);
  const move = cushion.div(perUnit);
  const level = t.direction === "long" ? money(openPrice).minus(move) : money(openPrice).plus(move);
  if (!level.gt(0)) return null;
  // Long: round up (a hair earlier, never later); short: round down.
  const rounded = level.toDecimalPlaces(t.pricePrecision, t.direction === "long" ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
  return rounded.gt(0) ? rounded.toFixed(t.pricePrecision) : null;
}

/** The price that opens a position now: longs buy at the ask, shorts sell at the bid. */
export const openSide = (direction: PositionDirection): "ask" | "bid" => (direction === "long" ? "ask" : "bid");
/** The price that closes it: longs sell at the bid, shorts buy back at the ask. */
export const closeSide = (direction: PositionDirection): "bid" | "ask" => (direction === "long" ? "bid" : "ask");

/**
 * A position's executable close price on a tick: its close side of the quote that the position's OWN spread (the
 * pair's spread when it was placed) puts around the tick's price. Everything that decides its outcome (the user's
 * close, TP, SL, liquidation, the mark shown) reads this, so an operator's later spread change cannot move it.
 */
export const closePriceAt = (p: { direction: PositionDirection; spreadRate: string; pricePrecision: number }, tickPrice: string): string =>
  quoteAround(tickPrice, p.spreadRate, p.pricePrecision)[closeSide(p.direction)];

/**
 * The published TP/SL rules: neither can be 0; a long's TP at or above both the
 * opening and the current price, its SL at or below both; a short's the reverse. Null when they pass.
 */
export function stopRefusal(direction: PositionDirection, openPrice: string, last: string, tp: string | null, sl: string | null): ErrorCode | null {
  const high = Decimal.max(openPrice, last);
  const low = Decimal.min(openPrice, last);
  if (tp !== null && money(tp).isZero()) return "TP_ZERO";
  if (sl !== null && money(sl).isZero()) return "SL_ZERO";
  if (direction === "long") {
    if (tp !== null && money(tp).lt(high)) return "LONG_TP_TOO_LOW";
    if (sl !== null && money(sl).gt(low)) return "LONG_SL_TOO_HIGH";
  } else {
    if (tp !== null && money(tp).gt(low)) return "SHORT_TP_TOO_HIGH";
    if (sl !== null && money(sl).lt(high)) return "SHORT_SL_TOO_LOW";
  }
  return null;
}

/** The way a position's losing levels are crossed (its SL, trailing too, and liquidation): a long's bid falling, a short's ask rising. */
export const lossWay = (direction: PositionDirection): "up" | "down" => (direction === "long" ? "down" : "up");

export interface LiveLevels {
  id: number;
  symbol: string;
  direction: PositionDirection;
  status: "pending" | "open";
  limitPrice: string | null;
  /** A stop order's stop price (pending only). */
  stopPrice?: string | null;
  /**
   * A trailing stop-loss: its rate, the best close price since it was set, the pair's precision, and the time of the
   * tick that last moved it (or set it; absent: any tick is fresh for it).
   */
  trail?: { rate: string; best: string; pricePrecision: number; atMs?: number | null } | null;
  tp: string | null;
  sl: string | null;
  liquidation: string | null;
  /** The margin-warning level, until the user has been warned. */
  warning?: string | null;
  /** The spread the order was placed with: its triggers watch the bid and ask this spread gives, not the pair's. */
  spread: string;
  userId: number;
}

/**
 * The triggers a live position arms. Crossing: the bid closes longs and fills limit sells; the ask
 * closes shorts and fills limit buys. A long's TP fires when the bid rises to it, its SL and liquidation when the
 * bid falls to them; a short's the mirror on the ask. Every level watches the quote at the position's own spread.
 * A stop order fills the other way: a long when the ask rises to its stop, a short when the bid falls to it. A
 * trailing SL trails the close side's best (a long's highest bid, a short's lowest ask).
 */
export function triggersOf(p: LiveLevels): Trigger[] {
  const owner = `positions:${p.id}`;
  const make = (name: string, watch: "bid" | "ask", cross: "up" | "down", level: string): Trigger => ({ key: `${owner}:${name}`, owner, symbol: p.symbol, watch, cross, level, spread: p.spread, user: p.userId });
  if (p.status === "pending") {
    if (p.stopPrice) return [p.direction === "long" ? make("fill", "ask", "up", p.stopPrice) : make("fill", "bid", "down", p.stopPrice)];
    if (!p.limitPrice) return [];
    return [p.direction === "long" ? make("fill", "ask", "down", p.limitPrice) : make("fill", "bid", "up", p.limitPrice)];
  }
  const watch = closeSide(p.direction);
  const profitWay = p.direction === "long" ? "up" : "down";
  const loss = lossWay(p.direction);
  const out: Trigger[] = [];
  if (p.tp) out.push(make("tp", watch, profitWay, p.tp));
  if (p.trail) {
    const { rate, best, pricePrecision: precision, atMs } = p.trail;
    const trail: Trail = { rate, best, precision, atMs: atMs ?? 0 };
    out.push({ ...make("sl", watch, loss, levelOf(trail, loss)), trail });
  } else if (p.sl) out.push(make("sl", watch, loss, p.sl));
  if (p.liquidation) out.push(make("liquidation", watch, loss, p.liquidation));
  if (p.warning) out.push(make("warning", watch, loss, p.warning));
  return out;
}

/**
 * Whether a tick opens a stop order: it is fresh (its age, from the venue's own time, within the pair's maximum) and
 * its open side at the order's spread reaches the stop (a long's ask at or above it, a short's bid at or below).
 */
export const stopTriggers = (direction: PositionDirection, stop: string, openExec: string, tickAgeMs: number, maxAgeMs: number): boolean =>
  tickAgeMs <= maxAgeMs && (direction === "long" ? money(openExec).gte(stop) : money(openExec).lte(stop));

/**
 * Whether a stop order's stop stands on the side the contract asks (strictly): a long's above the ask, a short's below
 * the bid; otherwise it would trigger at once.
 */
export function stopOrderRefusal(direction: PositionDirection, stop: string, quote: { bid: string; ask: string }): "LONG_STOP_NOT_ABOVE_ASK" | "SHORT_STOP_NOT_BELOW_BID" | null {
  if (direction === "long" && !money(stop).gt(quote.ask)) return "LONG_STOP_NOT_ABOVE_ASK";
  if (direction === "short" && !money(stop).lt(quote.bid)) return "SHORT_STOP_NOT_BELOW_BID";
  return null;
}

/** Whether an executable price crosses a level in a direction (the same rule the book applies, on decimals). */
export const crosses = (cross: "up" | "down", observed: string, level: string): boolean =>
  cross === "up" ? money(observed).gte(level) : money(observed).lte(level);

/** Which close reason wins when several of a position's triggers cross on one tick: the user's own stops first. */
export function reasonOf(fired: readonly string[]): CloseReason | "fill" | "warning" | null {
  if (fired.includes("fill")) return "fill";
  if (fired.includes("sl")) return "sl";
  if (fired.includes("tp")) return "tp";
  if (fired.includes("liquidation")) return "liquidation";
  if (fired.includes("warning")) return "warning";
  return null;
}

export interface CloseSplit {
  gross: Decimal;
  /** What returns to the user's available balance (never below zero: negative balance protection). */
  payout: Decimal;
  /** The close fee actually charged (out of what remains). */
  fee: Decimal;
  /** The loss beyond the margin, paid by the insurance fund to the trading account. */
  gap: Decimal;
  /** Realised P&L after fees and swaps: what the user netted from the position. */
  pnl: Decimal;
}

/**
 * How a close splits. equity = margin - swaps due + gross P&L; the close fee comes out of equity (never more);
 * the user receives the rest, never below zero; any shortfall below zero is the insurance fund's.
 */
export function splitClose(input: { margin: Decimal; openFee: Decimal; swapTotal: Decimal; swapDue: Decimal; gross: Decimal; closeFee: Decimal }): CloseSplit {
  const equity = input.margin.minus(input.swapDue).plus(input.gross);
  const covered = atLeastZero(equity);
  const fee = input.closeFee.lt(covered) ? input.closeFee : covered;
  const payout = atLeastZero(equity.minus(fee));
  const gap = equity.isNeg() ? equity.negated() : ZERO;
  const swapPaid = input.swapTotal.minus(input.swapDue);
  const pnl = payout.minus(input.margin).minus(input.openFee).minus(swapPaid);
  return { gross: input.gross, payout: money(payout), fee: money(fee), gap: money(gap), pnl: money(pnl) };
}

/**
 * How a close at `exec` splits: the gross P&L and the close fee (the same as `grossPnl` and `feeFor`, from one USDT
 * value of a price point: a tick that settles thousands of positions does this for each), then `splitClose`.
 */
export function closeAt(t: PositionTerms, input: { openPrice: string; exec: string; margin: Decimal; openFee: Decimal; swapTotal: Decimal; swapDue: Decimal }): CloseSplit {
  const perPoint = pointValue(t);
  const exec = money(input.exec);
  const move = exec.minus(input.openPrice);
  const gross = perPoint.times(t.direction === "long" ? move : move.negated());
  const closeFee = roundMoney(perPoint.times(exec).times(t.feeRate));
  return splitClose({ margin: input.margin, openFee: input.openFee, swapTotal: input.swapTotal, swapDue: input.swapDue, gross, closeFee });
}

/**
 * Unrealised figures at an executable price: P&L after the open fee, the close fee it would pay now and swaps;
 * the margin level in percent (equity / maintenance x 100; 100 = liquidation).
 */
export function unrealised(t: PositionTerms, input: { openPrice: string; mark: string; margin: Decimal; openFee: Decimal; swapTotal: Decimal; swapDue: Decimal; maintenance: Decimal }) {
  const split = closeAt(t, { ...input, exec: input.mark });
  const gross = split.gross;
  const equity = input.margin.minus(input.swapDue).plus(gross);
  const level = input.maintenance.gt(0) ? equity.div(input.maintenance).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN) : null;
  return { gross, pnl: split.pnl, equity, marginLevel: level };
}

/** Whether margin - swaps due + gross P&L at this price has reached the maintenance margin. */
export function isLiquidated(t: PositionTerms, input: { openPrice: string; price: string; margin: Decimal; swapDue: Decimal; maintenance: Decimal }): boolean {
  return input.margin.minus(input.swapDue).plus(grossPnl(t, input.openPrice, input.price)).lte(input.maintenance);
}

// ---- trading sessions and swaps (forex and metals) -----------------------------------------------------------

export interface WeeklySession {
  /** "<weekday 0-6, 0 = Sunday> HH:MM", UTC. */
  close: string;
  open: string;
}

const WEEK_MS = 7 * 86_400_000;

/** Milliseconds since Sunday 00:00 UTC of a "<weekday> HH:MM" mark. */
function weekOffset(mark: string): number {
  const [day, time] = mark.split(" ");
  const [h, m] = time.split(":").map(Number);
  return Number(day) * 86_400_000 + h * 3_600_000 + m * 60_000;
}

/**
 * Whether a forex or metal market is open at `atMs`, and when it opens next (ms) when it is not. The week closes
 * from `close` to `open` (default Friday 21:00 to Sunday 21:00 UTC); crypto never closes.
 */
export function sessionAt(kind: MarketKind, session: WeeklySession, atMs: number): { open: boolean; nextOpenMs: number | null } {
  if (kind === "crypto") return { open: true, nextOpenMs: null };
  const sunday = new Date(atMs);
  sunday.setUTCHours(0, 0, 0, 0);
  const weekStart = sunday.getTime() - sunday.getUTCDay() * 86_400_000;
  const now = atMs - weekStart;
  const close = weekOffset(session.close);
  const open = weekOffset(session.open);
  // The closed stretch runs from close to open, possibly across the week's end.
  const closed = close <= open ? now >= close && now < open : now >= close || now < open;
  if (!closed) return { open: true, nextOpenMs: null };
  const next = now < open ? weekStart + open : weekStart + WEEK_MS + open;
  return { open: false, nextOpenMs: next };
}

/**
 * Whether a forex or metal market stays open from `fromMs` up to `toMs`: open at the start and not reaching the
 * week's close before the end. A timed option must lie wholly inside one session (its expiry cannot fall in the
 * closed window, nor may it run across a weekend); crypto never closes.
 */
export function sessionCovers(kind: MarketKind, session: WeeklySession, fromMs: number, toMs: number): boolean {
  if (kind === "crypto") return true;
  if (!sessionAt(kind, session, fromMs).open) return false;
  const sunday = new Date(fromMs);
  sunday.setUTCHours(0, 0, 0, 0);
  const weekStart = sunday.getTime() - sunday.getUTCDay() * 86_400_000;
  const close = weekStart + weekOffset(session.close);
  const nextClose = close > fromMs ? close : close + WEEK_MS;
  return toMs < nextClose;
}

/** Swap days a position held through 21:00 UTC on `dayMs`'s date is charged: three on Wednesday (the weekend's). */
export const swapMultiplier = (dayMs: number): number => (new Date(dayMs).getUTCDay() === 3 ? 3 : 1);

/** One night's swap charge: notional at the open price x the side's daily rate x the day's multiplier. */
export function swapCharge(t: PositionTerms, openPrice: string, rate: string, dayMs: number): Decimal {
  return roundMoney(notional(t, openPrice).times(rate).times(swapMultiplier(dayMs)));
}

// ---- the order a tick's firings settle in -------------------------------------------------------------------

/** A position whose triggers a tick crossed, with the reason it settles for. */
export type Firing = { item: FiredAt; reason: ReturnType<typeof reasonOf> };

/** How far past its liquidation level the firing tick went, as a share of the level (null: not a liquidation). */
function depth({ item, reason }: Firing): Decimal | null {
  const level = reason === "liquidation" ? item.fired.find((f) => f.trigger.key.endsWith(":liquidation")) : undefined;
  if (!level || level.trigger.watch === "time") return null;
  return money(level.observed).minus(level.trigger.level).abs().div(level.trigger.level);
}

const GROUP: Record<NonNullable<Firing["reason"]>, number> = { liquidation: 0, sl: 1, tp: 1, fill: 2, warning: 3, user: 4, close_all: 4 };

/**
 * The order a tick's firings settle in: liquidations first, the deepest beyond its level first (the price furthest
 * past the liquidation level is the worst margin level), then stops and take-profits, fills, margin warnings. Within
 * that, by user: the batches settling at once then lock different users' accounts rather than wait for each other's.
 * Each firing is ranked once: a comparison that built decimals ran ~280,000 times for 10,000 firings.
 */
export function byUrgency<T extends Firing>(firings: readonly T[]): T[] {
  const ranked = firings.map((firing) => ({ firing, group: firing.reason ? GROUP[firing.reason] : 4, depth: depth(firing) ?? money(0), user: firedUser(firing.item) }));
  ranked.sort((a, b) => a.group - b.group || b.depth.cmp(a.depth) || a.user - b.user);
  return ranked.map((r) => r.firing);
}
