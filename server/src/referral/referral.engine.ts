import type { Decimal } from "decimal.js";
import { money } from "../ledger";

/** "alice123" -> "al***23": enough to recognise a friend, not enough to find an account. */
export function maskAccount(account: string): string {
  const at = account.indexOf("@");
  if (at > 0) return `${maskAccount(account.slice(0, at))}${account.slice(at)}`;
  if (account.length <= 2) return `${account.slice(0, 1)}***`;
  if (account.length <= 4) return `${account.slice(0, 1)}***${account.slice(-1)}`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

/** The commission on one fee: the fee times the level's rate, cut (never rounded up) to 8 places. */
export function commissionOf(fee: Decimal.Value, rate: Decimal.Value): Decimal {
  return money(fee).times(rate).toDecimalPlaces(8, 1 /* ROUND_DOWN */);
}
