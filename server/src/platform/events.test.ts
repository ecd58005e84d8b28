import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { freshDatabase } from "../testing/harness";
import type { Database } from "./db";
import { EventBus } from "./events";

declare module "./events" {
  interface DomainEvents {
    "test.happened": { n: number };
  }
}

/** The event bus on a real database: delivery after commit, in order, a failing subscriber logged and passed over. */
let database: Database;
const logged: unknown[] = [];
let events: EventBus;

beforeAll(async () => {
  database = await freshDatabase();
  events = new EventBus({ error: (detail: unknown) => void logged.push(detail) } as never);
  events.watch(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe("EventBus", () => {
  it("delivers after the commit, each event to its subscribers in the order they subscribed, events in the order raised", async () => {
    const seen: string[] = [];
    const off = [events.on("test.happened", ({ n }) => void seen.push(`a${n}`)), events.on("test.happened", async ({ n }) => void seen.push(`b${n}`))];
    const answer = await database.db.transaction(async (tx) => {
      events.raise(tx, "test.happened", { n: 1 });
      events.raise(tx, "test.happened", { n: 2 });
      await tx.execute(sql`SELECT 1`);
      // Nothing yet: the transaction is still open.
      expect(seen).toEqual([]);
      return "done";
    });
    expect(answer).toBe("done");
    expect(seen).toEqual(["a1", "b1", "a2", "b2"]);
    off.forEach((f) => f());
  });

  it("raises nothing for a transaction that rolls back, nor for a savepoint that does", async () => {
    const seen: number[] = [];
    const off = events.on("test.happened", ({ n }) => void seen.push(n));
    await expect(
      database.db.transaction(async (tx) => {
        events.raise(tx, "test.happened", { n: 1 });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await database.db.transaction(async (tx) => {
      events.raise(tx, "test.happened", { n: 2 });
      await tx
        .transaction(async (savepoint) => {
          events.raise(savepoint, "test.happened", { n: 3 });
          throw new Error("inner refused");
        })
        .catch(() => undefined);
      await tx.transaction(async (savepoint) => events.raise(savepoint, "test.happened", { n: 4 }));
    });
    expect(seen).toEqual([2, 4]);
    off();
  });

  it("logs a failing subscriber and still runs the others; the commit stands", async () => {
    const seen: number[] = [];
    logged.length = 0;
    const off = [
      events.on("test.happened", () => {
        throw new Error("subscriber broke");
      }),
      events.on("test.happened", ({ n }) => void seen.push(n)),
    ];
    await database.db.execute(sql`CREATE TABLE IF NOT EXISTS events_test (n int)`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO events_test VALUES (7)`);
      events.raise(tx, "test.happened", { n: 7 });
    });
    expect(seen).toEqual([7]);
    expect(logged).toHaveLength(1);
    expect(String((logged[0] as { err: Error }).err.message)).toBe("subscriber broke");
    expect((await database.query<{ n: number }>("SELECT n FROM events_test")).map((r) => r.n)).toEqual([7]);
    off.forEach((f) => f());
  });

  it("refuses an event raised outside a watched transaction (it could never know the commit)", async () => {
    const other = new EventBus({ error() {} } as never);
    await database.db.transaction(async (tx) => {
      expect(() => other.raise(tx, "test.happened", { n: 1 })).toThrow(/does not watch/);
    });
  });
});
