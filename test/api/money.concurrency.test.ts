/**
 * Concurrency of money moves through the real HTTP API (a listening server, parallel requests), on PostgreSQL.
 * PGlite has a single connection and queues transactions, so it cannot prove locking: these tests are skipped there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerReads } from "../../server/src/ledger/ledger.reads";
import { createTestServer, testDatabaseKind, type TestServer } from "../../server/src/testing/harness";
import { credit, freshPng, md5Of, openDeposits, readyUser, TRADE_PASSWORD, walletOf } from "../../server/src/testing/money";

const onPostgres = testDatabaseKind() === "postgres";

describe.skipIf(!onPostgres)("parallel money moves over HTTP (PostgreSQL only: PGlite queues transactions and cannot prove locking)", () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await createTestServer();
    base = await server.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function post(path: string, token: string, body: Record<string, unknown>): Promise<{ status: number; code?: string }> {
    const response = await fetch(`${base}/api/${path}`, {
      method: "POST",
      headers: { authorization: token, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { code?: string };
    return { status: response.status, code: answer.code };
  }

  const tally = (results: { status: number; code?: string }[]) => {
    const counts: Record<string, number> = {};
    for (const r of results) counts[r.status === 200 ? "ok" : r.code!] = (counts[r.status === 200 ? "ok" : r.code!] ?? 0) + 1;
    return counts;
  };

  it("100 parallel conversions of 30 USDT out of 1000: exactly the 33 that fit succeed", async () => {
    const user = await readyUser(server, "1000");
    const results = await Promise.all(Array.from({ length: 100 }, () => post("wallet/flashAgainst", user.token, { from: "USDT", to: "BTC", amount: "30" })));
    expect(tally(results)).toEqual({ ok: 33, INSUFFICIENT_BALANCE: 67 });
    expect(await walletOf(server, user.token)).toMatchObject({ available: "10", frozen: "0" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("100 parallel withdrawals and conversions spending the same 300 USDT: never overdrawn, one withdrawal at most", async () => {
    const user = await readyUser(server, "300");
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 10 === 0
          ? post("wallet/out", user.token, { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: TRADE_PASSWORD })
          : post("wallet/flashAgainst", user.token, { from: "USDT", to: "ETH", amount: "10" }),
      ),
    );
    const withdrawals = results.filter((_, i) => i % 10 === 0);
    const conversions = results.filter((_, i) => i % 10 !== 0);
    const w = withdrawals.filter((r) => r.status === 200).length;
    const c = conversions.filter((r) => r.status === 200).length;
    expect(w).toBeLessThanOrEqual(1);
    for (const r of withdrawals) if (r.status !== 200) expect(["WITHDRAW_PENDING", "INSUFFICIENT_BALANCE"]).toContain(r.code);
    for (const r of conversions) if (r.status !== 200) expect(r.code).toBe("INSUFFICIENT_BALANCE");
    const wallet = await walletOf(server, user.token);
    // Exactly what fits: the money left is what the refused requests could not have used.
    expect(Number(wallet.frozen)).toBe(30 * w);
    expect(Number(wallet.available)).toBe(300 - 30 * w - 10 * c);
    if (conversions.some((r) => r.status !== 200)) expect(Number(wallet.available)).toBeLessThan(10);
    const pending = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1 AND status = 'pending'", [user.id]);
    expect(pending[0].n).toBe(w);
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("a burst of 50 parallel withdrawal requests by one user leaves exactly one pending", async () => {
    const user = await readyUser(server, "10000");
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post("wallet/out", user.token, { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: TRADE_PASSWORD })),
    );
    expect(tally(results)).toEqual({ ok: 1, WITHDRAW_PENDING: 49 });
    expect(await walletOf(server, user.token)).toMatchObject({ available: "9970", frozen: "30" });
    const rows = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1", [user.id]);
    expect(rows[0].n).toBe(1);
  });

  it("the same idempotency key sent 20 times at once withdraws once and answers the same to all", async () => {
    const user = await readyUser(server, "100");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${base}/api/wallet/out`, {
          method: "POST",
          headers: { authorization: user.token, "content-type": "application/json" },
          body: JSON.stringify({ currency: "USDT", amount: "30", address_id: user.addressId, trade_password: TRADE_PASSWORD, idempotency_key: "burst-key-0001" }),
        }).then((r) => r.json() as Promise<{ type: string; message: { id: number } }>),
      ),
    );
    expect(results.every((r) => r.type === "ok")).toBe(true);
    expect(new Set(results.map((r) => r.message.id)).size).toBe(1);
    expect(await walletOf(server, user.token)).toMatchObject({ available: "70", frozen: "30" });
  });

  it("two operators approving the same deposit at once (and one of them twice) credit it once", async () => {
    await openDeposits(server);
    const user = await server.newUser();
    const operators = await Promise.all([server.newOperator("reviewer"), server.newOperator("admin")]);
    for (let round = 0; round < 5; round++) {
      const png = freshPng();
      const form = new FormData();
      for (const [k, v] of Object.entries({ currency: "USDT", network: "TRC20", amount: "25", md5: md5Of(png) })) form.append(k, v);
      form.append("voucher", new Blob([new Uint8Array(png)], { type: "image/png" }), "screenshot.png");
      const answer = (await (await fetch(`${base}/api/wallet/charge_req`, { method: "POST", headers: { authorization: user.token }, body: form })).json()) as { message: { id: number } };
      const id = answer.message.id;
      const results = await Promise.all([
        post("backoffice/deposits/approve", operators[0].token, { id }),
        post("backoffice/deposits/approve", operators[1].token, { id }),
        post("backoffice/deposits/approve", operators[1].token, { id }),
      ]);
      expect(tally(results)).toEqual({ ok: 1, DEPOSIT_RECEIPT_STATUS: 2 });
    }
    expect(await walletOf(server, user.token)).toMatchObject({ available: "125" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("parallel credits and debits of many users never deadlock", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => server.newUser()));
    for (const u of users) await credit(server, u.id, "1000");
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post("wallet/flashAgainst", users[i % 5].token, i % 2 ? { from: "USDT", to: "BTC", amount: "10" } : { from: "USDT", to: "ETH", amount: "10" })),
    );
    expect(tally(results)).toEqual({ ok: 100 });
    for (const u of users) expect((await walletOf(server, u.token)).available).toBe("800");
  });
});
