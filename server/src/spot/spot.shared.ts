import type { SQL } from "drizzle-orm";
import type { SpotOrder } from "../../contract/spot";
import { money, toWire } from "../ledger";
import { quoteAround, type MarketPairs, type MarketPrices, type MarketView, type PairRow } from "../market";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { UserNotifier } from "../platform/notify";
import { trailLevel, type TriggerRunner } from "../triggers";
import { holdOf, holdPriceOf, trailWay, type Fill } from "./spot.engine";
import type { SpotOrderRow } from "./spot.schema";

/**
 * What the roles of the spot domain share. Spot coin trading, the broker model against the recorded feed. Each use
 * case is one transaction; every money move is a ledger posting with the order as its cause, against the platform's
 * `spot` desk (fees to `fees`). Open limit orders hold their funds and wait in the shared trigger book: the
 * settlement role is its `spot` source, and fills them at their price on the first recorded tick that crosses. The
 * work is split by role: spot.commands.ts, spot.settlement.ts, spot.queries.ts, spot.admin.ts.
 */

export interface SpotDeps {
  db: Db;
  clock: Clock;
  pairs: MarketPairs;
  prices: MarketPrices;
  view: MarketView;
  notifier: UserNotifier;
  triggers: TriggerRunner;
  /** Pushes an order to the user's sockets (channel `orders`). */
  publish: (userId: number, order: SpotOrder) => void;
  /** Many orders to their users' sockets in one bus message (a batch of fills); without it, `publish` each. */
  publishMany?: (list: ReadonlyArray<{ userId: number; order: SpotOrder }>) => void;
}

export interface QuoteNow {
  price: string;
  atMs: number;
  bid: string;
  ask: string;
}

export const REFERENCE = "USDT";

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const epochOrNull = (date: Date | null) => (date ? toSeconds(date) : null);
export const blank = (value: string | undefined) => (value === undefined || value === "" ? null : value);


/** The base of every role: the database, the live prices and the spot pairs. */
export class SpotRole {
  constructor(protected readonly deps: SpotDeps) {}

  protected get db(): Db {
    return this.deps.db;
  }

  /** The pair's last recorded tick with the executable quote around it (null before its first tick). */
  protected quoteNow(pair: PairRow): QuoteNow | null {
    const tick = this.deps.prices.lastTick(pair.symbol);
    if (!tick) return null;
    return { price: tick.price, atMs: tick.atMs, ...quoteAround(tick.price, pair.spread_rate, pair.price_precision) };
  }

  /** A crypto pair (forex and metals trade only leveraged): PAIR_NOT_FOUND otherwise. */
  protected spotPair(symbol: string): PairRow {
    const pair = this.deps.pairs.requirePair(symbol);
    if (pair.kind !== "crypto") throw new DomainError("PAIR_NOT_FOUND");
    return pair;
  }
}

/** The columns of a filled order. */
export function filledColumns(fill: Fill, tick: { price: string; atMs: number }, now: Date) {
  return { filledPrice: fill.price, amount: toWire(fill.amount), fee: toWire(fill.fee), tickPrice: tick.price, tickAtMs: tick.atMs, filledAt: now };
}

/** The wire shape of an order. */
export function toOrder(row: SpotOrderRow): SpotOrder {
  const price = (value: string | null) => (value === null ? null : money(value).toFixed(row.pricePrecision));
  const holdPrice = holdPriceOf(row);
  const held = (row.status === "open" || row.status === "waiting") && holdPrice !== null ? toWire(holdOf(row.side, row, toWire(row.quantity), holdPrice, row.feeRate).amount) : null;
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    price: price(row.price),
    quantity: toWire(row.quantity),
    filled_price: price(row.filledPrice),
    amount: row.amount === null ? null : toWire(row.amount),
    fee: row.fee === null ? null : toWire(row.fee),
    fee_currency: row.quote,
    status: row.status,
    tick: row.tickPrice !== null && row.tickAtMs !== null ? { price: toWire(row.tickPrice), at_ms: row.tickAtMs } : null,
    created_at: toSeconds(row.createdAt),
    filled_at: epochOrNull(row.filledAt),
    base: row.base,
    quote: row.quote,
    fee_rate: toWire(row.feeRate),
    held,
    cancelled_at: epochOrNull(row.cancelledAt),
    stop_price: price(row.stopPrice),
    trailing_rate: row.trailingRate === null ? null : toWire(row.trailingRate),
    trigger_price: row.status !== "waiting" ? null : row.type === "trailing_stop" ? trailLevel(trailWay(row.side), toWire(row.trailExtreme!), toWire(row.trailingRate!), row.pricePrecision) : price(row.stopPrice),
    triggered_tick: row.triggeredTickPrice !== null && row.triggeredTickAtMs !== null ? { price: toWire(row.triggeredTickPrice), at_ms: row.triggeredTickAtMs } : null,
    oco_id: row.ocoId,
  };
}
