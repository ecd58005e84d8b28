import { randomInt } from "node:crypto";
import type { EarnOrder, Product } from "../../contract/earn";
import type { CountrySwitches } from "../kyc";
import { toWire } from "../ledger";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import type { UserNotifier } from "../platform/notify";
import { aprOf, dailyIncome, DAY_MS, dayOf, earlyExit } from "./earn.engine";
import type { OrderRow, ProductRow } from "./earn.schema";

/**
 * AI arbitrage and hosting: one service for both kinds. Each use case is one transaction; every money move is a
 * ledger posting with the order as its cause: the principal is a hold (`earn.hold`), each day's income an entry
 * from the platform's `rewards` account (`earn.income`, key `earn:income:<order>:<day>`), the maturity a release
 * (`earn.release`), an early exit a settlement of the hold (`earn.early_exit`: principal minus penalty back, the
 * penalty to `fees`).
 *
 * The work is split by role: earn.commands.ts (subscribe, terminate), earn.settlement.ts (the daily payouts),
 * earn.queries.ts and earn.admin.ts (the back office).
 */

export interface EarnDeps {
  db: Db;
  clock: Clock;
  notifier: UserNotifier;
  switches: Pick<CountrySwitches, "require" | "countryOf">;
}

export interface PayoutRun {
  paid: number;
  matured: number;
  batches: number;
}

/** The one currency of earn products: the principal is held from, and income paid to, the USDT wallet. */
export const EARN_CURRENCY = "USDT";

export const wire = (v: string | null) => (v === null ? null : toWire(v));
export const epoch = (d: Date | null) => (d ? toSeconds(d) : null);

export function orderNo(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:TZ.]/g, "").slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

export function productView(row: ProductRow): Product {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    currency: row.currency,
    min: toWire(row.minAmount),
    max: toWire(row.maxAmount),
    days: row.days,
    daily_rate: toWire(row.dailyRate),
    apr: toWire(aprOf(row.dailyRate)),
    participants: row.participants,
    max_participants: row.maxParticipants,
    status: row.status,
    early_exit_penalty_rate: toWire(row.earlyExitPenaltyRate),
    funded_by: row.fundedBy,
    risk_note: row.riskNote,
  };
}

/** The base of every role: the database and the wire shape of an order. */
export class EarnRole {
  constructor(protected readonly deps: EarnDeps) {}

  protected get db(): Db {
    return this.deps.db;
  }

  orderView(row: OrderRow, nowMs = this.deps.clock.now().getTime()): EarnOrder {
    const yesterday = dayOf(nowMs - DAY_MS);
    const running = row.status === "running";
    return {
      id: row.id,
      order_no: row.orderNo,
      product_id: row.productId,
      name: row.name,
      kind: row.kind,
      currency: row.currency,
      amount: toWire(row.amount),
      daily_rate: toWire(row.dailyRate),
      apr: toWire(aprOf(row.dailyRate)),
      days: row.days,
      daily_income: toWire(dailyIncome(row.amount, row.dailyRate)),
      income_total: toWire(row.incomeTotal),
      income_yesterday: row.lastIncomeDay === yesterday ? toWire(row.lastIncome) : "0",
      paid_days: row.paidDays,
      status: row.status,
      end_reason: row.endReason,
      early_exit_penalty_rate: toWire(row.earlyExitPenaltyRate),
      penalty: wire(row.penalty),
      early_exit_return: running && row.kind === "hosting" ? toWire(earlyExit(row.amount, row.earlyExitPenaltyRate).returned) : null,
      started_at: epoch(row.startedAt),
      ends_at: toSeconds(row.endsAt),
      ended_at: epoch(row.endedAt),
      created_at: toSeconds(row.createdAt),
    };
  }
}
