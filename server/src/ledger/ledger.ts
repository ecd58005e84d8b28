import { sql } from "drizzle-orm";
import type { Decimal } from "decimal.js";
import type { ErrorCode } from "../../contract";
import { audit } from "../platform/audit";
import type { Tx } from "../platform/db";
import { DomainError, invariant } from "../platform/errors";
import { twoPhaseKind, type EntryKind } from "./kinds";
import type { Leg } from "./ledger.engine";
import { fitsColumn, money, toWire, type MoneyValue } from "./money";
import { applyIfFunded, lockBalances, lockHolds, pgArray, postEntries, resolveHolds, rows, type Actor, type Cause, type EntryInput, type Posted } from "./posting";
import { transfers } from "./transfers";

export type { Leg } from "./ledger.engine";
export type { AccountRef, Bucket, PlatformAccount } from "./accounts";
export type { Actor, Cause, Posted, PostedLeg } from "./posting";

export interface PostInput extends EntryInput {
  /** The refusal when a user's bucket would go negative (default INSUFFICIENT_BALANCE). */
  insufficient?: ErrorCode;
}

export interface HoldInput {
  key: string;
  userId: number;
  currency: string;
  amount: MoneyValue;
  cause: Cause;
  kind?: EntryKind;
  memo?: string | null;
  actor?: Actor;
  at?: Date;
  insufficient?: ErrorCode;
}

export interface Held {
  holdId: number;
  entryId: number;
  duplicate: boolean;
}

export interface ResolveInput {
  holdId: number;
  key: string;
  kind?: EntryKind;
  memo?: string | null;
  actor?: Actor;
  at?: Date;
}

export interface SettleInput extends ResolveInput {
  /** Where the held money goes: legs on other accounts, positive, summing to the held amount per currency. */
  legs: readonly Leg[];
}

export interface AdjustInput {
  userId: number;
  currency: string;
  /** Signed: positive credits the user's available balance, negative debits it (never below zero). */
  amount: MoneyValue;
  /** Required; shown to the user in their ledger and kept in the audit log. */
  reason: string;
  operatorId: number;
  /** The back office's idempotency key for this adjustment: a double click adjusts once. */
  key: string;
  at?: Date;
}

/**
 * Posts one journal entry inside the caller's transaction through the ledger's one posting path (posting.ts): its
 * legs sum to zero per currency, the user accounts it touches are locked in id order, each bucket's balance before
 * and after is recorded, and the balance rows change in the same transaction. A second post with the same key moves
 * nothing and returns the first entry.
 */
async function post(tx: Tx, input: PostInput): Promise<Posted> {
  const [posted] = await postEntries(tx, [input], input.insufficient);
  return posted;
}

function positive(amount: MoneyValue): Decimal {
  const value = money(amount);
  if (!value.gt(0) || !fitsColumn(value)) throw new DomainError("AMOUNT_NOT_POSITIVE");
  return value;
}

/** Two-phase, first phase: moves `amount` from the user's available to frozen and records a pending hold. */
async function hold(tx: Tx, input: HoldInput): Promise<Held> {
  const [held] = await holdMany(tx, [input], input.insufficient);
  return held;
}

/**
 * Many holds in the caller's transaction with one statement per table (group-committed placements): the entries
 * through the one posting path, the hold rows in one insert. A repeated key answers its first hold. Throws
 * `insufficient` when any would overdraw: a batch decides its members first (`lockBalances`), so none does.
 * `also`: entries posted after the holds in the same posting (a batch's open fees), one statement per table for all.
 */
async function holdMany(tx: Tx, inputs: readonly HoldInput[], insufficient?: ErrorCode, also: readonly EntryInput[] = []): Promise<Held[]> {
  if (!inputs.length) {
    await postEntries(tx, also, insufficient);
    return [];
  }
  const amounts = inputs.map((input) => positive(input.amount));
  const holdEntries: EntryInput[] = inputs.map((input, i) => ({
    key: input.key,
    kind: input.kind ?? twoPhaseKind(input.cause.kind, "hold"),
    cause: input.cause,
    memo: input.memo,
    actor: input.actor ?? { kind: "user" as const, id: input.userId },
    at: input.at,
    legs: transfers.holdLegs({ userId: input.userId, currency: input.currency, amount: amounts[i] }),
  }));
  const posted = (await postEntries(tx, [...holdEntries, ...also], insufficient)).slice(0, inputs.length);
  const holdOf = new Map<number, number>();
  const repeated = posted.filter((p) => p.duplicate).map((p) => p.entryId);
  if (repeated.length) {
    const existing = await rows<{ id: unknown; hold_entry_id: unknown }>(tx, sql`SELECT id, hold_entry_id FROM ledger_holds WHERE hold_entry_id = ANY (${pgArray(repeated)}::bigint[])`);
    for (const r of existing) holdOf.set(Number(r.hold_entry_id), Number(r.id));
  }
  const fresh = inputs.map((input, i) => ({ input, amount: amounts[i], posted: posted[i] })).filter((h) => !h.posted.duplicate);
  if (fresh.length) {
    const col = (pick: (h: (typeof fresh)[number]) => string | number) => pgArray(fresh.map(pick));
    const inserted = await rows<{ id: unknown; hold_entry_id: unknown }>(
      tx,
      sql`INSERT INTO ledger_holds (account_id, user_id, currency, amount, cause_kind, cause_id, hold_entry_id, created_at)
          SELECT * FROM unnest(${col((h) => h.posted.postings[0].accountId)}::bigint[], ${col((h) => h.input.userId)}::bigint[], ${col((h) => h.input.currency)}::text[],
                               ${col((h) => toWire(h.amount))}::numeric[], ${col((h) => h.input.cause.kind)}::text[], ${col((h) => String(h.input.cause.id))}::text[],
                               ${col((h) => h.posted.entryId)}::bigint[], ${col((h) => (h.input.at ?? new Date()).toISOString())}::timestamptz[])
          RETURNING id, hold_entry_id`,
    );
    for (const r of inserted) holdOf.set(Number(r.hold_entry_id), Number(r.id));
  }
  return posted.map((p) => {
    const holdId = holdOf.get(p.entryId);
    invariant(holdId !== undefined, "every hold entry has its hold");
    return { holdId, entryId: p.entryId, duplicate: p.duplicate };
  });
}

async function resolveOne(tx: Tx, input: ResolveInput, legs?: readonly Leg[]): Promise<Posted> {
  const [posted] = await resolveHolds(tx, [{ ...input, legs }]);
  return posted;
}

/** Two-phase, second phase: the held money leaves the user's frozen bucket to the given accounts. */
async function settle(tx: Tx, input: SettleInput): Promise<Posted> {
  return resolveOne(tx, input, input.legs);
}

/** Two-phase, second phase: the hold is voided and the money returns to the user's available balance. */
async function release(tx: Tx, input: ResolveInput): Promise<Posted> {
  return resolveOne(tx, input);
}

/**
 * Locks holds (in id order, as `settle` and `release` do) and answers the ones still pending. A batch that resolves
 * many (spot limit fills) decides each member on it first: a hold already resolved, or unknown, is refused alone
 * instead of failing the whole batch. The resolution that follows in the same transaction finds the rows locked.
 */
async function pendingHolds(tx: Tx, holdIds: readonly number[]): Promise<Set<number>> {
  const pending = new Set<number>();
  for (const [id, hold] of await lockHolds(tx, holdIds)) if (hold.status === "pending") pending.add(id);
  return pending;
}

/**
 * An operator's manual adjustment of a user's available balance, with a reason the user sees in their ledger.
 * Posts against the platform's `adjustments` account, writes the audit line itself, and adjusts once per key.
 */
async function adjust(tx: Tx, input: AdjustInput): Promise<Posted> {
  const reason = input.reason.trim();
  if (!reason) throw new DomainError("MISSING_PARAMETER", "reason");
  const amount = money(input.amount);
  if (amount.isZero() || !fitsColumn(amount)) throw new DomainError("AMOUNT_ERROR", "amount");
  const posted = await post(tx, {
    key: `adjustment:${input.key}`,
    ...transfers.adjustment({ userId: input.userId, currency: input.currency, amount, key: input.key }),
    memo: reason,
    actor: { kind: "operator", id: input.operatorId },
    at: input.at,
  });
  if (!posted.duplicate) {
    await audit(tx, {
      actorKind: "operator",
      actorId: input.operatorId,
      action: "ledger.adjust",
      targetKind: "user",
      targetId: input.userId,
      detail: { currency: input.currency, amount: toWire(amount), reason, entry_id: posted.entryId },
    });
  }
  return posted;
}

/**
 * The ledger's writes: the only code that changes balances. Other domains call it inside their own transaction
 * (`db.transaction(tx => ledger.post(tx, ...))`); README.md states what it guarantees. `lockBalances` and
 * `pendingHolds` lock what a batch is about to post on, so they belong here; the reads are `ledgerReads`.
 */
export const ledger = { post, hold, holdMany, lockBalances, applyIfFunded, pendingHolds, settle, release, adjust };
