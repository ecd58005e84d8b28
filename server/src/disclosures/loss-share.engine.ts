import { Decimal } from "decimal.js";

/** One ledger account's net result over the window: a user in one currency. */
export interface AccountNet {
  userId: number;
  currency: string;
  net: string;
}

export interface LossShare {
  accounts: number;
  losing: number;
  /** losing / accounts to 4 places, or null below the minimum of accounts (too few to say anything honest). */
  share: string | null;
}

/**
 * The share of accounts that lost money: each account counts once, by its net result over the window (results
 * already summed per account), and loses when that net is below zero. A break-even account is not a loser.
 */
export function lossShareOf(results: readonly AccountNet[], minAccounts: number): LossShare {
  const accounts = results.length;
  const losing = results.filter((result) => new Decimal(result.net).lt(0)).length;
  const share = accounts >= minAccounts && accounts > 0 ? new Decimal(losing).div(accounts).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4) : null;
  return { accounts, losing, share };
}
