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
const claim = (calls: IdempotentCall[]) => database.db.transaction((tx) => claimKeys(tx, "positions", calls));

describe("group-committed keys", () => {
  it("draws an id per call and claims each key with its call's id, once: a twin in the same batch and a later batch find it taken", async () => {
    const first = call();
    const unkeyed = { ...call(), key: undefined };
    const batch = await claim([unkeyed, first, { ...first }, call()]);
    expect(batch.claimed).toEqual([true, true, false, true]);
    // Four distinct ids, drawn in the order of the calls from the table's own sequence.
    expect(new Set(batch.ids).size).toBe(4);
    expect(batch.ids).toEqual([...batch.ids].sort((a, b) => a - b));
    const later = await claim([first]);
    expect(later.claimed).toEqual([false]);
    expect(later.ids[0]).toBeGreaterThan(batch.ids[3]);
    const [row] = await database.query<{ response: unknown }>("SELECT response FROM idempotency_keys WHERE user_id = $1 AND key = $2", [userId, first.key]);
    // The key names the first call's order, not its twin's nor the later batch's.
    expect(row.response).toEqual({ id: batch.ids[1] });
  });

  it("claims a batch without keys with its ids alone", async () => {
    const batch = await claim([{ ...call(), key: undefined }, { ...call(), key: undefined }]);
    expect(batch.claimed).toEqual([true, true]);
    expect(batch.ids).toHaveLength(2);
  });

  it("answers taken members from the first answer, each member's failure its own", async () => {
    const [stored, conflicting, unknown, failing] = [call(), call(), call(), call()];
    const { ids } = await claim([stored, conflicting, failing]);
    const answers = await answerTaken(
      database.db,
      [stored, { ...conflicting, body: { amount: "2" } }, unknown, failing, call()],
      [TAKEN, TAKEN, TAKEN, TAKEN, "placed"],
      (first: { id: number }, c) => {
        if (c.key === failing.key) throw new Error("the order could not be read");
        return `order ${first.id}`;
      },
    );
    expect(answers[0]).toBe(`order ${ids[0]}`);
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
    const { ids } = await claim([seen]);
    await expect(prepareThenPlace(database.db, seen, refuse, place, replay)).resolves.toBe(`order ${ids[0]}`);
    await expect(prepareThenPlace(database.db, call(), refuse, place, replay)).rejects.toMatchObject({ code: "TRADING_CLOSED" });
    await expect(prepareThenPlace(database.db, { ...seen, body: { amount: "3" } }, refuse, place, replay)).rejects.toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
    await expect(prepareThenPlace(database.db, call(), async () => "ok", place, replay)).resolves.toBe("placed now");
  });
});
