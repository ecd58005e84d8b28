import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledger, money as ledgerMoney } from "../ledger";
import type { Executor } from "../platform/db";
import { createTestServer, ROOT_INVITE, testDatabaseKind, type TestServer } from "../testing/harness";
import { credit, expectLedgerSound, walletOf } from "../testing/money";

// Two transactions open at once: PostgreSQL only (PGlite has one connection, so nothing can commit out of order).
const onPostgres = testDatabaseKind() === "postgres";

let server: TestServer;
beforeAll(async () => {
  if (onPostgres) server = await createTestServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function register(inviteCode: string) {
  const account = `late${randomBytes(4).toString("hex")}`;
  const res = await server.call<{ token: string; user: { id: number } }>("POST", "user/register", { account, password: "secret123", re_password: "secret123", invite_code: inviteCode });
  expect(res.status).toBe(200);
  return { token: res.body.message.token, id: res.body.message.user.id };
}
const codeOf = async (token: string) => (await server.call<{ invite_code: string }>("GET", "user/info", {}, { token })).body.message.invite_code;

const postingIdOf = async (tx: Executor, entryId: number) =>
  Number(((await tx.execute(sql`SELECT max(id) AS id FROM ledger_postings WHERE entry_id = ${entryId}`)) as unknown as { rows: { id: string }[] }).rows[0].id);

const feeLegs = (userId: number) => [
  { account: { user: userId }, currency: "USDT", amount: ledgerMoney("-10") },
  { account: { platform: "fees" as const }, currency: "USDT", amount: ledgerMoney("10") },
];

describe.runIf(onPostgres)("referral commission and a fee posting that commits late", () => {
  it("pays on a fee posting whose transaction commits after a higher posting id was processed, however late, once", async () => {
    const top = await register(ROOT_INVITE);
    const mid = await register(await codeOf(top.token));
    const slow = await register(await codeOf(mid.token));
    const fast = await register(await codeOf(mid.token));
    await credit(server, slow.id, "100");
    await credit(server, fast.id, "100");
    // A first fee from someone nobody invited creates the `fees` account, so the two below do not queue on its creation.
    const outsider = await register(ROOT_INVITE);
    await credit(server, outsider.id, "100");
    await server.database.db.transaction((tx) =>
      ledger.post(tx, { key: `late:first:${outsider.id}`, kind: "position.fee", cause: { kind: "position", id: 0 }, legs: feeLegs(outsider.id) }),
    );
    await server.engines.jobs.runOnce();

    // The slow transaction takes its posting id first and stays open; the fast one takes a higher id and commits.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let slowPostingId = 0;
    let posted!: () => void;
    const slowPosted = new Promise<void>((resolve) => (posted = resolve));
    const slowTx = server.database.db.transaction(async (tx) => {
      const entry = await ledger.post(tx, { key: `late:slow:${slow.id}`, kind: "position.fee", cause: { kind: "position", id: 1 }, legs: feeLegs(slow.id) });
      slowPostingId = await postingIdOf(tx, entry.entryId);
      posted();
      await held;
    });
    await slowPosted;
    let fastPostingId = 0;
    await server.database.db.transaction(async (tx) => {
      const entry = await ledger.post(tx, { key: `late:fast:${fast.id}`, kind: "position.fee", cause: { kind: "position", id: 2 }, legs: feeLegs(fast.id) });
      fastPostingId = await postingIdOf(tx, entry.entryId);
    });
    expect(slowPostingId).toBeLessThan(fastPostingId);

    // The job sees only the committed fee: 20 % of 10 to the direct inviter, 10 % to the indirect one.
    await server.engines.jobs.runOnce();
    expect((await walletOf(server, mid.token)).balance).toBe("2");
    expect((await walletOf(server, top.token)).balance).toBe("1");

    // The slow transaction stays open for an hour: longer than any window a job could wait for late commits. The
    // previous design (a horizon trailing its marks by ten minutes, by the database's clock) is aged here as an hour
    // would age it; the queue of today has no clock to age.
    await server.database.query(
      "DO $$ BEGIN IF to_regclass('referral_fee_marks') IS NOT NULL THEN UPDATE referral_fee_marks SET marked_at = marked_at - interval '1 hour'; END IF; END $$",
    );
    await server.engines.jobs.runOnce();
    expect((await walletOf(server, mid.token)).balance).toBe("2");

    // The slow fee commits now, below the id already processed: it is still paid, and only once.
    release();
    await slowTx;
    await server.engines.jobs.runOnce();
    await server.engines.jobs.runOnce();
    expect((await walletOf(server, mid.token)).balance).toBe("4");
    expect((await walletOf(server, top.token)).balance).toBe("2");
    const paid = await server.database.query<{ fee_posting_id: string; n: string }>(
      "SELECT fee_posting_id, count(*) AS n FROM referral_income WHERE kind = 'commission' AND user_id = $1 GROUP BY fee_posting_id ORDER BY fee_posting_id",
      [mid.id],
    );
    expect(paid.map((r) => Number(r.n))).toEqual([1, 1]);
    await expectLedgerSound(server);
  }, 120_000);
});
