import { sql, type SQL } from "drizzle-orm";
import type { ErrorCode } from "../../contract";
import type { Tx } from "../platform/db";
import { DomainError, invariant } from "../platform/errors";
import { PLATFORM_ACCOUNTS } from "./accounts";
import { applyLegs, normaliseLegs, type PlannedLeg, type UserBalance } from "./ledger.engine";
import type { Actor, Cause } from "./ledger";
import { money, toWire } from "./money";
import type { Leg } from "./ledger.engine";

/**
 * Many entries in one transaction with a handful of multi-row statements (the daily earn payout posts 1,000
 * entries per transaction this way): the same rules as `ledger.post` (each entry balances per currency, user
 * accounts locked in id order, before/after recorded per posting, one entry per idempotency key), only batched.
 * Postings of one account follow the order of `inputs`, so each one's balance_before is the previous one's after.
 */

export interface BatchEntry {
  key: string;
  kind: string;
  cause: Cause;
  legs: readonly Leg[];
  memo?: string | null;
  actor?: Actor;
  at?: Date;
}

export interface HoldResolution {
  holdId: number;
  key: string;
  kind?: string;
  /** Legs besides the frozen debit, where the held money goes; default: back to the user's available balance. */
  legs?: readonly Leg[];
  memo?: string | null;
  at?: Date;
}

/** Rows per statement. */
const CHUNK = 5_000;

/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) for one parameter: batches pass one array per column and `unnest`
 * them, so a statement of thousands of rows has a handful of parameters (building thousands of nested SQL fragments
 * costs more than running the statement).
 */
export function pgArray(values: readonly (string | number | boolean | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(",")}}`;
}

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Posts every entry whose key is new; returns the entry id per input (null when the key had posted before:
 * nothing moved for it). Throws `insufficient` (and the caller's transaction rolls back) when a user bucket would
 * go negative.
 */
export async function postBatch(tx: Tx, inputs: readonly BatchEntry[], insufficient: ErrorCode = "INSUFFICIENT_BALANCE"): Promise<(number | null)[]> {
  if (!inputs.length) return [];
  const planned = inputs.map((input) => normaliseLegs(input.legs));
  const keys = new Set<string>();
  for (const input of inputs) {
    invariant(!keys.has(input.key), "a batch names each idempotency key once");
    keys.add(input.key);
  }

  // 1. The entries: a key seen before inserts nothing.
  const ids = new Map<string, number>();
  for (const part of chunks(inputs)) {
    const actor = (e: BatchEntry) => e.actor ?? { kind: "system" as const, id: null };
    const inserted = await rows<{ id: unknown; idempotency_key: string }>(
      tx,
      sql`INSERT INTO ledger_entries (idempotency_key, kind, cause_kind, cause_id, memo, actor_kind, actor_id, created_at)
          SELECT * FROM unnest(${pgArray(part.map((e) => e.key))}::text[], ${pgArray(part.map((e) => e.kind))}::text[],
                               ${pgArray(part.map((e) => e.cause.kind))}::text[], ${pgArray(part.map((e) => String(e.cause.id)))}::text[],
                               ${pgArray(part.map((e) => e.memo ?? null))}::text[], ${pgArray(part.map((e) => actor(e).kind))}::text[],
                               ${pgArray(part.map((e) => actor(e).id))}::bigint[], ${pgArray(part.map((e) => (e.at ?? new Date()).toISOString()))}::timestamptz[])
          ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key`,
    );
    for (const r of inserted) ids.set(r.idempotency_key, Number(r.id));
  }
  const fresh = inputs.map((input, i) => ({ input, legs: planned[i], entryId: ids.get(input.key) ?? null })).filter((e) => e.entryId !== null);
  if (!fresh.length) return inputs.map(() => null);
  const legs = fresh.flatMap((e) => e.legs);

  // 2. Accounts: users' locked in id order (created when missing), platforms' looked up (created when missing).
  const users = await lockUsers(tx, legs);
  const platforms = await platformIds(tx, legs);

  // 3. Balances applied entry by entry, in input order.
  const balances = new Map<string, UserBalance>([...users].map(([key, a]) => [key, a.balance]));
  const postings: { entryId: number; accountId: number; userId: number | null; currency: string; bucket: string; amount: string; before: string | null; after: string | null; at: string }[] = [];
  for (const e of fresh) {
    // Only the entry's own accounts go through the engine (copying every locked balance per entry is quadratic).
    const touched = new Map<string, UserBalance>();
    for (const leg of e.legs) if (leg.userId !== null) touched.set(leg.key, balances.get(leg.key)!);
    const plan = applyLegs(e.legs, touched);
    if (!plan.ok) throw new DomainError(insufficient);
    for (const [key, balance] of plan.balances) balances.set(key, balance);
    const at = (e.input.at ?? new Date()).toISOString();
    for (const p of plan.postings) {
      postings.push({
        entryId: e.entryId!,
        accountId: p.userId !== null ? users.get(p.key)!.id : platforms.get(p.key)!,
        userId: p.userId,
        currency: p.currency,
        bucket: p.bucket,
        amount: toWire(p.amount),
        before: p.before ? toWire(p.before) : null,
        after: p.after ? toWire(p.after) : null,
        at,
      });
    }
  }
  for (const part of chunks(postings)) {
    const col = <K extends keyof (typeof part)[number]>(k: K) => pgArray(part.map((p) => p[k] as string | number | null));
    await tx.execute(
      sql`INSERT INTO ledger_postings (entry_id, account_id, user_id, currency, bucket, amount, balance_before, balance_after, created_at)
          SELECT e, a, u, c, b, m, bb, ba, t FROM unnest(${col("entryId")}::bigint[], ${col("accountId")}::bigint[], ${col("userId")}::bigint[],
                               ${col("currency")}::text[], ${col("bucket")}::text[], ${col("amount")}::numeric[], ${col("before")}::numeric[],
                               ${col("after")}::numeric[], ${col("at")}::timestamptz[]) WITH ORDINALITY AS v (e, a, u, c, b, m, bb, ba, t, n)
          ORDER BY n`,
    );
  }

  // 4. The user balance rows, one statement.
  const changed = [...users.values()].map((a) => ({ id: a.id, balance: balances.get(a.key)! }));
  for (const part of chunks(changed)) {
    await tx.execute(
      sql`UPDATE ledger_accounts AS a SET available = v.available, frozen = v.frozen
          FROM unnest(${pgArray(part.map((c) => c.id))}::bigint[], ${pgArray(part.map((c) => toWire(c.balance.available)))}::numeric[],
                      ${pgArray(part.map((c) => toWire(c.balance.frozen)))}::numeric[]) AS v (id, available, frozen)
          WHERE a.id = v.id`,
    );
  }
  return inputs.map((input) => ids.get(input.key) ?? null);
}

/**
 * Resolves many pending holds at once (the earn payout releases matured principals this way): each hold's frozen
 * money leaves to `legs` (default: back to the user's available balance), each hold is resolved exactly once (its
 * row is locked first; a hold already resolved is refused with ORDER_STATUS_ERROR, like `ledger.release`).
 */
export async function resolveBatch(tx: Tx, inputs: readonly HoldResolution[]): Promise<number[]> {
  if (!inputs.length) return [];
  const held = new Map<number, { userId: number; currency: string; amount: string; causeKind: string; causeId: string }>();
  for (const part of chunks(inputs.map((i) => i.holdId))) {
    const found = await rows<{ id: unknown; user_id: unknown; currency: string; amount: string; status: string; cause_kind: string; cause_id: string }>(
      tx,
      sql`SELECT id, user_id, currency, amount, status, cause_kind, cause_id FROM ledger_holds
          WHERE id = ANY (${pgArray(part)}::bigint[]) ORDER BY id FOR UPDATE`,
    );
    for (const r of found) {
      if (r.status !== "pending") throw new DomainError("ORDER_STATUS_ERROR");
      held.set(Number(r.id), { userId: Number(r.user_id), currency: r.currency, amount: r.amount, causeKind: r.cause_kind, causeId: r.cause_id });
    }
  }
  const entries: BatchEntry[] = inputs.map((input) => {
    const h = held.get(input.holdId);
    if (!h) throw new DomainError("DATA_NOT_FOUND");
    const voided = !input.legs;
    return {
      key: input.key,
      kind: input.kind ?? `${h.causeKind}.${voided ? "release" : "settle"}`,
      cause: { kind: h.causeKind, id: h.causeId },
      memo: input.memo,
      at: input.at,
      legs: [
        { account: { user: h.userId }, currency: h.currency, bucket: "frozen", amount: money(h.amount).negated() },
        ...(input.legs ?? [{ account: { user: h.userId }, currency: h.currency, bucket: "available" as const, amount: h.amount }]),
      ],
    };
  });
  const entryIds = await postBatch(tx, entries);
  const updates = inputs.map((input, i) => {
    const entryId = entryIds[i];
    invariant(entryId !== null, "a pending hold's resolution has not been posted before");
    return { holdId: input.holdId, entryId, status: input.legs ? "posted" : "voided", at: (input.at ?? new Date()).toISOString() };
  });
  for (const part of chunks(updates)) {
    await tx.execute(
      sql`UPDATE ledger_holds AS h SET status = v.status, resolve_entry_id = v.entry_id, resolved_at = v.at
          FROM unnest(${pgArray(part.map((u) => u.holdId))}::bigint[], ${pgArray(part.map((u) => u.entryId))}::bigint[],
                      ${pgArray(part.map((u) => u.status))}::text[], ${pgArray(part.map((u) => u.at))}::timestamptz[]) AS v (id, entry_id, status, at)
          WHERE h.id = v.id`,
    );
  }
  return updates.map((u) => u.entryId);
}

interface Locked {
  id: number;
  key: string;
  balance: UserBalance;
}

async function lockUsers(tx: Tx, legs: readonly PlannedLeg[]): Promise<Map<string, Locked>> {
  const wanted = new Map<string, { userId: number; currency: string }>();
  for (const leg of legs) if (leg.userId !== null) wanted.set(leg.key, { userId: leg.userId, currency: leg.currency });
  const locked = new Map<string, Locked>();
  if (!wanted.size) return locked;
  const all = [...wanted.values()];
  const userIds = pgArray(all.map((k) => k.userId));
  const currencies = pgArray(all.map((k) => k.currency));
  // One locking statement in id order for the whole batch (two batches touching the same accounts cannot deadlock).
  const select = () =>
    rows<{ id: unknown; user_id: unknown; currency: string; available: string; frozen: string }>(
      tx,
      sql`SELECT a.id, a.user_id, a.currency, a.available, a.frozen FROM ledger_accounts a
          JOIN unnest(${userIds}::bigint[], ${currencies}::text[]) AS v (u, c) ON a.user_id = v.u AND a.currency = v.c
          ORDER BY a.id FOR UPDATE OF a`,
    );
  let found = await select();
  if (found.length < all.length) {
    await tx.execute(
      sql`INSERT INTO ledger_accounts (user_id, currency, available, frozen)
          SELECT u, c, 0, 0 FROM unnest(${userIds}::bigint[], ${currencies}::text[]) AS v (u, c)
          ON CONFLICT (user_id, currency) WHERE user_id IS NOT NULL DO NOTHING`,
    );
    found = await select();
  }
  for (const r of found) {
    const key = `u:${Number(r.user_id)}:${r.currency}`;
    locked.set(key, { id: Number(r.id), key, balance: { available: money(r.available), frozen: money(r.frozen) } });
  }
  invariant(locked.size === wanted.size, `every user account of a batch is locked (${locked.size} of ${wanted.size})`);
  return locked;
}

async function platformIds(tx: Tx, legs: readonly PlannedLeg[]): Promise<Map<string, number>> {
  const wanted = new Map<string, { platform: string; currency: string }>();
  for (const leg of legs) if (leg.platform !== null) wanted.set(leg.key, { platform: leg.platform, currency: leg.currency });
  const ids = new Map<string, number>();
  if (!wanted.size) return ids;
  for (const { platform } of wanted.values()) invariant((PLATFORM_ACCOUNTS as readonly string[]).includes(platform), `known platform account ${platform}`);
  const values = sql.join(
    [...wanted.values()].map((k) => sql`(${k.platform}, ${k.currency})`),
    sql`, `,
  );
  await tx.execute(
    sql`INSERT INTO ledger_accounts (platform, currency) VALUES ${values} ON CONFLICT (platform, currency) WHERE platform IS NOT NULL DO NOTHING`,
  );
  const tuples = sql.join(
    [...wanted.values()].map((k) => sql`(${k.platform}::text, ${k.currency}::text)`),
    sql`, `,
  );
  const found = await rows<{ id: unknown; platform: string; currency: string }>(
    tx,
    sql`SELECT id, platform, currency FROM ledger_accounts WHERE platform IS NOT NULL AND (platform, currency) IN (${tuples})`,
  );
  for (const r of found) ids.set(`p:${r.platform}:${r.currency}`, Number(r.id));
  invariant(ids.size === wanted.size, "every platform account of a batch exists");
  return ids;
}
