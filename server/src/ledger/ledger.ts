import { sql, type SQL } from "drizzle-orm";
import type { Decimal } from "decimal.js";
import type { ErrorCode } from "../../contract";
import { audit } from "../platform/audit";
import type { Executor, Tx } from "../platform/db";
import { DomainError, invariant } from "../platform/errors";
import { PLATFORM_ACCOUNTS, type PlatformAccount } from "./accounts";
import { applyLegs, normaliseLegs, type Leg, type PlannedLeg, type UserBalance } from "./ledger.engine";
import { ledgerHolds, ledgerPostings } from "./ledger.schema";
import { fitsColumn, money, toWire, type MoneyValue } from "./money";

export type { Leg } from "./ledger.engine";
export type { AccountRef, Bucket, PlatformAccount } from "./accounts";

/** Why money moved: the business object behind an entry (a deposit, a withdrawal, an order...). */
export interface Cause {
  kind: string;
  id: string | number;
}

export interface Actor {
  kind: "user" | "operator" | "system";
  id: number | null;
}

export interface PostInput {
  /** Unique across the whole ledger: the same business event posts once, however often it is retried. */
  key: string;
  /** What happened, for people reading the ledger: "deposit", "withdrawal.hold", "flash", "adjustment"... */
  kind: string;
  cause: Cause;
  legs: readonly Leg[];
  memo?: string | null;
  actor?: Actor;
  at?: Date;
  /** The refusal when a user's bucket would go negative (default INSUFFICIENT_BALANCE). */
  insufficient?: ErrorCode;
}

export interface PostedLeg {
  accountId: number;
  userId: number | null;
  currency: string;
  bucket: "available" | "frozen";
  amount: string;
  before: string | null;
  after: string | null;
}

export interface Posted {
  entryId: number;
  /** True when an entry with this key already existed: nothing moved this time. */
  duplicate: boolean;
  postings: PostedLeg[];
}

export interface HoldInput {
  key: string;
  userId: number;
  currency: string;
  amount: MoneyValue;
  cause: Cause;
  kind?: string;
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
  kind?: string;
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

export interface WalletBalance {
  currency: string;
  available: string;
  frozen: string;
}

export interface LedgerLine {
  entry_id: number;
  currency: string;
  kind: string;
  cause_kind: string;
  cause_id: string;
  memo: string | null;
  /** Signed change of the wallet's balance (available + frozen) by this entry. */
  change: string;
  available_change: string;
  frozen_change: string;
  /** The wallet's balance (available + frozen) after this entry: a running total that ends at today's balance. */
  balance: string;
  created_at: number;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const num = (v: unknown): number => Number(v);
const epoch = (v: unknown): number => Math.floor((v instanceof Date ? v : new Date(String(v))).getTime() / 1000);

interface LockedAccount {
  id: number;
  key: string;
  balance: UserBalance;
}

/** Locks the users' accounts in id order (no deadlock between two entries), creating missing ones. */
async function lockUserAccounts(tx: Tx, legs: readonly PlannedLeg[]): Promise<Map<string, LockedAccount>> {
  const wanted = new Map<string, { userId: number; currency: string }>();
  for (const leg of legs) if (leg.userId !== null) wanted.set(leg.key, { userId: leg.userId, currency: leg.currency });
  const locked = new Map<string, LockedAccount>();
  if (!wanted.size) return locked;
  const tuples = sql.join(
    [...wanted.values()].map((k) => sql`(${k.userId}::bigint, ${k.currency}::text)`),
    sql`, `,
  );
  const select = () =>
    rows<{ id: unknown; user_id: unknown; currency: string; available: string; frozen: string }>(
      tx,
      sql`SELECT id, user_id, currency, available, frozen FROM ledger_accounts
          WHERE user_id IS NOT NULL AND (user_id, currency) IN (${tuples})
          ORDER BY id FOR UPDATE`,
    );
  let found = await select();
  if (found.length < wanted.size) {
    const have = new Set(found.map((r) => `u:${num(r.user_id)}:${r.currency}`));
    const missing = [...wanted.entries()].filter(([key]) => !have.has(key)).map(([, k]) => k);
    const values = sql.join(
      missing.map((k) => sql`(${k.userId}::bigint, ${k.currency}, 0, 0)`),
      sql`, `,
    );
    await tx.execute(
      sql`INSERT INTO ledger_accounts (user_id, currency, available, frozen) VALUES ${values}
          ON CONFLICT (user_id, currency) WHERE user_id IS NOT NULL DO NOTHING`,
    );
    found = await select();
  }
  for (const r of found) {
    const key = `u:${num(r.user_id)}:${r.currency}`;
    locked.set(key, { id: num(r.id), key, balance: { available: money(r.available), frozen: money(r.frozen) } });
  }
  invariant(locked.size === wanted.size, "every user account of an entry is locked");
  return locked;
}

/** Platform accounts are read, never locked: their postings are appended and their balance is aggregated. */
async function platformAccountIds(tx: Tx, legs: readonly PlannedLeg[]): Promise<Map<string, number>> {
  const wanted = new Map<string, { platform: string; currency: string }>();
  for (const leg of legs) if (leg.platform !== null) wanted.set(leg.key, { platform: leg.platform, currency: leg.currency });
  const ids = new Map<string, number>();
  if (!wanted.size) return ids;
  for (const { platform } of wanted.values()) {
    invariant((PLATFORM_ACCOUNTS as readonly string[]).includes(platform), `known platform account ${platform}`);
  }
  const tuples = sql.join(
    [...wanted.values()].map((k) => sql`(${k.platform}::text, ${k.currency}::text)`),
    sql`, `,
  );
  const select = () =>
    rows<{ id: unknown; platform: string; currency: string }>(
      tx,
      sql`SELECT id, platform, currency FROM ledger_accounts WHERE platform IS NOT NULL AND (platform, currency) IN (${tuples})`,
    );
  let found = await select();
  if (found.length < wanted.size) {
    const values = sql.join(
      [...wanted.values()].map((k) => sql`(${k.platform}, ${k.currency})`),
      sql`, `,
    );
    await tx.execute(
      sql`INSERT INTO ledger_accounts (platform, currency) VALUES ${values}
          ON CONFLICT (platform, currency) WHERE platform IS NOT NULL DO NOTHING`,
    );
    found = await select();
  }
  for (const r of found) ids.set(`p:${r.platform}:${r.currency}`, num(r.id));
  invariant(ids.size === wanted.size, "every platform account of an entry exists");
  return ids;
}

/**
 * Posts one journal entry inside the caller's transaction: its legs sum to zero per currency, the user accounts it
 * touches are locked in id order, each bucket's balance before and after is recorded, and the balance rows change
 * in the same transaction. A second post with the same key moves nothing and returns the first entry.
 */
async function post(tx: Tx, input: PostInput): Promise<Posted> {
  const legs = normaliseLegs(input.legs);
  const at = input.at ?? new Date();
  const actor = input.actor ?? { kind: "system" as const, id: null };
  const inserted = await rows<{ id: unknown }>(
    tx,
    sql`INSERT INTO ledger_entries (idempotency_key, kind, cause_kind, cause_id, memo, actor_kind, actor_id, created_at)
        VALUES (${input.key}, ${input.kind}, ${input.cause.kind}, ${String(input.cause.id)}, ${input.memo ?? null},
                ${actor.kind}, ${actor.id}, ${at.toISOString()})
        ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
  );
  if (!inserted.length) {
    const existing = await rows<{ id: unknown }>(tx, sql`SELECT id FROM ledger_entries WHERE idempotency_key = ${input.key}`);
    invariant(existing.length === 1, "a conflicting idempotency key names an entry");
    return { entryId: num(existing[0].id), duplicate: true, postings: [] };
  }
  const entryId = num(inserted[0].id);

  const users = await lockUserAccounts(tx, legs);
  const platforms = await platformAccountIds(tx, legs);
  const balances = new Map<string, UserBalance>([...users].map(([key, account]) => [key, account.balance]));
  const plan = applyLegs(legs, balances);
  if (!plan.ok) throw new DomainError(input.insufficient ?? "INSUFFICIENT_BALANCE");

  const postings: PostedLeg[] = plan.postings.map((p) => ({
    accountId: p.userId !== null ? users.get(p.key)!.id : platforms.get(p.key)!,
    userId: p.userId,
    currency: p.currency,
    bucket: p.bucket,
    amount: toWire(p.amount),
    before: p.before ? toWire(p.before) : null,
    after: p.after ? toWire(p.after) : null,
  }));
  await tx.insert(ledgerPostings).values(
    postings.map((p) => ({
      entryId,
      accountId: p.accountId,
      userId: p.userId,
      currency: p.currency,
      bucket: p.bucket,
      amount: p.amount,
      balanceBefore: p.before,
      balanceAfter: p.after,
      createdAt: at,
    })),
  );
  const changed = [...users.values()].map((account) => ({ id: account.id, balance: plan.balances.get(account.key)! }));
  if (changed.length) {
    const values = sql.join(
      changed.map((c) => sql`(${c.id}::bigint, ${toWire(c.balance.available)}::numeric, ${toWire(c.balance.frozen)}::numeric)`),
      sql`, `,
    );
    await tx.execute(
      sql`UPDATE ledger_accounts AS a SET available = v.available, frozen = v.frozen
          FROM (VALUES ${values}) AS v (id, available, frozen) WHERE a.id = v.id`,
    );
  }
  return { entryId, duplicate: false, postings };
}

function positive(amount: MoneyValue): Decimal {
  const value = money(amount);
  if (!value.gt(0) || !fitsColumn(value)) throw new DomainError("AMOUNT_NOT_POSITIVE");
  return value;
}

/** Two-phase, first phase: moves `amount` from the user's available to frozen and records a pending hold. */
async function hold(tx: Tx, input: HoldInput): Promise<Held> {
  const amount = positive(input.amount);
  const user = { user: input.userId };
  const posted = await post(tx, {
    key: input.key,
    kind: input.kind ?? `${input.cause.kind}.hold`,
    cause: input.cause,
    memo: input.memo,
    actor: input.actor ?? { kind: "user", id: input.userId },
    at: input.at,
    insufficient: input.insufficient,
    legs: [
      { account: user, currency: input.currency, bucket: "available", amount: amount.negated() },
      { account: user, currency: input.currency, bucket: "frozen", amount },
    ],
  });
  if (posted.duplicate) {
    const existing = await tx.select({ id: ledgerHolds.id }).from(ledgerHolds).where(sql`${ledgerHolds.holdEntryId} = ${posted.entryId}`);
    invariant(existing.length === 1, "a repeated hold entry has its hold");
    return { holdId: existing[0].id, entryId: posted.entryId, duplicate: true };
  }
  const accountId = posted.postings[0].accountId;
  const [row] = await tx
    .insert(ledgerHolds)
    .values({
      accountId,
      userId: input.userId,
      currency: input.currency,
      amount: toWire(amount),
      causeKind: input.cause.kind,
      causeId: String(input.cause.id),
      holdEntryId: posted.entryId,
      createdAt: input.at ?? new Date(),
    })
    .returning({ id: ledgerHolds.id });
  return { holdId: row.id, entryId: posted.entryId, duplicate: false };
}

interface HoldRow {
  id: number;
  userId: number;
  currency: string;
  amount: string;
  status: "pending" | "posted" | "voided";
  causeKind: string;
  causeId: string;
}

async function lockPendingHold(tx: Tx, holdId: number): Promise<HoldRow> {
  const found = await rows<{ id: unknown; user_id: unknown; currency: string; amount: string; status: HoldRow["status"]; cause_kind: string; cause_id: string }>(
    tx,
    sql`SELECT id, user_id, currency, amount, status, cause_kind, cause_id FROM ledger_holds WHERE id = ${holdId} FOR UPDATE`,
  );
  if (!found.length) throw new DomainError("DATA_NOT_FOUND");
  const r = found[0];
  // Posted or voided already: a hold resolves exactly once.
  if (r.status !== "pending") throw new DomainError("ORDER_STATUS_ERROR");
  return { id: num(r.id), userId: num(r.user_id), currency: r.currency, amount: r.amount, status: r.status, causeKind: r.cause_kind, causeId: r.cause_id };
}

async function resolve(tx: Tx, held: HoldRow, status: "posted" | "voided", input: ResolveInput, credit: readonly Leg[]): Promise<Posted> {
  const posted = await post(tx, {
    key: input.key,
    kind: input.kind ?? `${held.causeKind}.${status === "posted" ? "settle" : "release"}`,
    cause: { kind: held.causeKind, id: held.causeId },
    memo: input.memo,
    actor: input.actor,
    at: input.at,
    legs: [{ account: { user: held.userId }, currency: held.currency, bucket: "frozen", amount: money(held.amount).negated() }, ...credit],
  });
  invariant(!posted.duplicate, "a pending hold's resolution has not been posted before");
  await tx.execute(
    sql`UPDATE ledger_holds SET status = ${status}, resolve_entry_id = ${posted.entryId}, resolved_at = ${(input.at ?? new Date()).toISOString()}
        WHERE id = ${held.id}`,
  );
  return posted;
}

/** Two-phase, second phase: the held money leaves the user's frozen bucket to the given accounts. */
async function settle(tx: Tx, input: SettleInput): Promise<Posted> {
  const held = await lockPendingHold(tx, input.holdId);
  return resolve(tx, held, "posted", input, input.legs);
}

/** Two-phase, second phase: the hold is voided and the money returns to the user's available balance. */
async function release(tx: Tx, input: ResolveInput): Promise<Posted> {
  const held = await lockPendingHold(tx, input.holdId);
  return resolve(tx, held, "voided", input, [{ account: { user: held.userId }, currency: held.currency, bucket: "available", amount: held.amount }]);
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
    kind: "adjustment",
    cause: { kind: "adjustment", id: input.key },
    memo: reason,
    actor: { kind: "operator", id: input.operatorId },
    at: input.at,
    legs: [
      { account: { user: input.userId }, currency: input.currency, amount },
      { account: { platform: "adjustments" }, currency: input.currency, amount: amount.negated() },
    ],
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

/** A user's wallets as the ledger holds them (only currencies that have an account). */
async function balances(db: Executor, userId: number): Promise<WalletBalance[]> {
  const found = await rows<{ currency: string; available: string; frozen: string }>(
    db,
    sql`SELECT currency, available, frozen FROM ledger_accounts WHERE user_id = ${userId} ORDER BY currency`,
  );
  return found.map((r) => ({ currency: r.currency, available: toWire(r.available), frozen: toWire(r.frozen) }));
}

/**
 * A user's own ledger, newest first, one line per entry and currency, with the running balance after each line.
 * Lines are ordered by their postings (the order the row lock applied them), so the running balance is exact.
 */
async function entries(db: Executor, userId: number, query: { page: number; limit: number; currency?: string }): Promise<{ list: LedgerLine[]; total: number }> {
  const currency = query.currency ? sql`AND currency = ${query.currency}` : sql``;
  const found = await rows<{
    entry_id: unknown; currency: string; kind: string; cause_kind: string; cause_id: string; memo: string | null;
    change: string; available_change: string; frozen_change: string; balance: string; created_at: unknown; total: unknown;
  }>(
    db,
    sql`WITH lines AS (
          SELECT entry_id, currency, min(id) AS seq, sum(amount) AS change,
                 coalesce(sum(amount) FILTER (WHERE bucket = 'available'), 0) AS available_change,
                 coalesce(sum(amount) FILTER (WHERE bucket = 'frozen'), 0) AS frozen_change
          FROM ledger_postings WHERE user_id = ${userId} ${currency}
          GROUP BY entry_id, currency
        ), running AS (
          SELECT lines.*, sum(change) OVER (PARTITION BY currency ORDER BY seq) AS balance, count(*) OVER () AS total FROM lines
        )
        SELECT r.entry_id, r.currency, r.change, r.available_change, r.frozen_change, r.balance, r.total,
               e.kind, e.cause_kind, e.cause_id, e.memo, e.created_at
        FROM running r JOIN ledger_entries e ON e.id = r.entry_id
        ORDER BY r.seq DESC
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
  );
  let total = found.length ? num(found[0].total) : 0;
  if (!found.length && query.page > 1) {
    const counted = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM (SELECT 1 FROM ledger_postings WHERE user_id = ${userId} ${currency} GROUP BY entry_id, currency) t`,
    );
    total = num(counted[0].n);
  }
  return {
    total,
    list: found.map((r) => ({
      entry_id: num(r.entry_id),
      currency: r.currency,
      kind: r.kind,
      cause_kind: r.cause_kind,
      cause_id: r.cause_id,
      memo: r.memo,
      change: toWire(r.change),
      available_change: toWire(r.available_change),
      frozen_change: toWire(r.frozen_change),
      balance: toWire(r.balance),
      created_at: epoch(r.created_at),
    })),
  };
}

/** The platform accounts' balances: sums of their postings (they have no balance row). */
async function platformBalances(db: Executor): Promise<{ platform: PlatformAccount; currency: string; balance: string }[]> {
  const found = await rows<{ platform: PlatformAccount; currency: string; balance: string }>(
    db,
    sql`SELECT a.platform, a.currency, coalesce(sum(p.amount), 0) AS balance
        FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
        WHERE a.platform IS NOT NULL GROUP BY a.platform, a.currency ORDER BY a.platform, a.currency`,
  );
  return found.map((r) => ({ platform: r.platform, currency: r.currency, balance: toWire(r.balance) }));
}

/** Users' total holdings per currency (available + frozen): what the platform owes its users. */
async function liabilities(db: Executor): Promise<{ currency: string; available: string; frozen: string }[]> {
  const found = await rows<{ currency: string; available: string; frozen: string }>(
    db,
    sql`SELECT currency, sum(available) AS available, sum(frozen) AS frozen FROM ledger_accounts
        WHERE user_id IS NOT NULL GROUP BY currency ORDER BY currency`,
  );
  return found.map((r) => ({ currency: r.currency, available: toWire(r.available), frozen: toWire(r.frozen) }));
}

/**
 * Checks every invariant of README.md from the outside and lists what is broken (empty when all hold): entries
 * sum to zero per currency, each user bucket equals the sum of its postings and the last posting's balance after,
 * nothing is negative, users plus platform sum to zero, pending holds equal frozen balances.
 */
async function verify(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await rows<{ entry_id: unknown; currency: string; sum: string }>(
    db,
    sql`SELECT entry_id, currency, sum(amount) AS sum FROM ledger_postings GROUP BY entry_id, currency HAVING sum(amount) <> 0`,
  );
  for (const r of unbalanced) problems.push(`entry ${num(r.entry_id)} sums to ${r.sum} ${r.currency}`);
  const drift = await rows<{ id: unknown; bucket: string; stored: string; summed: string; last_after: string | null }>(
    db,
    sql`SELECT a.id, b.bucket, CASE b.bucket WHEN 'available' THEN a.available ELSE a.frozen END AS stored,
               coalesce((SELECT sum(p.amount) FROM ledger_postings p WHERE p.account_id = a.id AND p.bucket = b.bucket), 0) AS summed,
               (SELECT p.balance_after FROM ledger_postings p WHERE p.account_id = a.id AND p.bucket = b.bucket ORDER BY p.id DESC LIMIT 1) AS last_after
        FROM ledger_accounts a CROSS JOIN (VALUES ('available'), ('frozen')) AS b (bucket)
        WHERE a.user_id IS NOT NULL`,
  );
  for (const r of drift) {
    const stored = money(r.stored);
    if (!stored.eq(money(r.summed))) problems.push(`account ${num(r.id)} ${r.bucket} is ${r.stored} but its postings sum to ${r.summed}`);
    if (r.last_after !== null && !stored.eq(money(r.last_after))) problems.push(`account ${num(r.id)} ${r.bucket} is ${r.stored} but its last posting left ${r.last_after}`);
    if (stored.lt(0)) problems.push(`account ${num(r.id)} ${r.bucket} is negative`);
  }
  const totals = await rows<{ currency: string; sum: string }>(
    db,
    sql`SELECT currency, sum(amount) AS sum FROM ledger_postings GROUP BY currency HAVING sum(amount) <> 0`,
  );
  for (const r of totals) problems.push(`users plus platform sum to ${r.sum} ${r.currency}`);
  const holds = await rows<{ id: unknown; frozen: string; held: string }>(
    db,
    sql`SELECT a.id, a.frozen, coalesce((SELECT sum(h.amount) FROM ledger_holds h WHERE h.account_id = a.id AND h.status = 'pending'), 0) AS held
        FROM ledger_accounts a WHERE a.user_id IS NOT NULL`,
  );
  for (const r of holds) {
    if (!money(r.frozen).eq(money(r.held))) problems.push(`account ${num(r.id)} has ${r.frozen} frozen but ${r.held} in pending holds`);
  }
  return problems;
}

/**
 * The ledger: the only code that writes balances. Other domains call it inside their own transaction
 * (`db.transaction(tx => ledger.post(tx, ...))`); README.md states what it guarantees.
 */
export const ledger = { post, hold, settle, release, adjust, balances, entries, platformBalances, liabilities, verify };
