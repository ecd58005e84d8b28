import type { Decimal } from "decimal.js";
import type { OptionDirection, OptionResult } from "../../contract/options";
import { money, toWire } from "../ledger";
import type { Trigger } from "../triggers";

/**
 * Timed options, pure: when an option expires, which tick settles it, what it pays. No database, clock or
 * randomness here; the service feeds recorded ticks in.
 */

export interface Tick {
  price: string;
  atMs: number;
}

/** The instant an option expires: its opening tick's time plus its period. */
export const expiryMs = (openAtMs: number, seconds: number): number => openAtMs + seconds * 1000;

/** `settle_at` on the wire: the expiry in whole seconds, rounded up. */
export const settleAtSeconds = (openAtMs: number, seconds: number): number => Math.ceil(expiryMs(openAtMs, seconds) / 1000);

/** 1 / (1 + rate), to 4 decimals: the share of trades a user must win to break even. */
export const breakEvenWinRate = (rate: string): string => toWire(money(1).div(money(1).plus(rate)).toDecimalPlaces(4, 4));

/** Up wins on a higher close, down on a lower one; an equal close is a tie. */
export function outcome(direction: OptionDirection, open: string, close: string): OptionResult {
  const cmp = money(close).cmp(open);
  if (cmp === 0) return "tie";
  return (cmp > 0) === (direction === "up") ? "win" : "loss";
}

/** What returns to the user: stake x (1 + rate) on a win, the stake on a tie, nothing on a loss. */
export function payoutOf(result: OptionResult, amount: string, rate: string): Decimal {
  if (result === "win") return money(amount).times(money(1).plus(rate)).toDecimalPlaces(8, 1);
  if (result === "tie") return money(amount);
  return money(0);
}

/** The expected value of one trade when up and down are equally likely (ties aside): stake x (rate - 1) / 2. */
export const coinTossExpectedValue = (amount: string, rate: string): Decimal => money(amount).times(money(rate).minus(1)).div(2);

/**
 * The first tick that settles an option: at or after its expiry. A tick one millisecond before does not count.
 * `ticks` are in time order.
 */
export function settlingTick(ticks: readonly Tick[], expiresAtMs: number): Tick | null {
  for (const t of ticks) if (t.atMs >= expiresAtMs) return t;
  return null;
}

/** Settles an option on a list of recorded ticks (the engine in one call, for tables and properties). */
export function settle(option: { direction: OptionDirection; amount: string; rate: string; open: Tick; seconds: number }, ticks: readonly Tick[]) {
  const close = settlingTick(ticks, expiryMs(option.open.atMs, option.seconds));
  if (!close) return null;
  const result = outcome(option.direction, option.open.price, close.price);
  return { close, result, payout: payoutOf(result, option.amount, option.rate) };
}

/** An open option's one trigger: the first tick whose time reaches the expiry. */
export const triggerOf = (option: { id: number; symbol: string; expiresAtMs: number; userId: number }): Trigger => ({
  key: `options:${option.id}:expiry`,
  owner: `options:${option.id}`,
  symbol: option.symbol,
  watch: "time",
  cross: "up",
  level: String(option.expiresAtMs),
  user: option.userId,
});
