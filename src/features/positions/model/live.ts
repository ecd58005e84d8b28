/**
 * Open positions between two server updates: the server's figures (P&L after fees and swaps, margin level) moved
 * by what the executable close price did since, on exact decimals. With no newer price the server's figures show
 * unchanged, so the screen never disagrees with the server about a price it has seen.
 */
import type { Position } from "@contract/positions";
import { add, compare, div, floorTo, mul, parseDecimal, sub, toDecimal, type Fixed } from "./fixed";
import type { Quote } from "./ticket";

export interface LiveFigures {
  /** The executable close price now: the bid for a long, the ask for a short. */
  mark: string | null;
  /** P&L after the open fee, the close fee it would pay now and swaps (the server's `pnl`). */
  pnl: string;
  /** Equity / maintenance margin in percent (100 = liquidation), or null when unknown. */
  margin_level: string | null;
  /** How much the gross P&L (the equity) moved since the server's figures. */
  moved: string;
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
  const fallback = { mark: p.mark_price, pnl: p.pnl, margin_level: p.margin_level, moved: "0" };
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
  return { mark, pnl: toDecimal(pnl), margin_level: movedLevel(p.margin_level, equity, moved), moved: toDecimal(moved) };
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
  equity: string;
  margin: string;
  free_margin: string;
  /** Percent, or null without open positions. */
  margin_level: string | null;
  unrealised_pnl: string;
}

/** The account summary moved by the open positions' live figures (equity by gross P&L, unrealised by P&L). */
export function liveAccount(account: AccountFigures, positions: Position[], live: LiveFigures[]): AccountFigures {
  const moved = live.reduce((sum, f) => add(sum, parseDecimal(f.moved) ?? 0n), 0n);
  const pnlMoved = positions.reduce((sum, p, i) => add(sum, sub(parseDecimal(live[i].pnl) ?? 0n, parseDecimal(p.pnl) ?? 0n)), 0n);
  if (moved === 0n && pnlMoved === 0n) return account;
  const equity = parseDecimal(account.equity) ?? 0n;
  return {
    ...account,
    equity: toDecimal(add(equity, moved)),
    unrealised_pnl: toDecimal(add(parseDecimal(account.unrealised_pnl) ?? 0n, pnlMoved)),
    margin_level: movedLevel(account.margin_level, equity, moved),
  };
}

/** Whether a margin level (percent) is close to liquidation (100): under 150 %. */
export const nearLiquidation = (level: string | null): boolean => level !== null && compare(parseDecimal(level) ?? 0n, parseDecimal("150")!) < 0;

/** One summary of several kinds' lists (the forex page shows forex and metals): sums, and the level from the summed maintenance. */
export function mergeAccounts(accounts: AccountFigures[]): AccountFigures | null {
  if (accounts.length === 0) return null;
  if (accounts.length === 1) return accounts[0];
  const sum = (pick: (a: AccountFigures) => string) => accounts.reduce((total, a) => add(total, parseDecimal(pick(a)) ?? 0n), 0n);
  const equity = sum((a) => a.equity);
  let maintenance = 0n;
  let levels = 0;
  for (const a of accounts) {
    const level = parseDecimal(a.margin_level);
    const own = parseDecimal(a.equity);
    if (level !== null && level > 0n && own !== null) {
      maintenance = add(maintenance, div(mul(own, parseDecimal("100")!), level));
      levels++;
    }
  }
  return {
    equity: toDecimal(equity),
    margin: toDecimal(sum((a) => a.margin)),
    free_margin: accounts[0].free_margin,
    margin_level: levels && maintenance > 0n ? toDecimal(div(mul(equity, parseDecimal("100")!), maintenance)) : null,
    unrealised_pnl: toDecimal(sum((a) => a.unrealised_pnl)),
  };
}
