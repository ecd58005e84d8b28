import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detached, openDatabase, pgArray, type Database } from "./db";

/** Why a promise failed (drizzle wraps a driver's error as the cause of its own). */
const failure = (p: Promise<unknown>) => p.then(() => "resolved", (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message));

describe("pgArray", () => {
  it("quotes every value and escapes only quotes and backslashes", () => {
    expect(pgArray([1, "a\"b", "c\\d", null, true, "", "NULL", "x,y {z}"])).toBe('{"1","a\\"b","c\\\\d",NULL,"true","","NULL","x,y {z}"}');
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
