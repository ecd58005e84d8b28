import { Decimal } from "decimal.js";
import type { SpotSide } from "../../contract/spot";
import type { ErrorCode } from "../../contract";
import { money, type Leg } from "../ledger";
import type { Trigger } from "../triggers";

/**
 * The maths of spot orders, pure: what a fill costs, what a limit order holds, which tick crosses it, which trigger
 * level it arms, the ledger legs of a fill, and the average cost of a holding. No database, clock or randomness.
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
 * The ledger legs of a fill that moves everything from available balances (a market order): the user pays the
 * quote amount (+ fee) and receives the base (buy), or pays the base and receives amount - fee (sell); the desk
 * (`spot`) takes the other side; the fee goes to `fees`. Sums to zero per currency.
 */
export function marketLegs(userId: number, side: SpotSide, pair: Pair, quantity: string, fill: Fill): Leg[] {
  const q = money(quantity);
  const user = { user: userId } as const;
  const desk = { platform: "spot" } as const;
  const fees = { platform: "fees" } as const;
  const legs: Leg[] =
    side === "buy"
      ? [
          { account: user, currency: pair.quote, amount: fill.amount.plus(fill.fee).negated() },
          { account: desk, currency: pair.quote, amount: fill.amount },
          { account: user, currency: pair.base, amount: q },
          { account: desk, currency: pair.base, amount: q.negated() },
        ]
      : [
          { account: user, currency: pair.base, amount: q.negated() },
          { account: desk, currency: pair.base, amount: q },
          { account: user, currency: pair.quote, amount: fill.amount.minus(fill.fee) },
          { account: desk, currency: pair.quote, amount: fill.amount.negated() },
        ];
  if (fill.fee.gt(0)) legs.push({ account: fees, currency: pair.quote, amount: fill.fee });
  return legs;
}

/** Where a filled limit order's hold goes (legs of `ledger.settle`): a buy's to the desk and fees, a sell's coins to the desk. */
export function settleLegs(side: SpotSide, pair: Pair, quantity: string, fill: Fill): Leg[] {
  if (side === "sell") return [{ account: { platform: "spot" }, currency: pair.base, amount: money(quantity) }];
  const legs: Leg[] = [{ account: { platform: "spot" }, currency: pair.quote, amount: fill.amount }];
  if (fill.fee.gt(0)) legs.push({ account: { platform: "fees" }, currency: pair.quote, amount: fill.fee });
  return legs;
}

/** What the desk delivers once a limit order's hold settled: the base (buy) or amount - fee (sell). */
export function deliveryLegs(userId: number, side: SpotSide, pair: Pair, quantity: string, fill: Fill): Leg[] {
  const desk = { platform: "spot" } as const;
  if (side === "buy") {
    return [
      { account: { user: userId }, currency: pair.base, amount: money(quantity) },
      { account: desk, currency: pair.base, amount: money(quantity).negated() },
    ];
  }
  const legs: Leg[] = [
    { account: { user: userId }, currency: pair.quote, amount: fill.amount.minus(fill.fee) },
    { account: desk, currency: pair.quote, amount: fill.amount.negated() },
  ];
  if (fill.fee.gt(0)) legs.push({ account: { platform: "fees" }, currency: pair.quote, amount: fill.fee });
  return legs;
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
