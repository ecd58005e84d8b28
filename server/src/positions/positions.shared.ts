import type { Decimal } from "decimal.js";
import type { Position, PositionsConfig } from "../../contract/positions";
import type { CountrySwitches } from "../kyc";
import { money, toWire } from "../ledger";
import { quoteAround, type MarketPairs, type MarketPrices, type PairRow } from "../market";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { UserNotifier } from "../platform/notify";
import type { TriggerRunner } from "../triggers";
import { positionsConfig } from "./positions.config";
import type { PositionTerms } from "./positions.engine";
import type { PositionRow } from "./positions.schema";

/**
 * What the roles of the positions domain share: their dependencies, the trading rules, the live prices, and the
 * row helpers. Leveraged positions on crypto, forex and metal pairs: one engine for all three; every money move is
 * a ledger posting with the position as its cause (margin as a hold, fees, P&L against the platform's `trading`
 * account, losses beyond the margin from `insurance`, nightly swaps). The work is split by role: commands
 * (positions.commands.ts), the trigger source and settlement (positions.settlement.ts), queries
 * (positions.queries.ts) and the back office (positions.admin.ts).
 */

export const MARGIN_CURRENCY = "USDT";
export const SOURCE = "positions";

export interface PositionsDeps {
  db: Db;
  clock: Clock;
  pairs: MarketPairs;
  prices: MarketPrices;
  notifier: UserNotifier;
  triggers: TriggerRunner;
  /** The user has bound a bank card (the account domain's answer). */
  hasBankCard: (userId: number) => Promise<boolean>;
  /** Leverage can be switched off for users of some KYC countries. */
  switches: Pick<CountrySwitches, "require">;
  /** Pushes a position to the user's sockets (channel `positions`). */
  publish: (userId: number, position: Position) => void;
  /** Many positions to their users' sockets at once (a settled batch: one bus message). */
  publishMany?: (list: ReadonlyArray<{ userId: number; position: Position }>) => void;
}

export interface TickAt {
  price: string;
  atMs: number;
}

export const blank = (value: string | undefined | null): string | null => (value === undefined || value === null || value === "" ? null : value);
export const wire = (value: string | null): string | null => (value === null ? null : toWire(value));
export const epochOrNull = (date: Date | null) => (date ? toSeconds(date) : null);

export function termsOf(row: PositionRow): PositionTerms {
  return {
    kind: row.kind,
    direction: row.direction,
    quantity: row.quantity,
    contractSize: row.contractSize,
    leverage: row.leverage,
    pricePrecision: row.pricePrecision,
    quoteRate: row.quoteRate,
    feeRate: row.feeRate,
    maintenanceRate: row.maintenanceRate,
  };
}

/** The base of every role: the database, the trading rules and the live prices. */
export class PositionsRole {
  constructor(protected readonly deps: PositionsDeps) {}

  protected get db(): Db {
    return this.deps.db;
  }

  /**
   * The trading rules, read at most every few seconds (every order needs them). Inside a transaction pass its `tx`:
   * a stale cache then reads through it (on PGlite a read through `db` would wait for that transaction forever).
   */
  protected async rules(db: Executor): Promise<PositionsConfig> {
    return positionsConfig.cached(db);
  }

  // ----- prices ----------------------------------------------------------------------------------------------

  /** The last recorded tick of a pair with the executable quote around it (null before its first tick). */
  protected quoteNow(pair: PairRow): (TickAt & { bid: string; ask: string }) | null {
    const tick = this.deps.prices.lastTick(pair.symbol);
    if (!tick) return null;
    return { price: tick.price, atMs: tick.atMs, ...quoteAround(tick.price, pair.spread_rate, pair.price_precision) };
  }

  /** The last recorded tick with the quote at a position's own spread (the one it was placed with). */
  protected quoteOf(row: PositionRow): (TickAt & { bid: string; ask: string }) | null {
    const tick = this.deps.prices.lastTick(row.symbol);
    if (!tick) return null;
    return { price: tick.price, atMs: tick.atMs, ...quoteAround(tick.price, row.spreadRate, row.pricePrecision) };
  }

  /** USDT per unit of a quote currency, from the live feed (USD counts 1:1 with USDT). */
  protected quoteRate(quote: string): string {
    if (quote === "USDT" || quote === "USD") return "1";
    const direct = this.deps.prices.lastTick(`${quote}/USD`) ?? this.deps.prices.lastTick(`${quote}/USDT`);
    if (direct) return direct.price;
    const inverse = this.deps.prices.lastTick(`USD/${quote}`);
    if (inverse) return toWire(money(1).div(inverse.price).toDecimalPlaces(18));
    throw new DomainError("TRADING_CLOSED");
  }

}

export const Decimal_min = (a: Decimal, b: Decimal): Decimal => (a.lt(b) ? a : b);

