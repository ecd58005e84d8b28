import type { MarketKind } from "../../contract/market";
import { notifications } from "../../contract/messages";
import type { Option } from "../../contract/options";
import type { CountrySwitches } from "../kyc";
import { money, toWire } from "../ledger";
import type { MarketPairs, MarketPrices } from "../market";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import type { UserNotifier } from "../platform/notify";
import type { TriggerRunner } from "../triggers";
import { breakEvenWinRate, payoutOf, settleAtSeconds } from "./options.engine";
import type { OptionRow } from "./options.schema";

/**
 * Timed options on crypto, forex and metal pairs. Submit holds the stake and records the pair's last recorded tick
 * as the opening tick; the option's one trigger (a time level at its expiry) lives in the shared trigger book, and
 * the settlement role is its `options` source. When it fires, the option settles on the FIRST RECORDED TICK AT OR AFTER the
 * expiry, looked up in the recorded ticks (not merely the tick that woke the book): an option whose expiry passed
 * while no leader ran settles on the right tick once a leader returns and re-arms it.
 *
 * Settlement runs in batches (many options per transaction, each locked and re-checked under its row lock): a win
 * settles the hold back to the user with the profit from the platform's `options` account, a loss settles the hold
 * to that account, a tie releases it. Ledger keys per option make it happen exactly once.
 *
 * The work is split by role: options.commands.ts, options.settlement.ts, options.queries.ts, options.admin.ts.
 */

export const SOURCE = "options";
/** Options settled per transaction. */
export const SETTLE_BATCH = 1_000;

/** `microtrade/*` serves crypto pairs; `microtrade/wh*` forex and metals. */
export type OptionsDesk = "crypto" | "forex";
export const kindsOf = (desk: OptionsDesk): MarketKind[] => (desk === "crypto" ? ["crypto"] : ["forex", "metal"]);

export interface OptionsDeps {
  db: Db;
  clock: Clock;
  pairs: MarketPairs;
  prices: MarketPrices;
  notifier: UserNotifier;
  triggers: TriggerRunner;
  switches: Pick<CountrySwitches, "require">;
  /** Pushes an option to the user's sockets (channel `orders`). */
  publish: (userId: number, option: Option) => void;
  /** Many options to their users' sockets in one bus message (a settled batch); without it, `publish` each. */
  publishMany?: (list: ReadonlyArray<{ userId: number; option: Option }>) => void;
}


export const RESULT_TITLES = { win: notifications.OPTION_WIN_TITLE.key, loss: notifications.OPTION_LOSS_TITLE.key, tie: notifications.OPTION_TIE_TITLE.key } as const;
export const RESULT_BODY = notifications.OPTION_SETTLED_BODY.key;

/** The base of every role: the database. */
export class OptionsRole {
  constructor(protected readonly deps: OptionsDeps) {}

  protected get db(): Db {
    return this.deps.db;
  }

  /** The option's pair's price precision (a pair no longer listed: its opening tick's own digits). */
  protected precisionOf(row: OptionRow): number {
    return this.deps.pairs.pair(row.symbol)?.price_precision ?? money(row.openTickPrice).decimalPlaces();
  }

  /** The wire shape of an option, at its pair's price precision. */
  protected wire(row: OptionRow): Option {
    return toOption(row, this.precisionOf(row));
  }
}

/** Per rate (a handful of distinct ones): a batch of thousands computes each division once. */
const breakEvenOf = new Map<string, string>();
const breakEven = (rate: string): string => {
  let found = breakEvenOf.get(rate);
  if (found === undefined) {
    found = breakEvenWinRate(rate);
    if (breakEvenOf.size < 1_000) breakEvenOf.set(rate, found);
  }
  return found;
};

/** The wire shape of an option; `pricePrecision` is its pair's, for the ticks' prices to be shown alike. */
export function toOption(row: OptionRow, pricePrecision: number): Option {
  const tickOf = (price: string, atMs: number) => ({ price: toWire(price), at_ms: atMs });
  return {
    id: row.id,
    symbol: row.symbol,
    kind: row.kind,
    price_precision: pricePrecision,
    direction: row.direction,
    seconds: row.seconds,
    amount: toWire(row.amount),
    currency: row.currency,
    rate: toWire(row.rate),
    open_tick: tickOf(row.openTickPrice, row.openTickAtMs),
    settle_at: settleAtSeconds(row.openTickAtMs, row.seconds),
    expires_at_ms: row.expiresAtMs,
    status: row.status,
    result: row.result,
    payout: row.payout === null ? null : toWire(row.payout),
    payout_on_win: toWire(payoutOf("win", row.amount, row.rate)),
    close_tick: row.closeTickPrice !== null && row.closeTickAtMs !== null ? tickOf(row.closeTickPrice, row.closeTickAtMs) : null,
    break_even_win_rate: breakEven(row.rate),
    created_at: toSeconds(row.createdAt),
    settled_at: row.settledAt ? toSeconds(row.settledAt) : null,
  };
}
