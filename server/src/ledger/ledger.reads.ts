import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Executor, Tx } from "../platform/db";
import type { PlatformAccount } from "./accounts";
import type { EntryKind } from "./kinds";
import { money, toWire } from "./money";
import { rows } from "./posting";

/**
 * The ledger's reads: balances, a user's lines and statements, the platform's totals, and the checks of README.md's
 * invariants. None writes; `ledger.ts` holds the writes. `queuedPostings` locks only the caller's queue rows.
 */

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

const num = (v: unknown): number => Number(v);
const epoch = (v: unknown): number => Math.floor((v instanceof Date ? v : new Date(String(v))).getTime() / 1000);

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

export interface StatementPosting {
  id: number;
  entry_id: number;
  amount: string;
  created_at: Date;
  kind: string;
  cause_kind: string;
  cause_id: string;
  memo: string | null;
}

/**
 * A user's balance (available + frozen) per currency before a time: the opening balances of a statement, for every
 * currency the user has an account in (zero where nothing was posted before it).
 */
async function balancesBefore(db: Executor, userId: number, at: Date): Promise<Array<{ currency: string; balance: string }>> {
  const found = await rows<{ currency: string; balance: string }>(
    db,
    sql`SELECT a.currency, coalesce((SELECT sum(p.amount) FROM ledger_postings p WHERE p.user_id = ${userId} AND p.currency = a.currency AND p.created_at < ${at.toISOString()}::timestamptz), 0) AS balance
        FROM ledger_accounts a WHERE a.user_id = ${userId} ORDER BY a.currency`,
  );
  return found.map((r) => ({ currency: r.currency, balance: toWire(r.balance) }));
}

/**
 * One page of a user's postings in one currency from a time up to (not including) another, after a posting id, in posting
 * order, with their entry: keyset pagination on the (user, currency, id) index, so a statement streams a year of
 * entries page by page without an OFFSET or the whole list in memory.
 */
async function statementPostings(db: Executor, userId: number, currency: string, range: { from: Date; until: Date }, afterId: number, limit: number): Promise<StatementPosting[]> {
  const found = await rows<{ id: unknown; entry_id: unknown; amount: string; created_at: unknown; kind: string; cause_kind: string; cause_id: string; memo: string | null }>(
    db,
    sql`SELECT p.id, p.entry_id, p.amount, p.created_at, e.kind, e.cause_kind, e.cause_id, e.memo
        FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
        WHERE p.user_id = ${userId} AND p.currency = ${currency} AND p.id > ${afterId}
          AND p.created_at >= ${range.from.toISOString()}::timestamptz AND p.created_at < ${range.until.toISOString()}::timestamptz
        ORDER BY p.id LIMIT ${limit}`,
  );
  return found.map((r) => ({
    id: num(r.id),
    entry_id: num(r.entry_id),
    amount: toWire(r.amount),
    created_at: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    kind: r.kind,
    cause_kind: r.cause_kind,
    cause_id: r.cause_id,
    memo: r.memo,
  }));
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

/** Every user's holding (available + frozen) per currency, non-zero only: what the proof of liabilities commits to. */
async function holdings(db: Executor): Promise<{ userId: number; currency: string; balance: string }[]> {
  const found = await rows<{ user_id: unknown; currency: string; balance: string }>(
    db,
    sql`SELECT user_id, currency, (available + frozen)::text AS balance FROM ledger_accounts
        WHERE user_id IS NOT NULL AND available + frozen <> 0`,
  );
  return found.map((r) => ({ userId: Number(r.user_id), currency: r.currency, balance: r.balance }));
}

/** How many users hold a non-zero balance, per currency. */
async function holderCounts(db: Executor): Promise<Map<string, number>> {
  const found = await rows<{ currency: string; users: unknown }>(
    db,
    sql`SELECT currency, count(*) AS users FROM ledger_accounts WHERE user_id IS NOT NULL AND available + frozen <> 0 GROUP BY currency`,
  );
  return new Map(found.map((r) => [r.currency, Number(r.users)]));
}

/** Whether any entry of this kind ever moved this user's money (a first deposit, for the referral's conditions). */
async function hasEntryOfKind(db: Executor, userId: number, kind: EntryKind): Promise<boolean> {
  const [found] = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id WHERE p.user_id = ${userId} AND e.kind = ${kind} LIMIT 1`,
  );
  return found !== undefined;
}

/**
 * Whether some user holds a non-zero balance that `counted` does not cover. `counted(userId, currency)` is a condition
 * on the caller's own rows (the proof of liabilities: a leaf of its latest snapshot); one query that stops at the first.
 */
async function anyBalanceOutside(db: Executor, counted: (userId: SQL, currency: SQL) => SQL): Promise<boolean> {
  const [found] = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM ledger_accounts a
        WHERE a.user_id IS NOT NULL AND a.available + a.frozen <> 0
          AND NOT (${counted(sql`a.user_id`, sql`a.currency`)})
        LIMIT 1`,
  );
  return found !== undefined;
}

/** A posting named in a caller's queue, with what its entry says: the kind, and the user the entry is about. */
export interface QueuedPosting {
  postingId: number;
  entryId: number;
  amount: string;
  currency: string;
  entryKind: string;
  /** The lowest user id among the entry's postings (the user who paid a fee), or null for a platform-only entry. */
  payer: number | null;
}

/**
 * The postings a caller's queue table names (its `posting_id` column), oldest first, at most `limit`, in one query.
 * The queue rows read stay locked until the caller's transaction ends; rows another transaction holds are skipped, so
 * parallel workers share the queue (the referral commission: fee postings queued as they commit).
 */
async function queuedPostings(tx: Tx, queue: SQLWrapper, limit: number): Promise<QueuedPosting[]> {
  const found = await rows<{ posting_id: string | number; entry_id: string | number; amount: string; currency: string; entry_kind: string; payer: string | number | null }>(
    tx,
    sql`SELECT p.id AS posting_id, p.entry_id, p.amount, p.currency, e.kind AS entry_kind,
               (SELECT min(u.user_id) FROM ledger_postings u WHERE u.entry_id = p.entry_id AND u.user_id IS NOT NULL) AS payer
        FROM ${queue} q
        JOIN ledger_postings p ON p.id = q.posting_id
        JOIN ledger_entries e ON e.id = p.entry_id
        ORDER BY q.posting_id LIMIT ${limit} FOR UPDATE OF q SKIP LOCKED`,
  );
  return found.map((r) => ({
    postingId: Number(r.posting_id),
    entryId: Number(r.entry_id),
    amount: r.amount,
    currency: r.currency,
    entryKind: r.entry_kind,
    payer: r.payer === null ? null : Number(r.payer),
  }));
}

/**
 * Checks every invariant of README.md from the outside and lists what is broken (empty when all hold): entries
 * sum to zero per currency, each user bucket equals the sum of its postings and the last posting's balance after,
 * nothing is negative, users plus platform sum to zero, pending holds equal frozen balances, and every posting and
 * hold names an entry and an account that exist (the database checks that per statement; this reads it back).
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
  const orphans = await rows<{ what: string; id: unknown }>(
    db,
    sql`SELECT 'posting' AS what, p.id FROM ledger_postings p
        WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.id = p.entry_id) OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = p.account_id)
        UNION ALL
        SELECT 'hold', h.id FROM ledger_holds h
        WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = h.account_id) OR NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.id = h.hold_entry_id)
           OR (h.resolve_entry_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.id = h.resolve_entry_id))
        LIMIT 20`,
  );
  for (const r of orphans) problems.push(`${r.what} ${num(r.id)} names an entry or an account that does not exist`);
  return problems;
}

/** Reads of the ledger for other domains: none of them moves money (the writes are `ledger` in ledger.ts). */
export const ledgerReads = { balances, entries, balancesBefore, statementPostings, platformBalances, liabilities, holdings, holderCounts, hasEntryOfKind, anyBalanceOutside, queuedPostings, verify };
