import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detached, openDatabase, pgArray, type Database } from "./db";

/** Why a promise failed (drizzle wraps a driver's error as the cause of its own). */
const failure = (p: Promise<unknown>) => p.then(() => "resolved", (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message));

describe("pgArray", () => {
  it("writes numbers, ids, decimals and timestamps bare, quotes the rest and escapes only quotes and backslashes", () => {
    expect(pgArray([1, -2.5, "a\"b", "c\\d", null, true, false, "", "NULL", "null", "x,y {z}", "0.000000000000000001", "position:12:close", "2026-11-28T07:44:02.360Z"])).toBe(
      '{1,-2.5,"a\\"b","c\\\\d",NULL,t,f,"","NULL","null","x,y {z}",0.000000000000000001,position:12:close,2026-11-28T07:44:02.360Z}',
    );
    expect(pgArray([])).toBe("{}");
  });
});

/** PGlite's one connection: a read through `db` made from inside a transaction fails at once instead of hanging. */
describe("PGlite", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database?.close();
  });

  it("reads every pgArray value back as the same text", async () => {
    const texts = ["NULL", "null", "Null", "", " a ", "a b", "x,y", "{", "}", '"', "\\", "\\\"", "é", "1.5", "-3", "1e5", "2026-11-28T07:44:02.360Z", "position:1:close", "a\tb", "a\nb", null];
    const { rows } = (await database.db.execute(sql`SELECT v FROM unnest(${pgArray(texts)}::text[]) WITH ORDINALITY AS u (v, n) ORDER BY n`)) as unknown as { rows: Array<{ v: string | null }> };
    expect(rows.map((r) => r.v)).toEqual(texts);
    const numbers = [0, -1, 9_007_199_254_740_991, 1.25];
    const read = (await database.db.execute(sql`SELECT v::text FROM unnest(${pgArray(numbers)}::numeric[]) WITH ORDINALITY AS u (v, n) ORDER BY n`)) as unknown as { rows: Array<{ v: string }> };
    expect(read.rows.map((r) => Number(r.v))).toEqual(numbers);
    const flags = (await database.db.execute(sql`SELECT v FROM unnest(${pgArray([true, false, null])}::boolean[]) WITH ORDINALITY AS u (v, n) ORDER BY n`)) as unknown as { rows: Array<{ v: boolean | null }> };
    expect(flags.rows.map((r) => r.v)).toEqual([true, false, null]);
  });

  it("refuses a query outside the open transaction made from inside it, and the transaction rolls back", async () => {
    await database.execScript("CREATE TABLE t (n int)");
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t VALUES (1)`);
      await database.db.execute(sql`SELECT 1`);
    });
    expect(await failure(attempt)).toMatch(/would wait for that transaction forever/);
    expect(await failure(database.db.transaction(async () => database.db.transaction(async () => undefined)))).toMatch(/forever/);
    expect(await database.query("SELECT count(*)::int AS n FROM t")).toEqual([{ n: 0 }]);
  });

  it("lets concurrent work wait its turn, and work a transaction left running query once it has ended", async () => {
    let later: Promise<unknown> = Promise.resolve();
    const results = await Promise.all([
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (2)`);
        // Started inside and awaited by nobody inside: it queues behind the commit.
        later = detached(() => database.query("SELECT count(*)::int AS n FROM t"));
        return "tx";
      }),
      database.query("SELECT 1 AS one"),
    ]);
    expect(results[0]).toBe("tx");
    expect(await later).toEqual([{ n: 1 }]);
  });
});
