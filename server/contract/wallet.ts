import { z } from "zod";
import { call } from "./define";
import { decimalString, idempotencyKey, msg, pageQuery, paged, seconds, signedDecimalString, wholeNumber } from "./common";

/** A currency code on the wire: `USDT`, `BTC`... (case-insensitive in, upper case out). */
export const currencyCode = z
  .string(msg("MISSING_PARAMETER"))
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z0-9]{2,12}$/, msg("CURRENCY_NOT_FOUND")));

export const walletItem = z.object({
  currency: z.string(),
  /** available + frozen */
  balance: decimalString,
  available: decimalString,
  frozen: decimalString,
  /** The balance valued in USDT at the current price (null when the currency has no price). */
  usdt_value: decimalString.nullable(),
});
export type WalletItem = z.infer<typeof walletItem>;

export const list = call({
  method: "POST",
  path: "wallet/list",
  access: "user",
  summary: "The user's wallets: balance, available, frozen and USDT value per currency",
  tags: ["wallet"],
  input: z.object({}),
  output: z.array(walletItem),
});

export const flashPair = z.object({
  from: z.string(),
  to: z.string(),
  /** Units of `to` for one unit of `from`, at the current price. */
  rate: decimalString,
  /** Fee as a fraction of the amount converted (0.002 = 0.2%), taken in `from`. */
  fee_rate: decimalString,
  /** Limits of the amount converted, in `from`. */
  min: decimalString,
  max: decimalString,
  /** Decimals of each side (amounts are rounded down to them). */
  from_decimals: z.number().int(),
  to_decimals: z.number().int(),
});
export type FlashPair = z.infer<typeof flashPair>;

export const flashPairs = call({
  method: "GET",
  path: "wallet/flashAgainstList",
  access: "user",
  summary: "Conversion pairs with their current rate, fee and limits",
  tags: ["wallet"],
  input: z.object({}),
  output: z.array(flashPair),
});

export const flashExchange = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  amount: decimalString,
  fee: decimalString,
  rate: decimalString,
  received: decimalString,
  created_at: seconds,
});
export type FlashExchange = z.infer<typeof flashExchange>;

export const flash = call({
  method: "POST",
  path: "wallet/flashAgainst",
  access: "user",
  summary: "Convert an amount from one wallet to another at the current rate (flash exchange)",
  tags: ["wallet"],
  input: z.object({
    from: currencyCode,
    to: currencyCode,
    amount: decimalString,
    idempotency_key: idempotencyKey,
  }),
  output: flashExchange,
});

export const myFlashes = call({
  method: "GET",
  path: "wallet/myFlashAgainstList",
  access: "user",
  summary: "The user's conversions, newest first",
  tags: ["wallet"],
  input: pageQuery,
  output: paged(flashExchange),
});

export const ledgerLine = z.object({
  entry_id: z.number().int(),
  currency: z.string(),
  /** What happened: deposit, withdrawal.hold, withdrawal.settle, withdrawal.release, flash, adjustment... */
  kind: z.string(),
  /** The business object behind it (deposit, withdrawal, flash, adjustment...) and its id. */
  cause_kind: z.string(),
  cause_id: z.string(),
  /** The operator's reason of a manual adjustment. */
  memo: z.string().nullable(),
  /** Change of the wallet's balance (available + frozen); the bucket changes beside it. */
  change: signedDecimalString,
  available_change: signedDecimalString,
  frozen_change: signedDecimalString,
  /** The wallet's balance after this entry: the newest line shows today's balance. */
  balance: decimalString,
  created_at: seconds,
});
export type LedgerLine = z.infer<typeof ledgerLine>;

/** Where a cause is listed when its product has two lists: positions and options (crypto or forex/metals), earn (arbitrage or hosting). */
export const causeDesks = ["crypto", "forex", "arbitrage", "hosting"] as const;
export type CauseDesk = (typeof causeDesks)[number];

/** The recorded feed tick a change settled on (a fill, a trigger, a liquidation, an option's expiry). */
/** The tick a trade's change settled on; `price_precision` is its pair's, for the price to be shown as the pair's prices are. */
export const causeTick = z.object({ symbol: z.string(), price: decimalString, at_ms: z.number().int().nonnegative(), price_precision: z.number().int().nonnegative() });
export type CauseTick = z.infer<typeof causeTick>;

/**
 * A line of the user's own finance records: a ledger line; for a cause listed on one of two screens, which one; for
 * a trade's change, the tick it settled on (the opening tick for what happened at the open, the closing one after).
 */
export const financeLine = ledgerLine.extend({ cause_desk: z.enum(causeDesks).nullable(), cause_tick: causeTick.nullable() });
export type FinanceLine = z.infer<typeof financeLine>;

export const detail = call({
  method: "POST",
  path: "wallet/detail",
  access: "user",
  summary: "The user's own ledger, entry by entry, with the cause of each (and the list that shows it) and a running balance",
  tags: ["wallet"],
  input: pageQuery.extend({ currency: currencyCode.optional() }),
  output: paged(financeLine),
});

/** What `finance/export` writes: the ledger, the trades (spot, contracts, forex and metals, options) or deposits and withdrawals. */
export const exportKinds = ["ledger", "trades", "funding"] as const;
export type ExportKind = (typeof exportKinds)[number];
/** The longest range one export covers (from and to both included). */
export const EXPORT_MAX_DAYS = 366;
/** The longest range of a statement page (a month; its lines are answered at once, not streamed). */
export const STATEMENT_MAX_DAYS = 31;

/**
 * The CSV columns of each kind, in order (the header row). Times are ISO 8601 in UTC, amounts decimal strings with a
 * decimal point, signed in the ledger. `ledger`: the last `balance_after` of a currency is its balance at `to`;
 * `cause` is the entry's kind (with an operator's reason after a colon), `reference` the business object
 * (`kind:id`), and the tick the change settled on where it has one.
 */
export const exportColumns = {
  ledger: ["time", "currency", "amount", "balance_after", "cause", "reference", "entry_id", "tick_symbol", "tick_price", "tick_time"],
  trades: ["time", "product", "symbol", "side", "quantity", "price", "amount", "fee", "realised_pnl", "currency", "tick_price", "tick_time", "reference"],
  funding: ["time", "type", "currency", "network", "amount", "fee", "net_amount", "status", "source", "tx_hash", "address", "reference"],
} as const satisfies Record<ExportKind, readonly string[]>;
export type ExportRow<K extends ExportKind> = Record<(typeof exportColumns)[K][number], string>;

/** Unix seconds up to the end of year 9999. */
const exportTime = wholeNumber(0, 253_402_300_799);

export const exportStatement = call({
  method: "GET",
  path: "finance/export",
  access: "user",
  summary: "The user's ledger, trades or deposits and withdrawals over a range (at most 366 days, both ends included) as a CSV download",
  tags: ["wallet"],
  produces: "text/csv; charset=utf-8",
  input: z.object({
    kind: z.enum(exportKinds, msg("PARAMETER_ERROR")),
    from: exportTime,
    to: exportTime,
  }),
  output: z.void(),
});

/** A ledger line of a statement: the change of the wallet's balance (available + frozen) and the balance after it. */
export const statementLine = z.object({
  entry_id: z.number().int(),
  kind: z.string(),
  cause_kind: z.string(),
  cause_id: z.string(),
  memo: z.string().nullable(),
  change: signedDecimalString,
  balance: decimalString,
  created_at: seconds,
  cause_tick: causeTick.nullable(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementCurrency = z.object({
  currency: z.string(),
  /** The balance before `from`. */
  opening: decimalString,
  /** The balance at the end of `to`: opening plus every line's change. */
  closing: decimalString,
  lines: z.array(statementLine),
});
export type StatementCurrency = z.infer<typeof statementCurrency>;

export const statement = call({
  method: "GET",
  path: "finance/statement",
  access: "user",
  summary: "A statement of the user's ledger over a range (a month on the statement page): per currency the opening balance, every entry, the closing balance",
  tags: ["wallet"],
  input: z.object({ from: exportTime, to: exportTime }),
  output: z.object({ from: seconds, to: seconds, currencies: z.array(statementCurrency) }),
});
