/**
 * The ticket's figures before submit, computed as the server computes them (the positions engine's rules and
 * precisions), on exact decimals: no float touches a price or an amount.
 *   notional = quantity x contract_size x open price (in the margin currency: x quoteToMargin for a pair quoted in
 *   another currency than USD/USDT); margin = notional / leverage; fee = fee_rate x notional;
 *   liquidation: margin + P&L at the executable close price = maintenance margin, which is maintenance_rate x
 *   notional for crypto and half the margin for forex and metals.
 * A long opens at the ask (a market order) and closes at the bid; a short the reverse. A limit order opens at its
 * price; a stop order holds its margin and fee at its stop price. The server decides; these figures only show the
 * user what it will decide.
 */
import type { errors } from "@contract/messages";
import type { MarketKind } from "@contract/market";
import type { OrderType, PositionDirection } from "@contract/positions";
import { ceilTo, compare, decimalsOf, div, floorTo, isMultipleOf, mul, parseDecimal, sub, add, toDecimal, type Fixed } from "./fixed";

export type ErrorCode = keyof typeof errors;

export interface TicketRules {
  kind: MarketKind;
  contract_size: string;
  fee_rate: string;
  maintenance_rate: string;
  quantity_step: string;
  quantity_min: string;
  quantity_max: string;
  price_precision: number;
  available: string;
  leverages: number[];
}

export interface Quote {
  bid: string | null;
  ask: string | null;
  last: string | null;
}

export interface OrderDraft {
  direction: PositionDirection;
  type: OrderType;
  quantity: string;
  /** The limit price (limit orders). */
  price: string;
  /** The stop price (stop orders). */
  stop?: string;
  leverage: number;
  tp: string;
  sl: string;
}

export interface Preview {
  /** The price the order opens at: the ask (long) or bid (short) now, or the limit price. */
  open_price: string;
  notional: string;
  margin: string;
  fee: string;
  /** Margin + fee: what leaves the available balance. */
  required: string;
  /** The executable close price (bid for a long, ask for a short) at which the position is liquidated, on the pair's price grid. */
  liquidation_price: string | null;
  /** What a 1 % move of the price does to the position, in the margin currency (a gain or a loss of this much). */
  move_1pct: string;
  /** The same as a percentage of the margin (leverage x 1 %). */
  move_1pct_of_margin: string;
  /** The available balance covers margin + fee. */
  enough: boolean;
}

const HUNDREDTH = parseDecimal("0.01")!;

/**
 * The price a new order opens at, or null when it is not known yet (no quote, no limit price). A limit order better
 * than the market (a buy at or above the ask, a sell at or below the bid) fills at once at the market's price; any
 * other waits for its price.
 */
export function openPriceOf(draft: Pick<OrderDraft, "direction" | "type" | "price" | "stop">, quote: Quote): string | null {
  const market = draft.direction === "long" ? quote.ask : quote.bid;
  if (draft.type === "market") return market;
  if (draft.type === "stop") {
    const stop = parseDecimal(draft.stop ?? "");
    return stop === null || stop <= 0n ? null : draft.stop!.trim();
  }
  const limit = parseDecimal(draft.price);
  if (limit === null || limit <= 0n) return null;
  return isMarketable(draft, quote) ? market : draft.price.trim();
}

/** Whether a limit order would fill at once (it is better than the market). */
export function isMarketable(draft: Pick<OrderDraft, "direction" | "type" | "price">, quote: Quote): boolean {
  const limit = parseDecimal(draft.price);
  const now = parseDecimal(draft.direction === "long" ? quote.ask : quote.bid);
  if (draft.type !== "limit" || limit === null || limit <= 0n || now === null) return false;
  return draft.direction === "long" ? now <= limit : now >= limit;
}

/** Amounts are kept to 8 decimals, rounded down (the server's `roundMoney`: the user is never rounded up). */
const money = (value: Fixed): Fixed => floorTo(value, 8);

/**
 * The executable close price at which margin + P&L falls to the maintenance margin, from the held (rounded) margin
 * and maintenance as the server computes them, rounded towards the open price on the pair's grid (a long's up, a
 * short's down: liquidated a hair early, never late). Null when no positive price reaches it.
 */
export function liquidationPrice(input: { kind: MarketKind; direction: PositionDirection; open: string; units: Fixed; rate: Fixed; margin: Fixed; maintenance: Fixed; price_precision: number }): string | null {
  const open = parseDecimal(input.open);
  const perUnit = mul(input.units, input.rate);
  if (open === null || perUnit <= 0n) return null;
  const move = div(sub(input.margin, input.maintenance), perUnit);
  const level = input.direction === "long" ? sub(open, move) : add(open, move);
  if (level <= 0n) return null;
  const rounded = input.direction === "long" ? ceilTo(level, input.price_precision) : floorTo(level, input.price_precision);
  return rounded > 0n ? toDecimal(rounded) : null;
}

/** Margin, fee, liquidation and the 1 % move of an order; null until quantity and price are known. */
export function previewOrder(rules: TicketRules, draft: OrderDraft, quote: Quote, quoteToMargin = "1"): Preview | null {
  const open = openPriceOf(draft, quote);
  const quantity = parseDecimal(draft.quantity);
  const openFixed = parseDecimal(open);
  const size = parseDecimal(rules.contract_size);
  const rate = parseDecimal(quoteToMargin);
  if (open === null || openFixed === null || quantity === null || quantity <= 0n || size === null || rate === null || draft.leverage <= 0) return null;
  const units = mul(quantity, size);
  const notional = mul(mul(units, openFixed), rate);
  const margin = money(div(notional, parseDecimal(String(draft.leverage))!));
  const fee = money(mul(notional, parseDecimal(rules.fee_rate) ?? 0n));
  const maintenance = money(rules.kind === "crypto" ? mul(notional, parseDecimal(rules.maintenance_rate) ?? 0n) : div(margin, parseDecimal("2")!));
  const required = add(margin, fee);
  return {
    open_price: open,
    notional: toDecimal(notional),
    margin: toDecimal(margin),
    fee: toDecimal(fee),
    required: toDecimal(required),
    liquidation_price: liquidationPrice({ kind: rules.kind, direction: draft.direction, open, units, rate, margin, maintenance, price_precision: rules.price_precision }),
    move_1pct: toDecimal(mul(notional, HUNDREDTH)),
    move_1pct_of_margin: String(draft.leverage),
    enough: compare(required, parseDecimal(rules.available) ?? 0n) <= 0,
  };
}

/** The seed's quantity rules: above 0, a whole multiple of the step, within min and max. */
export function quantityError(rules: Pick<TicketRules, "quantity_step" | "quantity_min" | "quantity_max">, text: string): ErrorCode | null {
  const value = parseDecimal(text);
  if (text.trim() === "") return null;
  if (value === null || value <= 0n) return "QUANTITY_NOT_POSITIVE";
  const step = parseDecimal(rules.quantity_step);
  if (step !== null && step > 0n && !isMultipleOf(value, step)) return "QUANTITY_STEP";
  if (compare(value, parseDecimal(rules.quantity_min) ?? 0n) < 0) return "ORDER_BELOW_MIN";
  if (compare(value, parseDecimal(rules.quantity_max) ?? value) > 0) return "ORDER_ABOVE_MAX";
  return null;
}

/** A typed price: above 0 and with no more decimals than the pair's precision. */
export function priceError(text: string, precision: number): ErrorCode | null {
  const value = parseDecimal(text);
  if (value === null || value <= 0n) return "PRICE_NOT_POSITIVE";
  if (decimalsOf(text.trim()) > precision) return "PRICE_PRECISION";
  return null;
}

/**
 * A stop order's stop price: a valid price, and strictly beyond the market on its side (a long's above the ask, a
 * short's below the bid), as the server requires; otherwise it would open at once.
 */
export function stopPriceError(direction: PositionDirection, text: string, quote: Quote, precision: number): ErrorCode | null {
  if (text.trim() === "") return null;
  const basic = priceError(text, precision);
  if (basic) return basic;
  const stop = parseDecimal(text)!;
  const ask = parseDecimal(quote.ask);
  const bid = parseDecimal(quote.bid);
  if (direction === "long" && ask !== null && stop <= ask) return "LONG_STOP_NOT_ABOVE_ASK";
  if (direction === "short" && bid !== null && stop >= bid) return "SHORT_STOP_NOT_BELOW_BID";
  return null;
}

const HUNDRED = parseDecimal("100")!;
const TRAIL_MIN = parseDecimal("0.001")!;
const TRAIL_MAX = parseDecimal("0.2")!;

/** A trailing distance typed in percent ("1.5") as the fraction the server takes ("0.015"); null when not a number. */
export function trailRateOf(percent: string): string | null {
  const value = parseDecimal(percent.trim());
  return value === null ? null : toDecimal(div(value, HUNDRED));
}

/** A trailing distance in percent: 0.1 % to 20 % (the server's 0.001 to 0.2, both included), at most 6 decimals. */
export function trailError(percent: string): ErrorCode | null {
  if (percent.trim() === "") return null;
  const rate = parseDecimal(trailRateOf(percent) ?? "");
  if (rate === null || decimalsOf(percent.trim()) > 6 || compare(rate, TRAIL_MIN) < 0 || compare(rate, TRAIL_MAX) > 0) return "TRAILING_RATE_RANGE";
  return null;
}

/** A trailing stop-loss's level now, as the server moves it: a long's best bid x (1 - rate), a short's best ask x (1 + rate), rounded away from the price. */
export function trailLevelOf(direction: PositionDirection, best: string, rate: string, precision: number): string | null {
  const b = parseDecimal(best);
  const r = parseDecimal(rate);
  if (b === null || r === null) return null;
  const one = parseDecimal("1")!;
  const level = mul(b, direction === "long" ? sub(one, r) : add(one, r));
  return toDecimal(direction === "long" ? floorTo(level, precision) : ceilTo(level, precision));
}

/** The return on margin in percent (unrealised P&L / margin x 100), to 2 decimals; null without a margin. */
export function roeOf(pnl: string, margin: string): string | null {
  const p = parseDecimal(pnl);
  const m = parseDecimal(margin);
  if (p === null || m === null || m <= 0n) return null;
  return toDecimal(floorTo(div(mul(p, HUNDRED), m), 2));
}

/**
 * Seed section 5: neither can be 0; a long's take-profit must not be below the opening and the current price, its
 * stop-loss not above them; a short's the reverse. An empty field is no take-profit (or stop-loss).
 */
export function stopErrors(input: { direction: PositionDirection; open: string | null; last: string | null; tp: string; sl: string; precision: number }): { tp: ErrorCode | null; sl: ErrorCode | null } {
  const prices = [input.open, input.last].map((p) => parseDecimal(p)).filter((p): p is Fixed => p !== null);
  const high = prices.length ? prices.reduce((a, b) => (a > b ? a : b)) : null;
  const low = prices.length ? prices.reduce((a, b) => (a < b ? a : b)) : null;
  const check = (text: string, which: "tp" | "sl"): ErrorCode | null => {
    if (text.trim() === "") return null;
    const value = parseDecimal(text);
    if (value !== null && value === 0n) return which === "tp" ? "TP_ZERO" : "SL_ZERO";
    const basic = priceError(text, input.precision);
    if (basic) return basic;
    if (high === null || low === null) return null;
    if (input.direction === "long") {
      if (which === "tp" && value! < high) return "LONG_TP_TOO_LOW";
      if (which === "sl" && value! > low) return "LONG_SL_TOO_HIGH";
    } else {
      if (which === "tp" && value! > low) return "SHORT_TP_TOO_HIGH";
      if (which === "sl" && value! < high) return "SHORT_SL_TOO_LOW";
    }
    return null;
  };
  return { tp: check(input.tp, "tp"), sl: check(input.sl, "sl") };
}

/**
 * Units of the margin currency (USDT) per unit of the pair's quote currency: 1 for USD and USDT pairs; for another
 * quote currency (JPY), what the ticket's `value_per_lot_1pct` implies at the current price; null when unknown.
 */
export function marginRateOf(ticket: { symbol: string; contract_size: string; value_per_lot_1pct: string | null }, last: string | null): string | null {
  const quote = ticket.symbol.split("/")[1];
  if (quote === "USDT" || quote === "USD") return "1";
  const value = parseDecimal(ticket.value_per_lot_1pct);
  const price = parseDecimal(last);
  const size = parseDecimal(ticket.contract_size);
  if (value === null || price === null || size === null || price === 0n || size === 0n) return null;
  return toDecimal(div(value, mul(mul(HUNDREDTH, size), price)));
}
