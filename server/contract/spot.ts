import { z } from "zod";
import { call } from "./define";
import { decimalString, id, idempotencyKey, idInput, msg, pageQuery, seconds } from "./common";
import { pairSymbol, termChange, upcomingTermChange } from "./market";

/**
 * Spot coin trading: the broker model against the recorded feed. Market orders fill at once at
 * the ask (buy) or the bid (sell) around the pair's last recorded tick; limit orders hold their funds and fill at
 * their price on the first recorded tick that crosses it. Quantities are in the base asset; amounts and fees in the
 * quote currency. Every fill names its tick.
 */

/** A recorded feed tick: the price and its own time in milliseconds. */
export const tick = z.object({ price: decimalString, at_ms: z.number().int().nonnegative() });

export const spotSides = ["buy", "sell"] as const;
export const spotSide = z.enum(spotSides, msg("WRONG_DIRECTION"));
export type SpotSide = z.infer<typeof spotSide>;

/**
 * Wave 4: a stop-market fills at market, a stop-limit becomes a limit order, on the first tick crossing its stop; a
 * trailing stop fills at market when the price comes back `trailing_rate` from its best since placement.
 */
export const spotTypes = ["market", "limit", "stop_market", "stop_limit", "trailing_stop"] as const;
export const spotType = z.enum(spotTypes, msg("PARAMETER_ERROR"));
export type SpotType = z.infer<typeof spotType>;

/** Wire states: `waiting` (a stop not yet triggered), `open` shows as "in transaction", `filled` as "completed". */
export const spotStatuses = ["waiting", "open", "filled", "cancelled"] as const;
export const spotStatus = z.enum(spotStatuses, msg("PARAMETER_ERROR"));
export type SpotStatus = z.infer<typeof spotStatus>;

export const spotOrder = z.object({
  id: z.number().int(),
  symbol: z.string(),
  side: spotSide,
  type: spotType,
  /** The limit price, or null for a market order. */
  price: decimalString.nullable(),
  /** Base asset. */
  quantity: decimalString,
  filled_price: decimalString.nullable(),
  /** Quote paid (buy) or received before the fee (sell): quantity x filled price. Null until filled. */
  amount: decimalString.nullable(),
  /** In `fee_currency` (the quote currency): a buy pays amount + fee, a sell receives amount - fee. */
  fee: decimalString.nullable(),
  fee_currency: z.string(),
  status: spotStatus,
  /** The recorded tick the fill used, or null while open / once cancelled. */
  tick: tick.nullable(),
  created_at: seconds,
  filled_at: seconds.nullable(),
  // More than the published fields (added, never renamed): what the screens need to explain an order.
  base: z.string(),
  quote: z.string(),
  fee_rate: decimalString,
  /** What an open limit order holds: the quote amount + fee (buy) or the base quantity (sell). */
  held: decimalString.nullable(),
  cancelled_at: seconds.nullable(),
  // Wave 4: conditional orders.
  /** A stop order's stop price, else null. */
  stop_price: decimalString.nullable(),
  /** A trailing stop's rate (a fraction), else null. */
  trailing_rate: decimalString.nullable(),
  /** The level a waiting order triggers at now (its stop, or a trailing stop's level as it moves), else null. */
  trigger_price: decimalString.nullable(),
  /** The tick that triggered a stop order, null while waiting (and for other types). */
  triggered_tick: tick.nullable(),
  /** The one-cancels-the-other pair it belongs to (the limit leg's id), else null. */
  oco_id: z.number().int().nullable(),
});
export type SpotOrder = z.infer<typeof spotOrder>;

export const trade = call({
  method: "POST",
  path: "coin/trade",
  access: "user",
  summary: "Buy or sell a coin at market (fills now at the ask/bid of the last recorded tick) or with a limit price (held until a tick crosses it)",
  tags: ["spot"],
  input: z.object({
    symbol: pairSymbol,
    side: spotSide,
    type: spotType.default("market"),
    quantity: decimalString,
    price: z.union([z.literal(""), decimalString]).optional(),
    /** stop_market and stop_limit: the price whose crossing triggers the order. */
    stop_price: z.union([z.literal(""), decimalString]).optional(),
    /** trailing_stop: how far back from its best price it triggers, a fraction from 0.001 to 0.2. */
    trailing_rate: z.union([z.literal(""), decimalString]).optional(),
    idempotency_key: idempotencyKey,
  }),
  output: spotOrder,
});

export const oco = call({
  method: "POST",
  path: "coin/oco",
  access: "user",
  summary: "One-cancels-the-other: a limit order and a stop on one hold; when one fills or triggers the other is cancelled",
  tags: ["spot"],
  input: z.object({
    symbol: pairSymbol,
    side: spotSide,
    quantity: decimalString,
    /** The limit leg's price (a sell's take-profit above the bid, a buy's limit below the ask). */
    price: decimalString,
    stop_price: decimalString,
    /** Present: the stop leg is a stop-limit at this price; absent, a stop-market. */
    stop_limit_price: z.union([z.literal(""), decimalString]).optional(),
    idempotency_key: idempotencyKey,
  }),
  output: z.object({ oco_id: z.number().int(), orders: z.array(spotOrder) }),
});

export const cancel = call({
  method: "POST",
  path: "coin/cancel",
  access: "user",
  summary: "Cancel an open limit order or a waiting stop order (both legs of an OCO): its held funds return to the wallet",
  tags: ["spot"],
  input: idInput,
  output: spotOrder,
});

export const list = call({
  method: "GET",
  path: "coin/list",
  access: "user",
  summary: "My spot orders, newest first: open ones, done ones (filled or cancelled), or all",
  tags: ["spot"],
  input: pageQuery.extend({
    status: z.enum(["open", "done"], msg("PARAMETER_ERROR")).optional(),
    symbol: pairSymbol.optional(),
  }),
  output: z.object({ list: z.array(spotOrder), total: z.number().int().nonnegative() }),
});

export const ticket = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  bid: decimalString.nullable(),
  ask: decimalString.nullable(),
  last: decimalString.nullable(),
  /** The last recorded tick the market orders would fill on. */
  tick: tick.nullable(),
  fee_rate: decimalString,
  quantity_step: decimalString,
  quantity_min: decimalString,
  quantity_max: decimalString,
  price_precision: z.number().int(),
  /** Switched on for trading and priced by a live feed. */
  trading: z.boolean(),
  /** The prices come from the built-in simulator (every price screen then says "demo market data"). */
  demo: z.boolean(),
  /** The user's available quote and base currency. */
  quote_available: decimalString,
  base_available: decimalString,
  /** Announced changes of the pair's terms that have not taken effect yet (a wider spread from a given time). */
  upcoming: z.array(upcomingTermChange).optional(),
});
export type SpotTicket = z.infer<typeof ticket>;

export const ticketCall = call({
  method: "GET",
  path: "coin/ticket",
  access: "user",
  summary: "A crypto pair's spot ticket: quote around the last tick, fee rate, steps, and the user's available balances",
  tags: ["spot"],
  input: z.object({ symbol: pairSymbol }),
  output: ticket,
});

export const holding = z.object({
  currency: z.string(),
  /** Available + frozen. */
  balance: decimalString,
  available: decimalString,
  frozen: decimalString,
  /** USDT per unit now (the pair's last price; 1 for USDT), null without a price. */
  price: decimalString.nullable(),
  value_usdt: decimalString.nullable(),
  /** Average cost in USDT per unit of what the user's spot buys brought (fees included), null without spot buys. */
  average_cost: decimalString.nullable(),
  /** The pair's price decimals, which the price and the average cost are shown with; null without a pair. */
  price_precision: z.number().int().nullable(),
  /** The tradable pair of this coin (e.g. BTC/USDT), null for USDT. */
  symbol: z.string().nullable(),
});
export type Holding = z.infer<typeof holding>;

export const accountCall = call({
  method: "GET",
  path: "coin/account",
  access: "user",
  summary: "The spot account: each holding with its USDT value now and the average cost of the spot buys behind it",
  tags: ["spot"],
  input: z.object({}),
  output: z.object({ holdings: z.array(holding), total_usdt: decimalString }),
});

// ---- back office ----------------------------------------------------------------------------------------------

export const spotConfig = z.object({
  /** The fee of every pair without its own rate, a fraction of the amount (0.001 = 0.1 %). */
  fee_rate: decimalString,
  /** Per-pair fee rates. */
  pairs: z.record(z.string(), decimalString),
});
export type SpotConfig = z.infer<typeof spotConfig>;

export const backofficeOrders = call({
  method: "GET",
  path: "backoffice/spot/orders",
  access: "operator",
  summary: "Spot orders of every user (read only), by status, user and symbol",
  tags: ["backoffice", "spot"],
  input: pageQuery.extend({
    status: spotStatus.optional(),
    user_id: id().optional(),
    symbol: pairSymbol.optional(),
  }),
  output: z.object({
    list: z.array(spotOrder.extend({ user_id: z.number().int(), account: z.string() })),
    total: z.number().int().nonnegative(),
    /** The platform's spot desk (the counterparty of every fill), per currency. */
    accounts: z.array(z.object({ platform: z.string(), currency: z.string(), balance: z.string() })),
  }),
});

/**
 * The configuration in force, and the saved change waiting for its notice period (issue 25): a change with any term
 * worse for users (a higher rate, a lower payout or leverage cap) applies at `pending.effective_at`, whole
 * (`pending.to_config`); one only better applies at once. Both are announced to every user.
 */
export const spotConfigWithPending = spotConfig.extend({ pending: termChange.nullable().optional() });

export const backofficeConfig = call({
  method: "GET",
  path: "backoffice/spot/config",
  access: "operator",
  summary: "Spot fee rates: the default and per pair",
  tags: ["backoffice", "spot"],
  input: z.object({}),
  output: spotConfigWithPending,
});

export const backofficeConfigSave = call({
  method: "POST",
  path: "backoffice/spot/config/save",
  access: "operator",
  summary: "Change spot fee rates (admin; audited; announced). A higher rate waits for the notice period; open limit orders keep the rate they were placed with.",
  tags: ["backoffice", "spot"],
  input: spotConfig.extend({ reason: z.string().trim().max(200).optional() }),
  output: spotConfigWithPending,
});
