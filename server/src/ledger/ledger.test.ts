import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../platform/db";
import { DomainError } from "../platform/errors";
import { freshDatabase, testDatabaseKind } from "../testing/harness";
import { ledger } from "./ledger";
import { ledgerReads } from "./ledger.reads";
import { money } from "./money";
import { postBatch, resolveBatch, type EntryInput } from "./posting";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

let seq = 0;
async function newUserId(): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    "INSERT INTO users (account, invite_code) VALUES ($1, $2) RETURNING id",
    [`ledger_${process.pid}_${++seq}_${Date.now()}`, `L${process.pid}${seq}${Date.now()}`.slice(0, 30)],
  );
  return Number(row.id);
}

const tx = <T>(run: (tx: Parameters<Parameters<Database["db"]["transaction"]>[0]>[0]) => Promise<T>) => database.db.transaction(run);
let keys = 0;
const key = (what: string) => `${what}:${process.pid}:${++keys}`;

async function credit(userId: number, amount: string, currency = "USDT") {
  return tx((t) =>
    ledger.post(t, {
      key: key("credit"),
      kind: "deposit",
      cause: { kind: "deposit", id: keys },
      legs: [
        { account: { user: userId }, currency, amount },
        { account: { platform: "deposits_in_transit" }, currency, amount: `-${amount}` },
      ],
    }),
  );
}

const wallet = async (userId: number, currency = "USDT") => (await ledgerReads.balances(database.db, userId)).find((b) => b.currency === currency) ?? { currency, available: "0", frozen: "0" };

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("post", () => {
  it("credits a user, records the balance before and after, and aggregates the platform side", async () => {
    const user = await newUserId();
    const first = await credit(user, "100.5");
    const second = await credit(user, "0.000000000000000001");
    expect(first.duplicate).toBe(false);
    expect(first.postings.find((p) => p.userId === user)).toMatchObject({ before: "0", after: "100.5" });
    expect(second.postings.find((p) => p.userId === user)).toMatchObject({ before: "100.5", after: "100.500000000000000001" });
    expect(first.postings.find((p) => p.userId === null)).toMatchObject({ before: null, after: null });
    expect(await wallet(user)).toEqual({ currency: "USDT", available: "100.500000000000000001", frozen: "0" });
    const platform = await ledgerReads.platformBalances(database.db);
    expect(platform.find((p) => p.platform === "deposits_in_transit" && p.currency === "USDT")?.balance).toMatch(/^-/);
    expect(await ledgerReads.verify(database.db)).toEqual([]);
  });

  it("moves nothing the second time a key is posted", async () => {
    const user = await newUserId();
    const k = key("once");
    const legs = [
      { account: { user }, currency: "USDT", amount: "5" },
      { account: { platform: "rewards" as const }, currency: "USDT", amount: "-5" },
    ];
    const a = await tx((t) => ledger.post(t, { key: k, kind: "referral.reward", cause: { kind: "referral", id: 1 }, legs }));
    const b = await tx((t) => ledger.post(t, { key: k, kind: "referral.reward", cause: { kind: "referral", id: 1 }, legs }));
    expect(b).toMatchObject({ entryId: a.entryId, duplicate: true, postings: [] });
    expect((await wallet(user)).available).toBe("5");
  });

  it("refuses to overdraw and leaves no trace of the attempt", async () => {
    const user = await newUserId();
    await credit(user, "10");
    const entriesBefore = (await database.query<{ n: string }>("SELECT count(*) AS n FROM ledger_entries"))[0].n;
    const code = await refusal(() =>
      tx((t) =>
        ledger.post(t, {
          key: key("overdraw"),
          kind: "flash",
          cause: { kind: "flash", id: 1 },
          legs: [
            { account: { user }, currency: "USDT", amount: "-10.000000000000000001" },
            { account: { platform: "treasury" }, currency: "USDT", amount: "10.000000000000000001" },
          ],
        }),
      ),
    );
    expect(code).toBe("INSUFFICIENT_BALANCE");
    expect((await wallet(user)).available).toBe("10");
    expect((await database.query<{ n: string }>("SELECT count(*) AS n FROM ledger_entries"))[0].n).toBe(entriesBefore);
  });

  it("throws on an entry that does not balance (a bug, never a user error)", async () => {
    const user = await newUserId();
    await expect(
      tx((t) =>
        ledger.post(t, {
          key: key("bug"),
          kind: "adjustment",
          cause: { kind: "adjustment", id: 1 },
          legs: [{ account: { user }, currency: "USDT", amount: "1" }],
        }),
      ),
    ).rejects.toThrow(/Invariant violated/);
  });

  it("is backed by CHECK constraints: no statement can make a balance negative", async () => {
    const user = await newUserId();
    await credit(user, "1");
    await expect(database.query("UPDATE ledger_accounts SET available = -1 WHERE user_id = $1", [user])).rejects.toThrow();
    await expect(database.query("UPDATE ledger_accounts SET frozen = -0.5 WHERE user_id = $1", [user])).rejects.toThrow();
  });

  it("refuses, per statement, a posting or a hold that names an entry or an account that does not exist", async () => {
    const user = await newUserId();
    const posted = await credit(user, "5");
    const { entryId, postings } = posted;
    const accountId = postings[0].accountId;
    const posting = (entry: number, account: number) =>
      database.query("INSERT INTO ledger_postings (entry_id, account_id, currency, bucket, amount) VALUES ($1, $2, 'USDT', 'available', 1)", [entry, account]);
    await expect(posting(entryId + 1_000_000, accountId)).rejects.toThrow(/does not exist/);
    await expect(posting(entryId, accountId + 1_000_000)).rejects.toThrow(/does not exist/);
    // One orphan among valid rows refuses the whole statement.
    await expect(
      database.query(
        "INSERT INTO ledger_postings (entry_id, account_id, currency, bucket, amount) SELECT e, $2, 'USDT', 'available', 1 FROM unnest($1::bigint[]) AS e",
        [[entryId, entryId + 1_000_000], accountId],
      ),
    ).rejects.toThrow(/does not exist/);
    const hold = (account: number, entry: number) =>
      database.query(
        "INSERT INTO ledger_holds (account_id, user_id, currency, amount, cause_kind, cause_id, hold_entry_id) VALUES ($1, $2, 'USDT', 1, 'test', '1', $3)",
        [account, user, entry],
      );
    await expect(hold(accountId + 1_000_000, entryId)).rejects.toThrow(/does not exist/);
    await expect(hold(accountId, entryId + 1_000_000)).rejects.toThrow(/does not exist/);
    const held = await tx((t) => ledger.hold(t, { key: key("hold"), userId: user, currency: "USDT", amount: "1", cause: { kind: "withdrawal", id: 1 } }));
    await expect(
      database.query("UPDATE ledger_holds SET status = 'posted', resolve_entry_id = $2, resolved_at = now() WHERE id = $1", [held.holdId, entryId + 1_000_000]),
    ).rejects.toThrow(/does not exist/);
    expect(await ledgerReads.verify(database.db)).toEqual([]);
  });

  it("keeps entries and postings append-only, and never deletes an account or a hold", async () => {
    const user = await newUserId();
    const { entryId, postings } = await credit(user, "2");
    const held = await tx((t) => ledger.hold(t, { key: key("hold"), userId: user, currency: "USDT", amount: "1", cause: { kind: "withdrawal", id: 1 } }));
    const refused = [
      ["UPDATE ledger_entries SET memo = 'changed' WHERE id = $1", [entryId]],
      ["DELETE FROM ledger_entries WHERE id = $1", [entryId]],
      ["UPDATE ledger_postings SET amount = amount WHERE entry_id = $1", [entryId]],
      ["DELETE FROM ledger_postings WHERE entry_id = $1", [entryId]],
      ["DELETE FROM ledger_accounts WHERE id = $1", [postings[0].accountId]],
      ["DELETE FROM ledger_holds WHERE id = $1", [held.holdId]],
      ["UPDATE ledger_holds SET amount = 2 WHERE id = $1", [held.holdId]],
      ["UPDATE ledger_holds SET hold_entry_id = $2 WHERE id = $1", [held.holdId, entryId]],
      ["TRUNCATE ledger_postings", []],
      ["TRUNCATE ledger_entries CASCADE", []],
    ] as const;
    for (const [statement, values] of refused) await expect(database.query(statement, [...values]), statement).rejects.toThrow(/append-only/);
    expect(await wallet(user)).toMatchObject({ available: "1", frozen: "1" });
    expect(await ledgerReads.verify(database.db)).toEqual([]);
  });
});

describe("holds (two-phase)", () => {
  it("holds, then settles to the payout and fee accounts", async () => {
    const user = await newUserId();
    await credit(user, "50");
    const held = await tx((t) => ledger.hold(t, { key: key("hold"), userId: user, currency: "USDT", amount: "30", cause: { kind: "withdrawal", id: 1 } }));
    expect(await wallet(user)).toMatchObject({ available: "20", frozen: "30" });
    await tx((t) =>
      ledger.settle(t, {
        holdId: held.holdId,
        key: key("settle"),
        legs: [
          { account: { platform: "withdrawals_out" }, currency: "USDT", amount: "27" },
          { account: { platform: "fees" }, currency: "USDT", amount: "3" },
        ],
      }),
    );
    expect(await wallet(user)).toMatchObject({ available: "20", frozen: "0" });
    expect(await ledgerReads.verify(database.db)).toEqual([]);
  });

  it("holds, then releases back to available", async () => {
    const user = await newUserId();
    await credit(user, "30");
    const held = await tx((t) => ledger.hold(t, { key: key("hold"), userId: user, currency: "USDT", amount: "30", cause: { kind: "withdrawal", id: 2 } }));
    await tx((t) => ledger.release(t, { holdId: held.holdId, key: key("release") }));
    expect(await wallet(user)).toMatchObject({ available: "30", frozen: "0" });
  });

  it("resolves a hold exactly once", async () => {
    const user = await newUserId();
    await credit(user, "30");
    const held = await tx((t) => ledger.hold(t, { key: key("hold"), userId: user, currency: "USDT", amount: "30", cause: { kind: "withdrawal", id: 3 } }));
    await tx((t) => ledger.release(t, { holdId: held.holdId, key: key("release") }));
    expect(await refusal(() => tx((t) => ledger.release(t, { holdId: held.holdId, key: key("release") })))).toBe("ORDER_STATUS_ERROR");
    expect(
      await refusal(() =>
        tx((t) => ledger.settle(t, { holdId: held.holdId, key: key("settle"), legs: [{ account: { platform: "fees" }, currency: "USDT", amount: "30" }] })),
      ),
    ).toBe("ORDER_STATUS_ERROR");
    expect(await wallet(user)).toMatchObject({ available: "30", frozen: "0" });
  });

  it("refuses a hold larger than available, and a settlement that does not match the hold", async () => {
    const user = await newUserId();
    await credit(user, "10");
    expect(await refusal(() => tx((t) => ledger.hold(t, { key: key("hold"), userId: user, currency: "USDT", amount: "10.01", cause: { kind: "withdrawal", id: 4 } })))).toBe(
      "INSUFFICIENT_BALANCE",
    );
    const held = await tx((t) => ledger.hold(t, { key: key("hold"), userId: user, currency: "USDT", amount: "10", cause: { kind: "withdrawal", id: 4 } }));
    await expect(
      tx((t) => ledger.settle(t, { holdId: held.holdId, key: key("settle"), legs: [{ account: { platform: "fees" }, currency: "USDT", amount: "9" }] })),
    ).rejects.toThrow(/Invariant violated/);
    expect(await wallet(user)).toMatchObject({ available: "0", frozen: "10" });
  });

  it("returns the same hold for a repeated key", async () => {
    const user = await newUserId();
    await credit(user, "10");
    const k = key("hold");
    const a = await tx((t) => ledger.hold(t, { key: k, userId: user, currency: "USDT", amount: "4", cause: { kind: "withdrawal", id: 5 } }));
    const b = await tx((t) => ledger.hold(t, { key: k, userId: user, currency: "USDT", amount: "4", cause: { kind: "withdrawal", id: 5 } }));
    expect(b).toEqual({ holdId: a.holdId, entryId: a.entryId, duplicate: true });
    expect(await wallet(user)).toMatchObject({ available: "6", frozen: "4" });
  });
});

describe("batches (the same posting path as post)", () => {
  const reward = (user: number, k: string, amount: string): EntryInput => ({
    key: k,
    kind: "referral.reward",
    cause: { kind: "referral", id: k },
    legs: [
      { account: { user }, currency: "USDT", amount },
      { account: { platform: "rewards" as const }, currency: "USDT", amount: money(amount).negated() },
    ],
  });

  it("chains one account's before/after through the batch, and a key that posted through post moves nothing", async () => {
    const user = await newUserId();
    const earlier = key("batch");
    await tx((t) => ledger.post(t, reward(user, earlier, "1")));
    const ids = await tx((t) => postBatch(t, [reward(user, earlier, "1"), reward(user, key("batch"), "2"), reward(user, key("batch"), "3")]));
    expect(ids[0]).toBeNull();
    const postings = await database.query<{ balance_before: string; balance_after: string }>(
      "SELECT balance_before, balance_after FROM ledger_postings WHERE user_id = $1 ORDER BY id",
      [user],
    );
    expect(postings.map((p) => [Number(p.balance_before), Number(p.balance_after)])).toEqual([[0, 1], [1, 3], [3, 6]]);
    expect((await wallet(user)).available).toBe("6");
    expect(await ledgerReads.verify(database.db)).toEqual([]);
  });

  it("refuses the whole batch when one entry would overdraw, leaving no trace", async () => {
    const user = await newUserId();
    await credit(user, "5");
    const entriesBefore = (await database.query<{ n: string }>("SELECT count(*) AS n FROM ledger_entries"))[0].n;
    const code = await refusal(() => tx((t) => postBatch(t, [reward(user, key("batch"), "1"), reward(user, key("batch"), "-7")], "AMOUNT_ERROR")));
    expect(code).toBe("AMOUNT_ERROR");
    expect((await wallet(user)).available).toBe("5");
    expect((await database.query<{ n: string }>("SELECT count(*) AS n FROM ledger_entries"))[0].n).toBe(entriesBefore);
  });

  it("resolves holds once: a hold released by ledger.release is refused in a batch", async () => {
    const user = await newUserId();
    await credit(user, "10");
    const a = await tx((t) => ledger.hold(t, { key: key("hold"), userId: user, currency: "USDT", amount: "4", cause: { kind: "earn", id: 1 } }));
    const b = await tx((t) => ledger.hold(t, { key: key("hold"), userId: user, currency: "USDT", amount: "3", cause: { kind: "earn", id: 2 } }));
    await tx((t) => ledger.release(t, { holdId: a.holdId, key: key("release") }));
    expect(await refusal(() => tx((t) => resolveBatch(t, [{ holdId: b.holdId, key: key("release") }, { holdId: a.holdId, key: key("release") }])))).toBe("ORDER_STATUS_ERROR");
    expect(await wallet(user)).toEqual({ currency: "USDT", available: "7", frozen: "3" });
    await tx((t) => resolveBatch(t, [{ holdId: b.holdId, key: key("release") }]));
    expect(await wallet(user)).toEqual({ currency: "USDT", available: "10", frozen: "0" });
    expect(await ledgerReads.verify(database.db)).toEqual([]);
  });
});

describe("adjust", () => {
  it("credits and debits with a reason the user sees, audited, once per key", async () => {
    const user = await newUserId();
    const k = key("adj");
    await tx((t) => ledger.adjust(t, { userId: user, currency: "USDT", amount: "12.5", reason: "Compensation for ticket 42", operatorId: 7, key: k }));
    await tx((t) => ledger.adjust(t, { userId: user, currency: "USDT", amount: "12.5", reason: "Compensation for ticket 42", operatorId: 7, key: k }));
    await tx((t) => ledger.adjust(t, { userId: user, currency: "USDT", amount: "-2.5", reason: "Correction", operatorId: 7, key: key("adj") }));
    expect((await wallet(user)).available).toBe("10");
    const lines = await ledgerReads.entries(database.db, user, { page: 1, limit: 10 });
    expect(lines.list.map((l) => [l.kind, l.memo, l.change, l.balance])).toEqual([
      ["adjustment", "Correction", "-2.5", "10"],
      ["adjustment", "Compensation for ticket 42", "12.5", "12.5"],
    ]);
    const audited = await database.query<{ action: string; actor_id: string }>("SELECT action, actor_id FROM audit_log WHERE target_kind = 'user' AND target_id = $1", [String(user)]);
    expect(audited.map((a) => [a.action, Number(a.actor_id)])).toEqual([
      ["ledger.adjust", 7],
      ["ledger.adjust", 7],
    ]);
  });

  const refusals: [string, { amount: string; reason: string }, string][] = [
    ["an empty reason", { amount: "1", reason: "  " }, "MISSING_PARAMETER"],
    ["a zero amount", { amount: "0", reason: "x" }, "AMOUNT_ERROR"],
    ["a debit below zero", { amount: "-1", reason: "x" }, "INSUFFICIENT_BALANCE"],
  ];
  it.each(refusals)("refuses %s", async (_what, input, code) => {
    const user = await newUserId();
    expect(await refusal(() => tx((t) => ledger.adjust(t, { userId: user, currency: "USDT", operatorId: 1, key: key("adj"), ...input })))).toBe(code);
    expect(await ledgerReads.balances(database.db, user)).toEqual([]);
  });
});

describe("entries", () => {
  it("lists the user's own ledger newest first with a running balance that ends at the wallet's balance", async () => {
    const user = await newUserId();
    const other = await newUserId();
    await credit(other, "999");
    await credit(user, "100");
    const held = await tx((t) => ledger.hold(t, { key: key("hold"), userId: user, currency: "USDT", amount: "30", cause: { kind: "withdrawal", id: 9 } }));
    await tx((t) =>
      ledger.settle(t, {
        holdId: held.holdId,
        key: key("settle"),
        legs: [
          { account: { platform: "withdrawals_out" }, currency: "USDT", amount: "27" },
          { account: { platform: "fees" }, currency: "USDT", amount: "3" },
        ],
      }),
    );
    await credit(user, "0.1", "BTC");
    const all = await ledgerReads.entries(database.db, user, { page: 1, limit: 50 });
    expect(all.total).toBe(4);
    expect(all.list.map((l) => [l.currency, l.kind, l.change, l.available_change, l.frozen_change, l.balance])).toEqual([
      ["BTC", "deposit", "0.1", "0.1", "0", "0.1"],
      ["USDT", "withdrawal.settle", "-30", "0", "-30", "70"],
      ["USDT", "withdrawal.hold", "0", "-30", "30", "100"],
      ["USDT", "deposit", "100", "100", "0", "100"],
    ]);
    const usdt = await ledgerReads.entries(database.db, user, { page: 2, limit: 2, currency: "USDT" });
    expect(usdt.total).toBe(3);
    expect(usdt.list.map((l) => l.kind)).toEqual(["deposit"]);
    expect((await ledgerReads.entries(database.db, user, { page: 9, limit: 2 })).total).toBe(4);
  });
});

describe.runIf(testDatabaseKind() === "postgres")("row locks on PostgreSQL", () => {
  it("loses no update under 50 parallel debits and credits of one account", async () => {
    const user = await newUserId();
    await credit(user, "100");
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        tx((t) =>
          ledger.post(t, {
            key: key("race"),
            kind: "flash",
            cause: { kind: "flash", id: i },
            legs:
              i % 2
                ? [{ account: { user }, currency: "USDT", amount: "-7" }, { account: { platform: "treasury" }, currency: "USDT", amount: "7" }]
                : [{ account: { user }, currency: "USDT", amount: "1" }, { account: { platform: "treasury" }, currency: "USDT", amount: "-1" }],
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected");
    for (const r of refused) expect((r.reason as DomainError).code).toBe("INSUFFICIENT_BALANCE");
    expect(ok + refused.length).toBe(50);
    expect(await ledgerReads.verify(database.db)).toEqual([]);
  });

  it("never deadlocks when transfers between two users run in both directions", async () => {
    const a = await newUserId();
    const b = await newUserId();
    await credit(a, "1000");
    await credit(b, "1000");
    const transfer = (from: number, to: number) =>
      tx((t) =>
        ledger.post(t, {
          key: key("xfer"),
          // Any kind: the ledger moves money the same whatever the entry says it was.
          kind: "adjustment",
          cause: { kind: "adjustment", id: 1 },
          legs: [
            { account: { user: from }, currency: "USDT", amount: "-1" },
            { account: { user: to }, currency: "USDT", amount: "1" },
          ],
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => (i % 2 ? transfer(a, b) : transfer(b, a))));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect((await wallet(a)).available).toBe("1000");
    expect((await wallet(b)).available).toBe("1000");
  });
});

describe("accounts locked earlier in the same transaction", () => {
  const transfer = (from: number, to: number, amount: string): EntryInput => ({
    key: key("transfer"),
    kind: "adjustment",
    cause: { kind: "adjustment", id: keys },
    legs: [
      { account: { user: from }, currency: "USDT", amount: `-${amount}` },
      { account: { user: to }, currency: "USDT", amount },
    ],
  });

  it("postings after lockBalances chain their balances from the locked ones, and the decisions made on the copies move nothing", async () => {
    const [a, b] = [await newUserId(), await newUserId()];
    await credit(a, "100");
    const postings = await tx(async (t) => {
      const balances = await ledger.lockBalances(t, [{ userId: a, currency: "USDT" }, { userId: b, currency: "USDT" }]);
      // A batch decides on its copy: the ledger's own view is untouched by it.
      expect(ledger.applyIfFunded(balances, transfer(a, b, "60").legs)).toBe(true);
      expect(balances.get(`${a}:USDT`)!.available.toFixed()).toBe("40");
      const first = await ledger.post(t, transfer(a, b, "60"));
      const second = await ledger.post(t, transfer(a, b, "15"));
      return [...first.postings, ...second.postings].filter((p) => p.userId === a).map((p) => [p.before, p.after]);
    });
    expect(postings).toEqual([["100", "40"], ["40", "25"]]);
    expect(await wallet(a)).toMatchObject({ available: "25", frozen: "0" });
    expect(await wallet(b)).toMatchObject({ available: "75", frozen: "0" });
    expect(await ledgerReads.verify(database.db)).toEqual([]);
  });

  it("a balance changed behind the ledger's back in the transaction stops the posting instead of being overwritten", async () => {
    const [a, b] = [await newUserId(), await newUserId()];
    await credit(a, "100");
    await expect(
      tx(async (t) => {
        await ledger.lockBalances(t, [{ userId: a, currency: "USDT" }, { userId: b, currency: "USDT" }]);
        await t.execute(sql`UPDATE ledger_accounts SET available = available + 1 WHERE user_id = ${a}`);
        await ledger.post(t, transfer(a, b, "10"));
      }),
    ).rejects.toThrow("every locked account changes from the balance this transaction read it at");
    expect(await wallet(a)).toMatchObject({ available: "100" });
    expect(await ledgerReads.verify(database.db)).toEqual([]);
  });
});
