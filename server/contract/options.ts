import { z } from "zod";
import { call } from "./define";
import { decimalString, id, idempotencyKey, msg, pageQuery, seconds, wholeNumber } from "./common";
import { marketKind, pairSymbol, termChange } from "./market";
import { tick } from "./positions";
import { currencyCode } from "./wallet";

/**
 * Timed options: a stake on the direction of a pair over a fixed period. The stake is
 * held at submit with the pair's last recorded tick as the opening tick; the option settles on the first recorded
 * tick at or after `open_tick.at_ms + seconds x 1000`. Up wins when the close is higher, down when lower, an equal
 * close is a tie (the stake comes back); a win pays amount x (1 + rate). `break_even_win_rate` = 1 / (1 + rate): the
 * share of trades a user must win just to break even, above one half whenever rate < 1.
 */

export const optionDirections = ["up", "down"] as const;
export const optionDirection = z.enum(optionDirections, msg("WRONG_DIRECTION"));
export type OptionDirection = z.infer<typeof optionDirection>;

export const optionStatuses = ["open", "settled"] as const;
export const optionStatus = z.enum(optionStatuses, msg("PARAMETER_ERROR"));
export type OptionStatus = z.infer<typeof optionStatus>;

export const optionResults = ["win", "loss", "tie"] as const;
export const optionResult = z.enum(optionResults);
export type OptionResult = z.infer<typeof optionResult>;

/** One period a user may choose: its length, the profit rate paid on a win, and the stake limits. */
export const period = z.object({
  seconds: z.number().int().positive(),
  /** Profit paid on a win as a fraction of the stake ("0.8": a win of 100 pays 180). */
  rate: decimalString,
  min: decimalString,
  max: decimalString,
  /** 1 / (1 + rate): the win rate a user needs just to break even. */
  break_even_win_rate: decimalString,
  /**
   * Whether an option of this period can be placed now: false on forex and metals when the market is closed or
   * would close before the expiry (the expiry in the closed window, or across the weekend).
   */
  available: z.boolean(),
});
export type Period = z.infer<typeof period>;

export const option = z.object({
  id: z.number().int(),
  symbol: z.string(),
  kind: marketKind,
  /** The pair's price precision: the ticks' prices are shown with it, as every price of the pair. */
  price_precision: z.number().int().nonnegative(),
  direction: optionDirection,
  seconds: z.number().int().positive(),
  /** The stake. */
  amount: decimalString,
  currency: z.string(),
  rate: decimalString,
  /** The pair's last recorded tick when the option was placed. */
  open_tick: tick,
  /** ceil((open_tick.at_ms + seconds x 1000) / 1000). */
  settle_at: seconds,
  /** The exact expiry in milliseconds: the option settles on the first recorded tick at or after it. */
  expires_at_ms: z.number().int().nonnegative(),
  status: optionStatus,
  result: optionResult.nullable(),
  /** What was credited back: amount x (1 + rate) on a win, the stake on a tie, "0" on a loss; null while open. */
  payout: decimalString.nullable(),
  /** What a win would pay (amount x (1 + rate)), shown while open too. */
  payout_on_win: decimalString,
  close_tick: tick.nullable(),
  break_even_win_rate: decimalString,
  created_at: seconds,
  settled_at: seconds.nullable(),
});
export type Option = z.infer<typeof option>;

const kindQuery = z.object({ kind: marketKind.default("crypto") });

export const periods = call({
  method: "GET",
  path: "microtrade/seconds",
  access: "user",
  summary: "The periods of a kind of pair with their payout rates, stake limits and break-even win rates",
  tags: ["options"],
  input: kindQuery,
  output: z.array(period),
});

export const payableCurrencies = call({
  method: "GET",
  path: "microtrade/payable_currencies",
  access: "user",
  summary: "The currencies a stake may be paid in, with the user's available balance of each",
  tags: ["options"],
  input: z.object({}),
  output: z.array(z.object({ currency: z.string(), available: decimalString })),
});

const submitInput = z.object({
  symbol: pairSymbol,
  direction: optionDirection,
  seconds: wholeNumber(1, 31_536_000),
  amount: decimalString,
  currency: currencyCode.default("USDT"),
  idempotency_key: idempotencyKey,
});
export type SubmitOptionInput = z.infer<typeof submitInput>;

export const submit = call({
  method: "POST",
  path: "microtrade/submit",
  access: "user",
  summary: "Place a timed option on a crypto pair: the stake is held, the last recorded tick is its opening tick",
  tags: ["options"],
  input: submitInput,
  output: option,
});

export const forexSubmit = call({
  method: "POST",
  path: "microtrade/whsubmit",
  access: "user",
  summary: "Place a timed option on a forex or metal pair (only while its session is open)",
  tags: ["options"],
  input: submitInput,
  output: option,
});

const listInput = pageQuery.extend({ status: optionStatus.optional() });

export const list = call({
  method: "GET",
  path: "microtrade/lists",
  access: "user",
  summary: "My options on crypto pairs, open or settled (with both ticks), newest first",
  tags: ["options"],
  input: listInput,
  output: z.object({ list: z.array(option), total: z.number().int().nonnegative() }),
});

export const forexList = call({
  method: "GET",
  path: "microtrade/whlists",
  access: "user",
  summary: "My options on forex and metal pairs, open or settled, newest first",
  tags: ["options"],
  input: listInput,
  output: z.object({ list: z.array(option), total: z.number().int().nonnegative() }),
});

// ---- back office ----------------------------------------------------------------------------------------------

const periodConfig = z.object({
  seconds: z.number().int().positive().max(31_536_000),
  rate: decimalString,
  min: decimalString,
  max: decimalString,
});

/** Settings `options.config`: the periods per kind and the currencies a stake may be paid in. */
export const config = z.object({
  kinds: z.object({ crypto: z.array(periodConfig).min(1), forex: z.array(periodConfig).min(1), metal: z.array(periodConfig).min(1) }),
  currencies: z.array(z.string().regex(/^[A-Z0-9]{2,12}$/)).min(1),
});
export type OptionsConfig = z.infer<typeof config>;

export const backofficeOptions = call({
  method: "GET",
  path: "backoffice/options",
  access: "operator",
  summary: "Options of every user (read only), by status, user and symbol, with the platform's options account",
  tags: ["backoffice", "options"],
  input: pageQuery.extend({
    status: optionStatus.optional(),
    user_id: id().optional(),
    symbol: pairSymbol.optional(),
  }),
  output: z.object({
    list: z.array(option.extend({ user_id: z.number().int(), account: z.string() })),
    total: z.number().int().nonnegative(),
    accounts: z.array(z.object({ platform: z.string(), currency: z.string(), balance: z.string() })),
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
  path: "backoffice/options/config",
  access: "operator",
  summary: "The option periods per kind (payout rates, stake limits) and the payable currencies",
  tags: ["backoffice", "options"],
  input: z.object({}),
  output: configWithPending,
});

export const backofficeConfigSave = call({
  method: "POST",
  path: "backoffice/options/config/save",
  access: "operator",
  summary: "Change the option periods and rates (admin; audited; announced). A lower rate waits for the notice period; options already placed keep their rate.",
  tags: ["backoffice", "options"],
  input: config.extend({ reason: z.string().trim().max(200).optional() }),
  output: configWithPending,
});
