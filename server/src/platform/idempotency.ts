import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { pgArray, type Db, type Executor, type Tx } from "./db";
import { DomainError, invariant } from "./errors";

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

/** The first answer of a user's key when the same request was made with it before (null: a new key). */
export function storedAnswer<T>(db: Executor, call: IdempotentCall): Promise<{ response: T } | null> {
  return stored<T>(db, call, requestHash(call.scope, call.body));
}

/**
 * Group commit's side of `idempotent` for one call, before its batch: the rules are checked outside any transaction
 * (`prepare`), then the call joins a batch (`place`), whose `claimKeys` tells a new key from one seen before. The key
 * is not looked up first: that was one more round trip for every order, and only a retry finds anything. When the
 * rules refuse, a key seen before still answers its first result (`replay`): a retry of an order placed before the
 * rules changed gets that order, not today's refusal.
 */
export async function prepareThenPlace<P, O, T>(
  db: Executor,
  call: IdempotentCall,
  prepare: () => Promise<P>,
  place: (prepared: P) => Promise<O>,
  replay: (first: T, call: IdempotentCall) => O | Promise<O>,
): Promise<O> {
  let prepared: P;
  try {
    prepared = await prepare();
  } catch (error) {
    const first = await storedAnswer<T>(db, call);
    if (first) return replay(first.response, call);
    throw error;
  }
  return place(prepared);
}

/** A batch member whose key another request claimed first (`claimKeys` answered false). */
export const TAKEN = Symbol("taken");

/**
 * After a batch committed: each member whose key was `TAKEN` gets the first request's answer (`replay` of it), or
 * TRY_AGAIN when that request left none; a reused key with another request is refused (IDEMPOTENCY_CONFLICT), and
 * any failure to read the first answer fails that member alone. The other members keep their own answers.
 */
export function answerTaken<A, T>(
  db: Executor,
  calls: readonly IdempotentCall[],
  answers: ReadonlyArray<A | Error | typeof TAKEN>,
  replay: (first: T, call: IdempotentCall) => A | Promise<A>,
): Promise<Array<A | Error>> {
  return Promise.all(
    answers.map(async (answer, index) => {
      if (answer !== TAKEN) return answer;
      try {
        const first = await storedAnswer<T>(db, calls[index]);
        return first ? await replay(first.response, calls[index]) : new DomainError("TRY_AGAIN");
      } catch (error) {
        // That member's answer alone: the others' orders are placed and committed, and answer so.
        return error instanceof Error ? error : new Error(String(error));
      }
    }),
  );
}

/**
 * Group commit's side of `idempotent` (users' keys): in the batch's transaction, with one statement, draws an id of
 * `table` (the caller's table, named by the caller: the id of the row its order becomes) for every call and claims every call's key with `{ id }`, the order the call will be written as. Answers,
 * per call, its id and whether it may run: a call without a key always may; a key another request claimed first
 * (committed, or by an earlier call of this batch) may not, and its caller then returns the winner's answer.
 *
 * A retry reads its order back by the id its key holds, so the batch writes no answers afterwards; `freeRefusedKeys`
 * only frees the keys of refused calls (whose ids go unused). Drawing the ids and claiming the keys in one statement
 * is one round trip fewer in the transaction that every order of the next batch waits for.
 */
export async function claimKeys(tx: Tx, table: string, calls: readonly IdempotentCall[]): Promise<{ ids: number[]; claimed: boolean[] }> {
  const keyed = calls.flatMap((call, i) => (call.key ? [{ call, n: i + 1 }] : []));
  const col = (pick: (c: IdempotentCall) => string | number) => pgArray(keyed.map(({ call }) => String(pick(call))));
  // A twin later in the batch inserts nothing (ordered by n, the first call of a key is inserted first), so the key
  // holds the id of the call that claimed it.
  const result = (await tx.execute(
    sql`WITH ids AS MATERIALIZED (SELECT n, nextval(pg_get_serial_sequence(${table}, 'id')) AS id FROM generate_series(1, ${calls.length}::int) AS n),
        claimed AS (
          INSERT INTO idempotency_keys (user_id, key, scope, request_hash, response)
          SELECT v.u, v.k, v.s, v.h, jsonb_build_object('id', ids.id)
          FROM unnest(${col((c) => c.userId)}::bigint[], ${col((c) => c.key!)}::text[], ${col((c) => c.scope)}::text[],
                      ${col((c) => requestHash(c.scope, c.body))}::text[], ${pgArray(keyed.map(({ n }) => n))}::int[]) AS v (u, k, s, h, n)
          JOIN ids ON ids.n = v.n
          ORDER BY v.u, v.k, v.n ON CONFLICT DO NOTHING RETURNING user_id, key)
        SELECT n, id::text AS id, NULL::bigint AS user_id, NULL::text AS key FROM ids
        UNION ALL SELECT NULL, NULL, user_id, key FROM claimed`,
  )) as unknown as { rows: Array<{ n: number | null; id: string | null; user_id: unknown; key: string | null }> };
  const ids = calls.map(() => 0);
  const fresh = new Set<string>();
  for (const r of result.rows) {
    if (r.n !== null) ids[Number(r.n) - 1] = Number(r.id);
    else fresh.add(`${Number(r.user_id)}\n${r.key}`);
  }
  invariant(ids.every((id) => id > 0), "an id is drawn for every call of the batch");
  const claimed = calls.map((c) => {
    if (!c.key) return true;
    // The first call of the batch with this key claimed it; a twin later in the same batch did not.
    return fresh.delete(`${c.userId}\n${c.key}`);
  });
  return { ids, claimed };
}

/**
 * A batch whose keys were claimed with their answers (`claimKeys`' `answers`): frees the keys of the members it
 * refused (an Error, or still `TAKEN`), so a retry of those is judged afresh; the others keep what they were claimed
 * with.
 */
export function freeRefusedKeys(tx: Tx, calls: readonly IdempotentCall[], claimed: readonly boolean[], answers: readonly unknown[]): Promise<void> {
  return settleKeys(tx, calls.flatMap((call, i) => (claimed[i] && (answers[i] instanceof Error || answers[i] === TAKEN) ? [{ call, response: null }] : [])));
}

/** Stores the answers of claimed keys (the batch's last statement), or frees the keys of refused calls (`null`). */
export async function settleKeys(tx: Tx, calls: ReadonlyArray<{ call: IdempotentCall; response: object | null }>): Promise<void> {
  const keyed = calls.filter((c) => c.call.key);
  const answered = keyed.filter((c) => c.response !== null);
  const refused = keyed.filter((c) => c.response === null);
  if (answered.length) {
    await tx.execute(
      sql`UPDATE idempotency_keys AS i SET response = v.r
          FROM unnest(${pgArray(answered.map((c) => String(c.call.userId)))}::bigint[], ${pgArray(answered.map((c) => c.call.key!))}::text[],
                      ${pgArray(answered.map((c) => JSON.stringify(c.response)))}::jsonb[]) AS v (u, k, r)
          WHERE i.user_id = v.u AND i.key = v.k`,
    );
  }
  if (refused.length) {
    // A refusal leaves no key behind, as in `idempotent`: a retry is evaluated afresh.
    await tx.execute(
      sql`DELETE FROM idempotency_keys AS i USING unnest(${pgArray(refused.map((c) => String(c.call.userId)))}::bigint[], ${pgArray(refused.map((c) => c.call.key!))}::text[]) AS v (u, k)
          WHERE i.user_id = v.u AND i.key = v.k`,
    );
  }
}
