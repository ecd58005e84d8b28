/**
 * Open positions between two server updates: the server's figures (P&L after fees and swaps, margin level) moved
 * by what the executable close price did since, on exact decimals. With no newer price the server's figures show
 * unchanged, so the screen never disagrees with the server about a price it has seen.
 */
import type { Position } from "@contract/positions";
import { add, compare, decimalsOf, div, floorTo, mul, parseDecimal, sub, toDecimal, type Fixed } from "./fixed";
import { roeOf, trailLevelOf, type Quote } from "./ticket";

export interface LiveFigures {
  /** The executable close price now: the bid for a long, the ask for a short. */
  mark: string | null;
  /** P&L after the open fee, the close fee it would pay now and swaps (the server's `pnl`). */
  pnl: string;
  /** Equity / maintenance margin in percent (100 = liquidation), or null when unknown. */
  margin_level: string | null;
  /** How much the gross P&L (the equity) moved since the server's figures. */
  moved: string;
  /** The return on margin in percent (P&L / margin x 100), or null. */
  roe: string | null;
  /** The stop-loss level now: a trailing one moved by the live mark as the server moves it (only in the position's favour). */
  sl: string | null;
}

/** A trailing stop-loss's level at a mark: the server's level, or where the mark has trailed it past that. */
function liveStop(p: Position, mark: string | null): string | null {
  if (!p.sl_trail_rate || !p.sl_price || !mark) return p.sl_price;
  const candidate = trailLevelOf(p.direction, mark, p.sl_trail_rate, decimalsOf(p.sl_price));
  const now = parseDecimal(candidate);
  const level = parseDecimal(p.sl_price)!;
  if (now === null) return p.sl_price;
  return (p.direction === "long" ? now > level : now < level) ? candidate : p.sl_price;
}

/** Units of the margin currency per unit of the quote currency: 1 for USD and USDT pairs; null for others (JPY), whose live moves wait for the server. */
export function quoteToMargin(symbol: string): string | null {
  const quote = symbol.split("/")[1];
  return quote === "USDT" || quote === "USD" ? "1" : null;
}

/**
 * An open position at the executable price of `quote`: gross P&L moves by direction x (new - old mark) x units;
 * the close fee it would pay moves with the mark in proportion to the open fee (same rate, same units); the margin
 * level moves with the equity (margin + gross P&L) while the maintenance margin stays.
 */
export function livePosition(p: Position, quote: Quote | undefined): LiveFigures {
  const fallback = { mark: p.mark_price, pnl: p.pnl, margin_level: p.margin_level, moved: "0", roe: p.status === "open" ? roeOf(p.pnl, p.margin) : null, sl: p.sl_price };
  if (p.status !== "open" || !quote) return fallback;
  const mark = p.direction === "long" ? quote.bid : quote.ask;
  const now = parseDecimal(mark);
  const then = parseDecimal(p.mark_price);
  const open = parseDecimal(p.open_price);
  const rate = parseDecimal(quoteToMargin(p.symbol));
  const quantity = parseDecimal(p.quantity);
  const size = parseDecimal(p.contract_size);
  if (now === null || then === null || open === null || open === 0n || rate === null || quantity === null || size === null) return fallback;
  const perUnit = mul(mul(quantity, size), rate);
  const sign = (value: Fixed) => (p.direction === "long" ? value : -value);
  const moved = sign(mul(now - then, perUnit));
  const feeMoved = div(mul(parseDecimal(p.open_fee) ?? 0n, now - then), open);
  const pnl = sub(add(parseDecimal(p.pnl) ?? 0n, moved), feeMoved);
  // The server's equity at its mark (swaps due aside): margin + gross P&L.
  const equity = add(parseDecimal(p.margin) ?? 0n, sign(mul(then - open, perUnit)));
  return { mark, pnl: toDecimal(pnl), margin_level: movedLevel(p.margin_level, equity, moved), moved: toDecimal(moved), roe: roeOf(toDecimal(pnl), p.margin), sl: liveStop(p, mark) };
}

/** A level (percent) moved with its equity: maintenance = equity / level stays fixed. */
function movedLevel(level: string | null, equity: Fixed, moved: Fixed): string | null {
  const value = parseDecimal(level);
  if (value === null || value <= 0n || equity <= 0n || moved === 0n) return level;
  return toDecimal(floorTo(div(mul(add(equity, moved), value), equity), 2));
}

/** The sum of P&L that closing all these open positions now would realise (before the close fees). */
export function totalPnl(figures: Pick<LiveFigures, "pnl">[]): string {
  return toDecimal(figures.reduce((sum, f) => add(sum, parseDecimal(f.pnl) ?? 0n), 0n));
}

export interface AccountFigures {
  /** Available + the margin the listed positions hold (an answer from before this field: free margin + margin). */
  balance?: string;
  /** Balance + unrealised P&L. */
  equity: string;
  margin: string;
  /** Equity - margin. */
  free_margin: string;
  /** The positions' own equity / maintenance, in percent; null without open positions. */
  margin_level: string | null;
  /** The maintenance margin (an answer from before this field: none, the level is then kept). */
  maintenance?: string;
  unrealised_pnl: string;
}

const HUNDRED = parseDecimal("100")!;

/** The positions' own equity (margin + gross P&L - swaps) behind a level: level x maintenance / 100. */
const positionsEquity = (a: AccountFigures): Fixed | null => {
  const level = parseDecimal(a.margin_level);
  const maintenance = parseDecimal(a.maintenance);
  return level === null || maintenance === null ? null : div(mul(level, maintenance), HUNDRED);
};

/**
 * The account summary moved by the open positions' live figures: the unrealised P&L, and with it equity and free
 * margin (balance and margin stay); the margin level by the gross move over the positions' own equity.
 */
export function liveAccount(account: AccountFigures, positions: Position[], live: LiveFigures[]): AccountFigures {
  const moved = live.reduce((sum, f) => add(sum, parseDecimal(f.moved) ?? 0n), 0n);
  const pnlMoved = positions.reduce((sum, p, i) => add(sum, sub(parseDecimal(live[i].pnl) ?? 0n, parseDecimal(p.pnl) ?? 0n)), 0n);
  if (moved === 0n && pnlMoved === 0n) return account;
  const by = (value: string) => toDecimal(add(parseDecimal(value) ?? 0n, pnlMoved));
  const own = positionsEquity(account);
  return {
    ...account,
    equity: by(account.equity),
    free_margin: by(account.free_margin),
    unrealised_pnl: by(account.unrealised_pnl),
    margin_level: own === null ? account.margin_level : movedLevel(account.margin_level, own, moved),
  };
}

/** The balance of an account figure (older answers: free margin + margin, as the free margin was then the available). */
const balanceOf = (a: AccountFigures): Fixed => parseDecimal(a.balance) ?? add(parseDecimal(a.free_margin) ?? 0n, parseDecimal(a.margin) ?? 0n);

/** Whether a margin level (percent) is close to liquidation (100): under 150 %. */
export const nearLiquidation = (level: string | null): boolean => level !== null && compare(parseDecimal(level) ?? 0n, parseDecimal("150")!) < 0;

/**
 * One summary of several kinds' lists (the forex page shows forex and metals). Each kind's balance is the same
 * available plus its own margin, so the available counts once: balance = available + every margin; equity = balance
 * + every unrealised P&L; free margin = equity - margin; the level from the summed equity and maintenance.
 */
export function mergeAccounts(accounts: AccountFigures[]): AccountFigures | null {
  if (accounts.length === 0) return null;
  if (accounts.length === 1) return accounts[0];
  const sum = (pick: (a: AccountFigures) => Fixed | null) => accounts.reduce((total, a) => add(total, pick(a) ?? 0n), 0n);
  const margin = sum((a) => parseDecimal(a.margin));
  const unrealised = sum((a) => parseDecimal(a.unrealised_pnl));
  const available = sub(balanceOf(accounts[0]), parseDecimal(accounts[0].margin) ?? 0n);
  const balance = add(available, margin);
  const equity = add(balance, unrealised);
  const maintenance = sum((a) => (a.margin_level === null ? null : parseDecimal(a.maintenance)));
  const own = sum((a) => positionsEquity(a));
  return {
    balance: toDecimal(balance),
    equity: toDecimal(equity),
    margin: toDecimal(margin),
    free_margin: toDecimal(sub(equity, margin)),
    margin_level: maintenance > 0n ? toDecimal(floorTo(div(mul(own, HUNDRED), maintenance), 2)) : null,
    maintenance: toDecimal(maintenance),
    unrealised_pnl: toDecimal(unrealised),
  };
}
