import { Decimal } from "decimal.js";
import type { SpotSide } from "../../contract/spot";
import type { ErrorCode } from "../../contract";
import { money } from "../ledger";
import { levelOf, type Cross, type Trail, type Trigger } from "../triggers";

/**
 * The maths of spot orders, pure: what a fill costs, what a limit order holds, which tick crosses it, which trigger
 * level it arms, and the average cost of a holding. No database, clock or randomness.
 *
 * Broker model: the user trades with the platform's spot desk at the executable quote around a
 * recorded tick. Market buys fill at the ask, market sells at the bid; a limit buy fills when the ask reaches its
 * price or below, a limit sell when the bid reaches its price or above, at the first tick that crosses, AT the limit
 * price (never worse for the user, never better than the quote offered: the crossing quote is at least as good).
 * amount = quantity x fill price, in the quote currency; the fee is amount x rate, in the quote currency too.
 */

export const SOURCE = "spot";

export interface Quote {
  bid: string;
  ask: string;
}

/** Amounts kept to 8 decimals; a fee is rounded down (the user is never charged a rounding up). */
export const roundFee = (value: Decimal): Decimal => value.toDecimalPlaces(8, Decimal.ROUND_DOWN);

export const amountOf = (quantity: string, price: string): Decimal => money(quantity).times(price);

export const feeOf = (amount: Decimal, feeRate: string): Decimal => roundFee(amount.times(feeRate));

/** The executable side a market order takes: buys lift the ask, sells hit the bid. */
export const marketPrice = (side: SpotSide, quote: Quote): string => (side === "buy" ? quote.ask : quote.bid);

/** Whether a quote crosses a limit: a buy's ask at or below it, a sell's bid at or above it. */
export const crosses = (side: SpotSide, limit: string, quote: Quote): boolean =>
  side === "buy" ? money(quote.ask).lte(limit) : money(quote.bid).gte(limit);

/**
 * Seed section 5: a limit sell cannot be priced below the current price (`last`). A limit buy, likewise, not above
 * it (LIMIT_BUY_ABOVE_PRICE, as the position engine does): a limit order always waits for a tick that crosses it, so
 * it can never fill at a price worse than the market offered when it was placed.
 */
export function limitRefusal(side: SpotSide, limit: string, last: string): ErrorCode | null {
  if (side === "sell" && money(limit).lt(last)) return "LIMIT_SELL_BELOW_PRICE";
  if (side === "buy" && money(limit).gt(last)) return "LIMIT_BUY_ABOVE_PRICE";
  return null;
}

export interface Pair {
  base: string;
  quote: string;
}

/** What an open limit order holds: a buy, the quote amount at its price plus the fee; a sell, the base quantity. */
export function holdOf(side: SpotSide, pair: Pair, quantity: string, limit: string, feeRate: string): { currency: string; amount: Decimal } {
  if (side === "sell") return { currency: pair.base, amount: money(quantity) };
  const amount = amountOf(quantity, limit);
  return { currency: pair.quote, amount: amount.plus(feeOf(amount, feeRate)) };
}

export interface Fill {
  price: string;
  amount: Decimal;
  fee: Decimal;
}

export const fillAt = (quantity: string, price: string, feeRate: string): Fill => {
  const amount = amountOf(quantity, price);
  return { price, amount, fee: feeOf(amount, feeRate) };
};

/**
 * The trigger an open limit order arms: a buy watches the ask falling to its price, a sell the bid rising to it, on
 * the quote the order's OWN spread (the pair's when it was placed) puts around the tick, never the pair's current one.
 */
export function triggerOf(order: { id: number; symbol: string; side: SpotSide; price: string; spread: string; userId: number }): Trigger {
  const owner = `${SOURCE}:${order.id}`;
  const { spread, userId: user } = order;
  return order.side === "buy"
    ? { key: `${owner}:fill`, owner, symbol: order.symbol, watch: "ask", cross: "down", level: order.price, spread, user }
    : { key: `${owner}:fill`, owner, symbol: order.symbol, watch: "bid", cross: "up", level: order.price, spread, user };
}

// ----- stop orders (wave 4) -------------------------------------------------------------------------------------

export type SpotOrderType = "market" | "limit" | "stop_market" | "stop_limit" | "trailing_stop";

/**
 * The buy-hold rule of a stop-market buy: it fills at market on its trigger tick up to this much above its stop (its
 * worst allowed fill), and holds quantity x that price plus the fee. A tick gapping further turns it into a limit
 * order at that price, which fills when the ask comes back to it (the hold always pays the fill).
 */
export const STOP_MARKET_SLIPPAGE = "0.05";

/** A stop-market buy's worst allowed fill: its stop raised by STOP_MARKET_SLIPPAGE, rounded up to the pair's precision. */
export const worstBuyPrice = (stop: string, precision: number): string =>
  money(stop).times(money(1).plus(STOP_MARKET_SLIPPAGE)).toDecimalPlaces(precision, Decimal.ROUND_UP).toFixed(precision);

/**
 * The price an order holds for: the one its hold was taken at when that is not its own limit (a trailing buy, an OCO),
 * its limit, or a stop-market's worst allowed fill (a sell holds its coins whatever the price).
 */
export function holdPriceOf(order: { type: SpotOrderType; side: SpotSide; price: string | null; stopPrice: string | null; pricePrecision: number; holdPrice?: string | null }): string | null {
  if (order.holdPrice != null) return order.holdPrice;
  if (order.price !== null) return order.price;
  if (order.type === "stop_market" && order.stopPrice !== null) return order.side === "buy" ? worstBuyPrice(order.stopPrice, order.pricePrecision) : order.stopPrice;
  return null;
}

/**
 * A stop must not trigger at once (CONTRACT, strict): a buy's stop above the current ask, a sell's below the bid.
 */
export function stopRefusal(side: SpotSide, stop: string, quote: Quote): ErrorCode | null {
  if (side === "buy" && !money(stop).gt(quote.ask)) return "STOP_BUY_NOT_ABOVE_ASK";
  if (side === "sell" && !money(stop).lt(quote.bid)) return "STOP_SELL_NOT_BELOW_BID";
  return null;
}

/** Whether a quote triggers a stop: a buy's ask at or above it, a sell's bid at or below it. */
export const stopCrossed = (side: SpotSide, stop: string, quote: Quote): boolean =>
  side === "buy" ? money(quote.ask).gte(stop) : money(quote.bid).lte(stop);

/** The trigger a waiting stop arms: a buy watches the ask rising to its stop, a sell the bid falling to it, at its own spread. */
export function stopTriggerOf(order: { id: number; symbol: string; side: SpotSide; stop: string; spread: string; userId: number }): Trigger {
  const owner = `${SOURCE}:${order.id}`;
  const { spread, userId: user } = order;
  return order.side === "buy"
    ? { key: `${owner}:stop`, owner, symbol: order.symbol, watch: "ask", cross: "up", level: order.stop, spread, user }
    : { key: `${owner}:stop`, owner, symbol: order.symbol, watch: "bid", cross: "down", level: order.stop, spread, user };
}

/**
 * What a triggered stop does on its tick's quote: `fill` at a price now, or become an open limit order at `limit`.
 * A stop-market fills at market (a buy up to its worst allowed fill, beyond which it waits as a limit at that price);
 * a stop-limit becomes a limit at its price, filling at once (at that price, as a limit does) when the quote crosses it.
 */
export function onTrigger(order: { type: SpotOrderType; side: SpotSide; price: string | null; stopPrice: string; pricePrecision: number; holdPrice?: string | null }, quote: Quote): { fill: string } | { limit: string } {
  if (order.type === "stop_market" || order.type === "trailing_stop") {
    if (order.side === "sell") return { fill: quote.bid };
    // A trailing buy's worst allowed fill is the one its hold was taken at (its level can only have come down since).
    const worst = order.type === "trailing_stop" ? order.holdPrice! : worstBuyPrice(order.stopPrice, order.pricePrecision);
    return money(quote.ask).lte(worst) ? { fill: quote.ask } : { limit: worst };
  }
  const limit = order.price!;
  return crosses(order.side, limit, quote) ? { fill: limit } : { limit };
}

// ----- trailing stops and OCO (wave 4) ---------------------------------------------------------------------------

/** The way a trailing stop's trigger is crossed: a sell's bid falling to its level (it trails the highest bid), a buy's ask rising. */
export const trailWay = (side: SpotSide): Cross => (side === "sell" ? "down" : "up");

/**
 * The one trigger a waiting trailing stop arms, at its own spread: a sell's bid falling to its level, a buy's ask
 * rising to it, the trail in the book (which moves the level with each better price and hands it back to persist).
 */
export function trailTriggerOf(order: { id: number; symbol: string; side: SpotSide; trail: Trail; spread: string; userId: number }): Trigger {
  const owner = `${SOURCE}:${order.id}`;
  const { spread, userId: user, symbol, trail } = order;
  const cross = trailWay(order.side);
  return { key: `${owner}:trail`, owner, symbol, watch: order.side === "sell" ? "bid" : "ask", cross, level: levelOf(trail, cross), spread, user, trail };
}

/**
 * An OCO whose legs cross is refused: a sell pairs a take-profit limit above with a stop below (limit > stop), a buy
 * a limit below with a stop above (limit < stop). Anything else would have one leg fire where the other waits.
 */
export function ocoRefusal(side: SpotSide, limit: string, stop: string): ErrorCode | null {
  if (side === "sell" && !money(limit).gt(stop)) return "OCO_SELL_LIMIT_NOT_ABOVE_STOP";
  if (side === "buy" && !money(limit).lt(stop)) return "OCO_BUY_LIMIT_NOT_BELOW_STOP";
  return null;
}

/** The price an OCO's one hold is taken at: a buy's larger leg (its limit, or the stop leg's limit or worst fill). */
export function ocoHoldPrice(side: SpotSide, limit: string, stop: string, stopLimit: string | null, precision: number): string {
  if (side === "sell") return limit;
  const stopLeg = stopLimit ?? worstBuyPrice(stop, precision);
  return Decimal.max(limit, stopLeg).toFixed(precision);
}

/**
 * The order a tick's fills settle in: tick by tick, and by user within a tick, so the batches in flight lock different
 * users' accounts rather than wait for each other's. Equal ones keep their order.
 */
export function byTickThenUser<T extends { tick: { atMs: number }; user: number }>(fills: readonly T[]): T[] {
  return [...fills].sort((a, b) => a.tick.atMs - b.tick.atMs || a.user - b.user);
}

/** The first tick of a path that crosses a limit order, with the fill it makes (null when none does). */
export function firstCrossing<T extends Quote>(side: SpotSide, limit: string, quantity: string, feeRate: string, ticks: readonly T[]): { tick: T; fill: Fill } | null {
  for (const tick of ticks) if (crosses(side, limit, tick)) return { tick, fill: fillAt(quantity, limit, feeRate) };
  return null;
}

/**
 * The average cost per unit of a holding from the user's fills, oldest first (the moving-average method): a buy adds
 * its quantity and what it cost (amount + fee); a sell takes its quantity out at the average, leaving the average.
 * Null when no buy stands behind the holding.
 */
export function averageCost(fills: readonly { side: SpotSide; quantity: string; amount: string; fee: string }[]): Decimal | null {
  let quantity = money(0);
  let cost = money(0);
  for (const f of fills) {
    if (f.side === "buy") {
      quantity = quantity.plus(f.quantity);
      cost = cost.plus(f.amount).plus(f.fee);
    } else if (quantity.gt(0)) {
      const out = Decimal.min(quantity, money(f.quantity));
      cost = cost.minus(cost.times(out).div(quantity));
      quantity = quantity.minus(out);
    }
  }
  if (!quantity.gt(0)) return null;
  return cost.div(quantity).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
}
