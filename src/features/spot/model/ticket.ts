/**
 * The spot ticket's maths, pure and exact (BigInt fixed point): what an order would cost or bring before submit, the
 * quantity a percentage of the balance buys or sells, and the refusals the server would give, so
 * the form says them before sending. The server decides; these only preview it with the same rules.
 */
import type { ErrorCode } from "@contract/messages";
import type { SpotSide, SpotTicket, SpotType } from "@contract/spot";
import { add, compare, decimalsOf, floorTo, mul, parseDecimal, sub, toDecimal, type Fixed } from "@/shared/lib/decimal";

const ONE = parseDecimal("1")!;
const div = (a: Fixed, b: Fixed): Fixed => (a * ONE) / b;

/** What the ticket places: a spot order type, or an OCO pair (a limit and a stop on one hold, `coin/oco`). */
export type TicketType = SpotType | "oco";

export interface Draft {
  side: SpotSide;
  type: TicketType;
  quantity: string;
  price: string;
  /** Stop orders and an OCO's stop leg: the price whose crossing triggers them. */
  stop?: string;
  /** A trailing stop's distance from its best price, in percent as typed ("1" is 1 %). */
  trailPercent?: string;
  /** An OCO's stop leg as a stop-limit at this price (empty: a stop-market). */
  stopLimit?: string;
}

/** A percent as typed to the fraction the server takes ("1.5" -> "0.015"); null when it is not a number. */
export function percentToRate(percent: string): string | null {
  const p = parseDecimal(percent.trim());
  return p === null ? null : toDecimal(p / 100n);
}

/** The server's trailing rate range, 0.1 % to 20 % inclusive, on the percent typed. */
export function trailError(percent: string): ErrorCode | null {
  if (!percent.trim()) return null;
  const p = parseDecimal(percent.trim());
  if (p === null || compare(p, parseDecimal("0.1")!) < 0 || compare(p, parseDecimal("20")!) > 0) return "TRAILING_RATE_RANGE";
  return null;
}

/** A trailing stop's first level: a sell's bid x (1 - rate) rounded down, a buy's ask x (1 + rate) rounded up. */
export function trailLevelNow(ticket: SpotTicket, side: SpotSide, percent: string): string | null {
  const rate = parseDecimal(percentToRate(percent));
  const start = parseDecimal(side === "buy" ? ticket.ask : ticket.bid);
  if (rate === null || start === null || trailError(percent) !== null) return null;
  const level = side === "buy" ? ceilTo(mul(start, add(ONE, rate)), ticket.price_precision) : floorTo(mul(start, sub(ONE, rate)), ticket.price_precision);
  return roundTo(level, ticket.price_precision);
}

/** An OCO's legs must not cross: a sell's limit above its stop, a buy's below it. */
export function ocoError(side: SpotSide, price: string, stop: string): ErrorCode | null {
  const p = parseDecimal(price);
  const s = parseDecimal(stop);
  if (p === null || s === null) return null;
  if (side === "sell" && compare(p, s) <= 0) return "OCO_SELL_LIMIT_NOT_ABOVE_STOP";
  if (side === "buy" && compare(p, s) >= 0) return "OCO_BUY_LIMIT_NOT_BELOW_STOP";
  return null;
}

/** A fixed-point value at exactly `places` decimals. */
const roundTo = (value: Fixed, places: number): string => {
  const text = toDecimal(value);
  const [whole, fraction = ""] = text.split(".");
  return places > 0 ? `${whole}.${fraction.padEnd(places, "0").slice(0, places)}` : whole;
};

/** The server's rule (README): a stop-market buy holds for a fill up to this much above its stop. */
const STOP_MARKET_SLIPPAGE = parseDecimal("0.05")!;

export interface Preview {
  /** The price the order fills at: the ask (buy) or bid (sell) now for a market order, the limit price otherwise. */
  price: string;
  amount: string;
  fee: string;
  /** A buy pays amount + fee; a sell receives amount - fee. */
  total: string;
  /** What it needs from the available balance, in `needs_currency`: quote amount + fee (buy) or the quantity (sell). */
  needs: string;
  needs_currency: string;
  enough: boolean;
}

/** A fee is rounded down to 8 decimals, as the server does. */
const feeOf = (amount: Fixed, rate: Fixed): Fixed => floorTo(mul(amount, rate), 8);

export function previewOrder(ticket: SpotTicket, draft: Draft): Preview | null {
  const quantity = parseDecimal(draft.quantity);
  const buy = draft.side === "buy";
  // A stop-market fills at about its stop once triggered, a trailing stop at about its level; a limit, a stop-limit
  // and an OCO (its limit leg) at their limit price.
  const price =
    draft.type === "market"
      ? buy ? ticket.ask : ticket.bid
      : draft.type === "stop_market"
        ? (draft.stop ?? "")
        : draft.type === "trailing_stop"
          ? trailLevelNow(ticket, draft.side, draft.trailPercent ?? "")
          : draft.price;
  const p = parseDecimal(price);
  const rate = parseDecimal(ticket.fee_rate);
  if (quantity === null || quantity <= 0n || p === null || p <= 0n || rate === null || price === null) return null;
  const amount = mul(quantity, p);
  const fee = feeOf(amount, rate);
  // What a buy holds: a stop-market's or a trailing stop's worst allowed fill (its stop or first level raised by the
  // slippage, rounded up), an OCO's larger leg, else its own price; plus the fee.
  const worst = (at: Fixed) => ceilTo(mul(at, add(ONE, STOP_MARKET_SLIPPAGE)), ticket.price_precision);
  let holdPrice = p;
  if (draft.type === "stop_market" || draft.type === "trailing_stop") holdPrice = worst(p);
  if (draft.type === "oco") {
    const stopLeg = parseDecimal(draft.stopLimit) ?? (parseDecimal(draft.stop) === null ? null : worst(parseDecimal(draft.stop)!));
    if (stopLeg !== null && compare(stopLeg, p) > 0) holdPrice = stopLeg;
  }
  const held = buy ? mul(quantity, holdPrice) : amount;
  const needs = buy ? add(held, feeOf(held, rate)) : quantity;
  const available = parseDecimal(buy ? ticket.quote_available : ticket.base_available) ?? 0n;
  return {
    price,
    amount: toDecimal(amount),
    fee: toDecimal(fee),
    total: toDecimal(buy ? add(amount, fee) : sub(amount, fee)),
    needs: toDecimal(needs),
    needs_currency: buy ? ticket.quote : ticket.base,
    enough: compare(needs, available) <= 0,
  };
}

/** Rounds up to `places` decimals. */
const ceilTo = (value: Fixed, places: number): Fixed => {
  const down = floorTo(value, places);
  return down === value ? down : add(down, places > 0 ? parseDecimal(`0.${"0".repeat(places - 1)}1`)! : ONE);
};

/** Decimals of a step ("0.0001" -> 4). */
const stepPlaces = (step: string) => decimalsOf(step.replace(/0+$/, "").replace(/\.$/, ""));

/**
 * The quantity `percent` of the balance trades: a buy spends that share of the available quote currency on amount +
 * fee at `price`; a sell sells that share of the available coins. Rounded down to the pair's step (never more than
 * the balance), "" when it is below the minimum.
 */
export function quantityForPercent(ticket: SpotTicket, side: SpotSide, price: string | null, percent: number): string {
  const step = parseDecimal(ticket.quantity_step);
  const share = parseDecimal(String(Math.min(Math.max(Math.round(percent), 0), 100)));
  if (step === null || step <= 0n || share === null) return "";
  let raw: Fixed;
  if (side === "sell") {
    raw = div(mul(parseDecimal(ticket.base_available) ?? 0n, share), parseDecimal("100")!);
  } else {
    const p = parseDecimal(price);
    const rate = parseDecimal(ticket.fee_rate) ?? 0n;
    if (p === null || p <= 0n) return "";
    const budget = div(mul(parseDecimal(ticket.quote_available) ?? 0n, share), parseDecimal("100")!);
    raw = div(budget, mul(p, add(ONE, rate)));
  }
  const stepped = (raw / step) * step;
  const max = parseDecimal(ticket.quantity_max) ?? stepped;
  const quantity = compare(stepped, max) > 0 ? (max / step) * step : stepped;
  if (compare(quantity, parseDecimal(ticket.quantity_min) ?? 0n) < 0) return "";
  return toDecimal(floorTo(quantity, stepPlaces(ticket.quantity_step)));
}

/**
 * The share of the available balance a typed quantity takes (the slider follows what is typed): whole percent,
 * rounded down, 0 to 100; 0 when it cannot be told (no price yet, nothing available, not a number).
 */
export function percentForQuantity(ticket: SpotTicket, side: SpotSide, price: string | null, quantity: string): number {
  const q = parseDecimal(quantity.trim());
  if (q === null || q <= 0n) return 0;
  let used: Fixed;
  let available: Fixed;
  if (side === "sell") {
    used = q;
    available = parseDecimal(ticket.base_available) ?? 0n;
  } else {
    const p = parseDecimal(price);
    if (p === null || p <= 0n) return 0;
    used = mul(mul(q, p), add(ONE, parseDecimal(ticket.fee_rate) ?? 0n));
    available = parseDecimal(ticket.quote_available) ?? 0n;
  }
  if (available <= 0n) return 0;
  const share = (used * 100n) / available;
  return Number(share > 100n ? 100n : share);
}

/** The server's quantity rule (step, min, max), or null. */
export function quantityError(ticket: SpotTicket, quantity: string): ErrorCode | null {
  if (!quantity) return null;
  const q = parseDecimal(quantity);
  if (q === null || q <= 0n) return "QUANTITY_NOT_POSITIVE";
  const step = parseDecimal(ticket.quantity_step);
  if (step !== null && step > 0n && q % step !== 0n) return "QUANTITY_STEP";
  if (compare(q, parseDecimal(ticket.quantity_min) ?? 0n) < 0) return "ORDER_BELOW_MIN";
  if (compare(q, parseDecimal(ticket.quantity_max) ?? q) > 0) return "ORDER_ABOVE_MAX";
  return null;
}

/** The server's limit price rules: above 0, the pair's precision, a sell not below `last`, a buy not above it. */
export function priceError(ticket: SpotTicket, side: SpotSide, price: string): ErrorCode | null {
  if (!price) return null;
  const p = parseDecimal(price);
  if (p === null || p <= 0n) return "PRICE_NOT_POSITIVE";
  if (decimalsOf(price) > ticket.price_precision) return "PRICE_PRECISION";
  const last = parseDecimal(ticket.last);
  if (last === null) return null;
  if (side === "sell" && compare(p, last) < 0) return "LIMIT_SELL_BELOW_PRICE";
  if (side === "buy" && compare(p, last) > 0) return "LIMIT_BUY_ABOVE_PRICE";
  return null;
}

/**
 * The server's stop price rules: above 0, the pair's precision, and strictly beyond the quote so it cannot trigger at
 * once: a buy's stop above the ask, a sell's below the bid.
 */
export function stopError(ticket: SpotTicket, side: SpotSide, stop: string): ErrorCode | null {
  if (!stop) return null;
  const p = parseDecimal(stop);
  if (p === null || p <= 0n) return "PRICE_NOT_POSITIVE";
  if (decimalsOf(stop) > ticket.price_precision) return "PRICE_PRECISION";
  const ask = parseDecimal(ticket.ask);
  const bid = parseDecimal(ticket.bid);
  if (side === "buy" && ask !== null && compare(p, ask) <= 0) return "STOP_BUY_NOT_ABOVE_ASK";
  if (side === "sell" && bid !== null && compare(p, bid) >= 0) return "STOP_SELL_NOT_BELOW_BID";
  return null;
}

/** The limit price's own rules (above 0, the pair's precision), for a stop-limit (whose price may stand on either side). */
export function limitPriceError(ticket: SpotTicket, price: string): ErrorCode | null {
  if (!price) return null;
  const p = parseDecimal(price);
  if (p === null || p <= 0n) return "PRICE_NOT_POSITIVE";
  if (decimalsOf(price) > ticket.price_precision) return "PRICE_PRECISION";
  return null;
}
