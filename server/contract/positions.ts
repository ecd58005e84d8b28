import { z } from "zod";
import { call } from "./define";
import { decimalString, id, idempotencyKey, idInput, msg, pageQuery, seconds, signedDecimalString, wholeNumber } from "./common";
import { marketKind, pairSymbol, termChange, upcomingTermChange } from "./market";

/**
 * Leveraged contracts, forex and metals: one position engine, with the fields every client and outside tool relies on.
 * Quantities are lots (`contract_size` units of the base asset each); prices are decimal strings with the pair's
 * precision; rates are fractions. Every fill, trigger and liquidation names the recorded tick it used.
 */

/** A recorded feed tick: the price and its own time in milliseconds. Every settlement shows one. */
export const tick = z.object({ price: decimalString, at_ms: z.number().int().nonnegative() });
export type Tick = z.infer<typeof tick>;

export const positionDirections = ["long", "short"] as const;
export const positionDirection = z.enum(positionDirections, msg("WRONG_DIRECTION"));
export type PositionDirection = z.infer<typeof positionDirection>;

/** `stop`: a stop entry order, pending until the first fresh tick crosses its `stop_price`, then opened at market. */
export const orderTypes = ["market", "limit", "stop"] as const;
export const orderType = z.enum(orderTypes, msg("PARAMETER_ERROR"));
export type OrderType = z.infer<typeof orderType>;

export const positionStatuses = ["pending", "open", "closing", "closed", "cancelled"] as const;
export const positionStatus = z.enum(positionStatuses, msg("PARAMETER_ERROR"));
export type PositionStatus = z.infer<typeof positionStatus>;

export const closeReasons = ["user", "tp", "sl", "liquidation", "close_all"] as const;
export const closeReason = z.enum(closeReasons);
export type CloseReason = z.infer<typeof closeReason>;

/** A price typed by a user: above zero (a zero TP or SL has its own message, checked by the caller). */
const priceInput = decimalString;
/** TP/SL on `lever/setstop`: omitted keeps, an empty string clears. */
const stopInput = z.union([z.literal(""), decimalString]);

export const position = z.object({
  id: z.number().int(),
  symbol: z.string(),
  kind: marketKind,
  direction: positionDirection,
  type: orderType,
  /** Lots. */
  quantity: decimalString,
  contract_size: decimalString,
  leverage: z.number().int(),
  /** The limit price, or null for a market or stop order. */
  price: decimalString.nullable(),
  /** A stop order's stop price (long: opens when the ask reaches it; short: when the bid does), else null. */
  stop_price: decimalString.nullable(),
  open_price: decimalString.nullable(),
  open_tick: tick.nullable(),
  /** Held from the USDT wallet while the position is open (or the order pending). */
  margin: decimalString,
  open_fee: decimalString,
  close_fee: decimalString,
  /** Financing accumulated overnight (forex and metals), a charge: it lowers the P&L. */
  swap: decimalString,
  tp_price: decimalString.nullable(),
  /** The stop-loss level now: with a trailing stop-loss, where it has trailed to. */
  sl_price: decimalString.nullable(),
  /** A trailing stop-loss's rate (a fraction, 0.001 to 0.2), or null: the SL follows the best price since it was set. */
  sl_trail_rate: decimalString.nullable(),
  /** The executable close price now (bid for a long, ask for a short); the close price once closed. */
  mark_price: decimalString.nullable(),
  /** Unrealised while open, realised once closed; after fees and swaps. */
  pnl: signedDecimalString,
  liquidation_price: decimalString.nullable(),
  /** Margin level while open, in percent: equity / maintenance margin x 100 (100 = liquidation). */
  margin_level: decimalString.nullable(),
  status: positionStatus,
  close_reason: closeReason.nullable(),
  close_price: decimalString.nullable(),
  close_tick: tick.nullable(),
  /** What returned to the wallet on close (margin + P&L, never below zero). */
  payout: decimalString.nullable(),
  created_at: seconds,
  opened_at: seconds.nullable(),
  closed_at: seconds.nullable(),
});
export type Position = z.infer<typeof position>;

/** A weekly session: closed from `close` to `open`, each "<weekday 0-6, 0 = Sunday> HH:MM" in UTC. */
export const weeklySession = z.object({ close: z.string().regex(/^[0-6] \d\d:\d\d$/), open: z.string().regex(/^[0-6] \d\d:\d\d$/) });
export type WeeklySession = z.infer<typeof weeklySession>;

export const ticket = z.object({
  symbol: z.string(),
  kind: marketKind,
  bid: decimalString.nullable(),
  ask: decimalString.nullable(),
  last: decimalString.nullable(),
  /** The leverage values a user may choose for this pair. */
  leverages: z.array(z.number().int()),
  max_leverage: z.number().int(),
  fee_rate: decimalString,
  quantity_step: decimalString,
  quantity_min: decimalString,
  quantity_max: decimalString,
  contract_size: decimalString,
  price_precision: z.number().int(),
  margin_currency: z.string(),
  /** The user's available margin currency. */
  available: decimalString,
  /** The maintenance margin as a fraction of the notional (crypto); forex and metals close out at half the margin. */
  maintenance_rate: decimalString,
  /** The pair is switched on for trading. */
  trading: z.boolean(),
  /** The pair's trading session is open now. */
  session_open: z.boolean(),
  /** When the session opens next (seconds), null while open. */
  next_open_at: seconds.nullable(),
  /** The weekly trading hours (forex and metals; null for crypto, which never closes): closed from `close` to `open`. */
  trading_hours: weeklySession.nullable(),
  /** Forex and metals need a bound bank card. */
  bank_card_required: z.boolean(),
  bank_card_bound: z.boolean(),
  /** What one lot is worth in the margin currency for a 1 % move at the current price. */
  value_per_lot_1pct: decimalString.nullable(),
  /** Daily swap charge rates as fractions of the notional (forex and metals), triple on Wednesday. */
  swap_long_rate: decimalString,
  swap_short_rate: decimalString,
  /** Announced changes of the pair's terms that have not taken effect yet (a wider spread from a given time). */
  upcoming: z.array(upcomingTermChange).optional(),
});
export type Ticket = z.infer<typeof ticket>;

export const deal = call({
  method: "POST",
  path: "lever/deal",
  access: "user",
  summary: "A pair's leveraged ticket: quote, allowed leverages, fee, steps, session, the user's available margin",
  tags: ["positions"],
  input: z.object({ symbol: pairSymbol }),
  output: ticket,
});

export const submit = call({
  method: "POST",
  path: "lever/submit",
  access: "user",
  summary: "Open a long or a short, at market, with a limit price or with a stop price, with optional take-profit and stop-loss",
  tags: ["positions"],
  input: z.object({
    symbol: pairSymbol,
    direction: positionDirection,
    type: orderType.default("market"),
    quantity: decimalString,
    price: z.union([z.literal(""), priceInput]).optional(),
    /** Type `stop` only: a long's strictly above the ask, a short's strictly below the bid. */
    stop_price: z.union([z.literal(""), priceInput]).optional(),
    leverage: wholeNumber(1, 10_000),
    tp_price: z.union([z.literal(""), priceInput]).optional(),
    sl_price: z.union([z.literal(""), priceInput]).optional(),
    idempotency_key: idempotencyKey,
  }),
  output: position,
});

export const cancel = call({
  method: "POST",
  path: "lever/cancel",
  access: "user",
  summary: "Cancel a pending limit or stop order: its margin and fee return to the wallet",
  tags: ["positions"],
  input: idInput,
  output: position,
});

export const setStop = call({
  method: "POST",
  path: "lever/setstop",
  access: "user",
  summary: "Set, change or clear take-profit, stop-loss and a trailing stop-loss rate of a position (omitted keeps, empty clears)",
  tags: ["positions"],
  input: idInput.extend({ tp_price: stopInput.optional(), sl_price: stopInput.optional(), sl_trail_rate: stopInput.optional() }),
  output: position,
});

export const close = call({
  method: "POST",
  path: "lever/close",
  access: "user",
  summary: "Close one open position at the current executable price",
  tags: ["positions"],
  input: idInput,
  output: position,
});

export const closeAll = call({
  method: "POST",
  path: "lever/dealall",
  access: "user",
  summary: "Close every open position (of one symbol, or of one kind)",
  tags: ["positions"],
  input: z.object({ symbol: pairSymbol.optional(), kind: marketKind.optional() }),
  output: z.object({ closed: z.number().int(), pnl: signedDecimalString, list: z.array(position) }),
});

/**
 * The desk's account as MT5 defines it, over the open positions of the kind(s) listed: balance = the wallet's
 * available margin currency + the margin those positions hold; equity = balance + their unrealised P&L; free margin
 * = equity - margin. So equity = margin + free margin, and with nothing open equity equals the balance.
 */
export const account = z.object({
  balance: decimalString,
  equity: signedDecimalString,
  margin: decimalString,
  /** Equity - margin: what new positions may still use (negative when losses exceed the available balance). */
  free_margin: signedDecimalString,
  /** The positions' own equity (margin + gross P&L - swaps due) / their maintenance margin, in percent (100 = liquidation); null without open positions. */
  margin_level: decimalString.nullable(),
  /** The maintenance margin of those positions (what the margin level divides by). */
  maintenance: decimalString,
  unrealised_pnl: signedDecimalString,
});

export const myTrades = call({
  method: "POST",
  path: "lever/my_trade",
  access: "user",
  summary: "My positions: pending orders, open positions with live P&L, or closed ones with their ticks",
  tags: ["positions"],
  input: pageQuery.extend({
    status: z.enum(["pending", "open", "closed"], msg("PARAMETER_ERROR")).default("open"),
    kind: marketKind.optional(),
    symbol: pairSymbol.optional(),
  }),
  output: z.object({ list: z.array(position), total: z.number().int().nonnegative(), account }),
});

// ---- back office ----------------------------------------------------------------------------------------------

/** One kind's (or one pair's) trading rules: leverage caps, fees, maintenance, swaps. */
export const rules = z.object({
  leverages: z.array(z.number().int().positive()).min(1),
  max_leverage: z.number().int().positive(),
  fee_rate: decimalString,
  maintenance_rate: decimalString,
  swap_long_rate: decimalString,
  swap_short_rate: decimalString,
});
export type Rules = z.infer<typeof rules>;

export const config = z.object({
  kinds: z.object({ crypto: rules, forex: rules, metal: rules }),
  /** Per-pair overrides of a kind's rules. */
  pairs: z.record(z.string(), rules.partial()),
  /** Forex and metals close weekly: from `close` to `open`, each "<weekday 0-6, 0 = Sunday> HH:MM" in UTC. */
  session: weeklySession,
  /** When a margin level falls under this, in percent like `margin_level` (e.g. 150), the user is warned once. */
  warning_level: decimalString,
});
export type PositionsConfig = z.infer<typeof config>;

export const backofficePositions = call({
  method: "GET",
  path: "backoffice/positions",
  access: "operator",
  summary: "Positions of every user (read only), by status, user and symbol",
  tags: ["backoffice", "positions"],
  input: pageQuery.extend({
    status: positionStatus.optional(),
    user_id: id().optional(),
    symbol: pairSymbol.optional(),
  }),
  output: z.object({
    list: z.array(position.extend({ user_id: z.number().int(), account: z.string() })),
    total: z.number().int().nonnegative(),
    /** The platform's trading (counterparty) and insurance accounts, per currency. */
    accounts: z.array(z.object({ platform: z.string(), currency: z.string(), balance: signedDecimalString })),
  }),
});

/**
 * The configuration in force, and the saved change waiting for its notice period (issue 25): a change with any term
 * worse for users (a higher rate, a lower payout or leverage cap) applies at `pending.effective_at`, whole
 * (`pending.to_config`); one only better applies at once. Both are announced to every user.
 */
export const configWithPending = config.extend({ pending: termChange.nullable().optional() });

export const backofficeConfig = call({
  method: "GET",
  path: "backoffice/positions/config",
  access: "operator",
  summary: "The leveraged trading rules: per kind, per-pair overrides, the forex session, the margin warning",
  tags: ["backoffice", "positions"],
  input: z.object({}),
  output: configWithPending,
});

export const backofficeConfigSave = call({
  method: "POST",
  path: "backoffice/positions/config/save",
  access: "operator",
  summary: "Change the leveraged trading rules (admin; audited; announced). A worse term waits for the notice period; open positions keep the rules they opened with.",
  tags: ["backoffice", "positions"],
  input: config.extend({ reason: z.string().trim().max(200).optional() }),
  output: configWithPending,
});
