import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db";
import { DomainError } from "./errors";
import { freshDatabase } from "../testing/harness";
import { answerTaken, claimKeys, prepareThenPlace, TAKEN, type IdempotentCall } from "./idempotency";

let database: Database;
let userId: number;
beforeAll(async () => {
  database = await freshDatabase();
  const [row] = await database.query<{ id: number }>("INSERT INTO users (account, invite_code) VALUES ($1, $2) RETURNING id", [`keys_${process.pid}`, `K${process.pid}`]);
  userId = Number(row.id);
});
afterAll(async () => {
  await database?.close();
});

let n = 0;
const call = (body: Record<string, unknown> = { amount: "1" }): IdempotentCall => ({ userId, key: `key-${process.pid}-${++n}`, scope: "test/place", body });
const claim = (calls: IdempotentCall[], answers?: object[]) => database.db.transaction((tx) => claimKeys(tx, calls, answers));

describe("group-committed keys", () => {
  it("claims each key with its answer, once: a twin in the same batch and a later batch find it taken", async () => {
    const first = call();
    expect(await claim([first, { ...first }], [{ id: 7 }, { id: 8 }])).toEqual([true, false]);
    expect(await claim([first], [{ id: 9 }])).toEqual([false]);
    const [row] = await database.query<{ response: unknown }>("SELECT response FROM idempotency_keys WHERE user_id = $1 AND key = $2", [userId, first.key]);
    expect(row.response).toEqual({ id: 7 });
  });

  it("answers taken members from the first answer, each member's failure its own", async () => {
    const [stored, conflicting, unknown, failing] = [call(), call(), call(), call()];
    await claim([stored, conflicting, failing], [{ id: 1 }, { id: 2 }, { id: 3 }]);
    const answers = await answerTaken(
      database.db,
      [stored, { ...conflicting, body: { amount: "2" } }, unknown, failing, call()],
      [TAKEN, TAKEN, TAKEN, TAKEN, "placed"],
      (first: { id: number }, c) => {
        if (c.key === failing.key) throw new Error("the order could not be read");
        return `order ${first.id}`;
      },
    );
    expect(answers[0]).toBe("order 1");
    expect(answers[1]).toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
    expect(answers[2]).toMatchObject({ code: "TRY_AGAIN" });
    expect(answers[3]).toEqual(new Error("the order could not be read"));
    expect(answers[4]).toBe("placed");
  });

  it("when the rules refuse: the first answer of a key seen before, else the refusal; otherwise the order is placed", async () => {
    const refuse = async () => {
      throw new DomainError("TRADING_CLOSED");
    };
    const place = async () => "placed now";
    const replay = (first: { id: number }) => `order ${first.id}`;
    const seen = call();
    await claim([seen], [{ id: 42 }]);
    await expect(prepareThenPlace(database.db, seen, refuse, place, replay)).resolves.toBe("order 42");
    await expect(prepareThenPlace(database.db, call(), refuse, place, replay)).rejects.toMatchObject({ code: "TRADING_CLOSED" });
    await expect(prepareThenPlace(database.db, { ...seen, body: { amount: "3" } }, refuse, place, replay)).rejects.toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
    await expect(prepareThenPlace(database.db, call(), async () => "ok", place, replay)).resolves.toBe("placed now");
  });
});
