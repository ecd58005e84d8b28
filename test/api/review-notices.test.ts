import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { freshPng, md5Of, openDeposits, readyUser, TRADE_PASSWORD, TX_HASH } from "../../server/src/testing/money";

/** Across domains: a review decision in the back office reaches the user's message centre, in their language. */
let server: TestServer;
let reviewer: { token: string };
beforeAll(async () => {
  server = await createTestServer();
  reviewer = await server.newOperator("reviewer");
  await openDeposits(server);
});
afterAll(async () => {
  await server?.close();
});

interface Inbox {
  list: { title: string; body: string; read: boolean; kind: string }[];
  unread: number;
}
const inbox = async (token: string) => (await server.call<Inbox>("GET", "user/usermessage", {}, { token })).body.message;
const personal = async (token: string) => (await inbox(token)).list.filter((m) => m.kind === "message");

async function requestDeposit(token: string, amount: string) {
  const png = freshPng();
  const form = new FormData();
  for (const [k, v] of Object.entries({ currency: "USDT", network: "TRC20", amount, md5: md5Of(png) })) form.append(k, v);
  form.append("voucher", new Blob([new Uint8Array(png)], { type: "image/png" }), "shot.png");
  const encoded = new Response(form);
  const response = await server.app.inject({
    method: "POST",
    url: "/api/wallet/charge_req",
    headers: { authorization: token, "content-type": encoded.headers.get("content-type")! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message.id as number;
}

describe("review decisions notify the user", () => {
  it("a credited deposit and a rejected one", async () => {
    const user = await server.newUser();
    const credited = await requestDeposit(user.token, "1234.5");
    const refused = await requestDeposit(user.token, "40");
    expect(await personal(user.token)).toEqual([]);
    await server.call("POST", "backoffice/deposits/approve", { id: credited }, { token: reviewer.token });
    await server.call("POST", "backoffice/deposits/reject", { id: refused, reason: "Amount does not match the screenshot" }, { token: reviewer.token });
    const messages = await personal(user.token);
    expect(messages.map((m) => m.title).sort()).toEqual(["Deposit credited", "Deposit rejected"]);
    expect(messages.find((m) => m.title === "Deposit credited")!.body).toContain("1,234.50 USDT"); // in the reader's digits, not the raw decimal
    expect(messages.find((m) => m.title === "Deposit rejected")!.body).toContain("Amount does not match the screenshot");
    expect((await inbox(user.token)).unread).toBeGreaterThanOrEqual(2);
  });

  it("a paid withdrawal carries the transaction hash; a refused one says the money is back", async () => {
    const user = await readyUser(server, "100");
    const out = async () =>
      (await server.call<{ id: number }>("POST", "wallet/out", { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: TRADE_PASSWORD }, { token: user.token })).body.message.id;
    await server.call("POST", "backoffice/withdrawals/reject", { id: await out(), reason: "Address flagged" }, { token: reviewer.token });
    await server.call("POST", "backoffice/withdrawals/approve", { id: await out(), tx_hash: TX_HASH }, { token: reviewer.token });
    const messages = await personal(user.token);
    expect(messages.find((m) => m.title === "Withdrawal rejected")!.body).toContain("Address flagged");
    expect(messages.find((m) => m.title === "Withdrawal paid")!.body).toContain(TX_HASH);
  });

  it("a refused decision (already decided) sends nothing", async () => {
    const user = await server.newUser();
    const id = await requestDeposit(user.token, "50");
    await server.call("POST", "backoffice/deposits/approve", { id }, { token: reviewer.token });
    const again = await server.call("POST", "backoffice/deposits/approve", { id }, { token: reviewer.token });
    expect(again.status).toBe(409);
    expect((await personal(user.token)).length).toBe(1);
  });
});
