import { z } from "zod";
import { call } from "./define";
import { decimalString, idempotencyKey, msg, pageQuery, paged, seconds, signedDecimalString } from "./common";

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
export const causeTick = z.object({ symbol: z.string(), price: decimalString, at_ms: z.number().int().nonnegative() });
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
