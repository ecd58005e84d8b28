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

export interface IdempotentCall {
  userId: number;
  /** The client's key; without one the call simply runs. */
  key: string | undefined;
  /** The call (its path): a key reused on another call is a conflict. */
  scope: string;
  /** What the request asked for; secrets (passwords) are left out by the caller. */
  body: Record<string, unknown>;
}

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
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, call.key)));
  if (!rows.length) return null;
  if (rows[0].scope !== call.scope || rows[0].requestHash !== hash) throw new DomainError("IDEMPOTENCY_CONFLICT");
  return { response: rows[0].response as T };
}

/**
 * Runs a money-moving call at most once per client key (DESIGN.md: retries are safe).
 *
 * - A key seen before with the same request returns the first answer and runs nothing (checked before `check`,
 *   so a retry of a withdrawal that is now pending gets its answer, not "a request already exists").
 * - A key seen before with another request is refused (IDEMPOTENCY_CONFLICT).
 * - Otherwise `check` runs (validations outside the transaction), then `work` in a transaction that first claims
 *   the key: a concurrent twin waits on that row, then finds it taken and returns the winner's answer.
 * - A refusal rolls everything back, the key included: a retry after a refusal is evaluated afresh.
 */
export async function idempotent<T>(db: Db, call: IdempotentCall, work: (tx: Tx) => Promise<T>, check?: () => Promise<void>): Promise<T> {
  const hash = requestHash(call.scope, call.body);
  const replay = await stored<T>(db, call, hash);
  if (replay) return replay.response;
  if (check) {
    try {
      await check();
    } catch (error) {
      // A twin with the same key may have committed meanwhile (its result now fails our checks: "already
      // pending"): the client gets that first answer, as a retry should.
      const late = await stored<T>(db, call, hash);
      if (late) return late.response;
      throw error;
    }
  }
  if (!call.key) return db.transaction(work);
  const key = call.key;
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: call.userId, key, scope: call.scope, requestHash: hash, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed.length) throw new KeyTaken();
      const response = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ response: response as object })
        .where(and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, key)));
      return response;
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const winner = await stored<T>(db, call, hash);
    if (!winner) throw new DomainError("TRY_AGAIN");
    return winner.response;
  }
}
