import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { expectLedgerSound, freshPng, md5Of, openDeposits, readyUser, TRADE_PASSWORD, walletOf } from "../../server/src/testing/money";

/**
 * Operator decisions (deposits, withdrawals, identity checks) take an idempotency key: a retry after a lost answer
 * returns the first result instead of "already decided", acts once, and a key reused for another decision is refused.
 */
let server: TestServer;
let reviewer: { token: string };

beforeAll(async () => {
  server = await createTestServer();
  await openDeposits(server);
  reviewer = await server.newOperator("reviewer");
}, 240_000);
afterAll(async () => {
  await server?.close();
});

async function fileDeposit(token: string, amount: string): Promise<number> {
  const png = freshPng();
  const form = new FormData();
  for (const [k, v] of Object.entries({ currency: "USDT", network: "TRC20", amount, md5: md5Of(png) })) form.append(k, v);
  form.append("voucher", new Blob([new Uint8Array(png)], { type: "image/png" }), "shot.png");
  const encoded = new Response(form);
  const res = await server.app.inject({
    method: "POST",
    url: "/api/wallet/charge_req",
    headers: { authorization: token, "content-type": encoded.headers.get("content-type")! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message.id;
}

describe("retried operator decisions", () => {
  it("approve a deposit once: the retry with the same key gets the first answer, another key is told it is decided", async () => {
    const user = await server.newUser();
    const id = await fileDeposit(user.token, "250");
    const first = await server.call("POST", "backoffice/deposits/approve", { id, idempotency_key: "approve-dep-0001" }, { token: reviewer.token });
    expect(first.body.message).toEqual({ id, status: "succeeded" });
    const retry = await server.call("POST", "backoffice/deposits/approve", { id, idempotency_key: "approve-dep-0001" }, { token: reviewer.token });
    expect([retry.status, retry.body.message]).toEqual([200, { id, status: "succeeded" }]);
    expect((await server.call("POST", "backoffice/deposits/approve", { id, idempotency_key: "approve-dep-0002" }, { token: reviewer.token })).status).toBe(409);
    expect((await walletOf(server, user.token)).balance).toBe("250");
    await expectLedgerSound(server);
  });

  it("reject a withdrawal once, and refuse the same key for another decision", async () => {
    const user = await readyUser(server, "100");
    const out = await server.call<{ id: number }>("POST", "wallet/out", { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: TRADE_PASSWORD }, { token: user.token });
    expect(out.status).toBe(200);
    const body = { id: out.body.message.id, reason: "address flagged", idempotency_key: "reject-wd-00001" };
    const first = await server.call("POST", "backoffice/withdrawals/reject", body, { token: reviewer.token });
    expect(first.status).toBe(200);
    const retry = await server.call("POST", "backoffice/withdrawals/reject", body, { token: reviewer.token });
    expect([retry.status, retry.body.message]).toEqual([200, first.body.message]);
    const other = await server.call("POST", "backoffice/withdrawals/reject", { ...body, reason: "something else" }, { token: reviewer.token });
    expect(other.body.code).toBe("IDEMPOTENCY_CONFLICT");
    expect((await walletOf(server, user.token)).available).toBe("100");
    await expectLedgerSound(server);
  });

  it("keeps operators' keys apart from users' and from each other", async () => {
    const user = await server.newUser();
    const second = await server.newOperator("reviewer");
    const a = await fileDeposit(user.token, "10");
    const b = await fileDeposit(user.token, "20");
    expect((await server.call("POST", "backoffice/deposits/approve", { id: a, idempotency_key: "shared-key-0001" }, { token: reviewer.token })).status).toBe(200);
    expect((await server.call("POST", "backoffice/deposits/approve", { id: b, idempotency_key: "shared-key-0001" }, { token: second.token })).body.message).toEqual({ id: b, status: "succeeded" });
    expect((await walletOf(server, user.token)).balance).toBe("30");
  });
});
