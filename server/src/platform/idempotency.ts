import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { Db, Executor, Tx } from "./db";
import { DomainError } from "./errors";

/** Table of migrations/0004_money.sql: the first answer of each client-generated key. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: bigint("user_id", { mode: "number" }).notNull(),
    key: text("key").notNull(),
    scope: text("scope").notNull(),
    requestHash: text("request_hash").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Table of migrations/0016_operator_decision_keys.sql: the same record for operators' decisions, owned by an operator
 * (the owner column is `operator_id`; the code reads it under the same name as users' keys).
 */
export const operatorIdempotencyKeys = pgTable(
  "operator_idempotency_keys",
  {
    userId: bigint("operator_id", { mode: "number" }).notNull(),
    key: text("key").notNull(),
    scope: text("scope").notNull(),
    requestHash: text("request_hash").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export interface IdempotentCall {
  userId: number;
  /** The client's key; without one the call simply runs. */
  key: string | undefined;
  /** The call (its path): a key reused on another call is a conflict. */
  scope: string;
  /** What the request asked for; secrets (passwords) are left out by the caller. */
  body: Record<string, unknown>;
  /** Whose keys: a user's (default) or an operator's (`userId` is then the operator's id). */
  owner?: "user" | "operator";
}

const tableOf = (call: IdempotentCall) => (call.owner === "operator" ? operatorIdempotencyKeys : idempotencyKeys) as typeof idempotencyKeys;

/** A stable hash of a request: keys sorted, undefined left out. */
export function requestHash(scope: string, body: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(body)
      .filter((k) => body[k] !== undefined)
      .sort()
      .map((k) => [k, body[k]]),
  );
  return createHash("sha256").update(`${scope}\n${canonical}`).digest("hex");
}

/** Thrown inside the transaction when another request with the same key committed first. */
class KeyTaken extends Error {}

async function stored<T>(db: Executor, call: IdempotentCall, hash: string): Promise<{ response: T } | null> {
  if (!call.key) return null;
  const table = tableOf(call);
  const rows = await db
    .select()
    .from(table)
    .where(and(eq(table.userId, call.userId), eq(table.key, call.key)));
  if (!rows.length) return null;
  if (rows[0].scope !== call.scope || rows[0].requestHash !== hash) throw new DomainError("IDEMPOTENCY_CONFLICT");
  return { response: rows[0].response as T };
}

/**
 * Runs a money-moving call at most once per client key (retries are safe).
 *
 * - A key seen before with the same request returns the first answer and runs nothing (checked before `check`,
 *   so a retry of a withdrawal that is now pending gets its answer, not "a request already exists").
 * - A key seen before with another request is refused (IDEMPOTENCY_CONFLICT).
 * - Otherwise `check` runs (validations outside the transaction), then `work` in a transaction that first claims
 *   the key: a concurrent twin waits on that row, then finds it taken and returns the winner's answer.
 * - A refusal rolls everything back, the key included: a retry after a refusal is evaluated afresh.
 */
export async function idempotent<T>(db: Db, call: IdempotentCall, work: (tx: Tx) => Promise<T>, check?: () => Promise<void>): Promise<T> {
  return (await answerOnce(db, call, work, check)).response;
}

/** `idempotent`, also telling whether the answer is a replay of the key's first one (the call ran nothing now). */
export async function answerOnce<T>(
  db: Db,
  call: IdempotentCall,
  work: (tx: Tx) => Promise<T>,
  check?: () => Promise<void>,
): Promise<{ response: T; replayed: boolean }> {
  const hash = requestHash(call.scope, call.body);
  const replay = await stored<T>(db, call, hash);
  if (replay) return { response: replay.response, replayed: true };
  if (check) {
    try {
      await check();
    } catch (error) {
      // A twin with the same key may have committed meanwhile (its result now fails our checks: "already
      // pending"): the client gets that first answer, as a retry should.
      const late = await stored<T>(db, call, hash);
      if (late) return { response: late.response, replayed: true };
      throw error;
    }
  }
  if (!call.key) return { response: await db.transaction(work), replayed: false };
  const key = call.key;
  const table = tableOf(call);
  try {
    const response = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(table)
        .values({ userId: call.userId, key, scope: call.scope, requestHash: hash, response: {} })
        .onConflictDoNothing()
        .returning({ key: table.key });
      if (!claimed.length) throw new KeyTaken();
      const response = await work(tx);
      await tx
        .update(table)
        .set({ response: response as object })
        .where(and(eq(table.userId, call.userId), eq(table.key, key)));
      return response;
    });
    return { response, replayed: false };
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const winner = await stored<T>(db, call, hash);
    if (!winner) throw new DomainError("TRY_AGAIN");
    return { response: winner.response, replayed: true };
  }
}

/**
 * An operator's decision (approve, reject) at most once per key, like a user's money call: a retry after a lost answer
 * gets the first answer instead of "already decided". Operators' keys are kept in their own table.
 */
export function operatorDecision<T>(
  db: Db,
  operator: { id: number },
  scope: string,
  key: string | undefined,
  body: Record<string, unknown>,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return idempotent(db, { userId: operator.id, key, scope, body, owner: "operator" }, work);
}
