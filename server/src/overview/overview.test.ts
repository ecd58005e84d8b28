import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";
import { depositRequest, freshPng, md5Of, openDeposits } from "../testing/money";

interface Overview {
  counts: Record<"deposits" | "withdrawals" | "kyc" | "loans" | "support_chats" | "stale_pairs", number>;
  setup: { key: string; done: boolean; missing: string[]; amount?: { value: string; currency: string } }[];
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const overview = async (token: string) => {
  const answer = await server.call<Overview>("GET", "backoffice/overview", {}, { token });
  expect(answer.status).toBe(200);
  return answer.body.message;
};
const item = (view: Overview, key: string) => view.setup.find((i) => i.key === key)!;

describe("backoffice/overview", () => {
  it("lists what a fresh install lacks, and ticks each item once an operator sets it", async () => {
    const admin = await server.newOperator("admin");
    const fresh = await overview(admin.token);
    expect(fresh.setup.map((i) => [i.key, i.done])).toEqual([
      ["deposit_addresses", false],
      ["support_contact", false],
      ["documents", false],
      ["earn_products", false],
      ["proof_reserves", false],
      ["referral_reward", false],
    ]);
    // The service agreement ships with a default text (the operator may replace it).
    expect(item(fresh, "documents").missing).toEqual(["jgpz", "dc", "jkxy", "wire"]);
    expect(item(fresh, "referral_reward").missing).toEqual(["200 USDT"]);
    expect(item(fresh, "referral_reward").amount).toEqual({ value: "200", currency: "USDT" });
    // No feed runs in the test: every pair is stale.
    expect(fresh.counts.stale_pairs).toBeGreaterThan(0);

    await openDeposits(server);
    const saved = await server.call("POST", "backoffice/support/save", { url: null, email: "help@example.com", hours: null, note: null }, { token: admin.token });
    expect(saved.status).toBe(200);
    const published = await server.call("POST", "backoffice/documents/save", { slug: "jkxy", title: "Loan agreement", body: "<p>Terms</p>", publish: true }, { token: admin.token });
    expect(published.status).toBe(200);
    const product = await server.call("POST", "backoffice/earn/products/save", {
      kind: "arbitrage",
      name: "BTC cross-venue",
      currency: "USDT",
      min: "100",
      max: "5000",
      days: 3,
      daily_rate: "0.01",
      max_participants: 0,
      funded_by: "The platform's rewards account pays the return.",
      risk_note: "Spreads can vanish.",
    }, { token: admin.token });
    expect(product.status).toBe(200);
    const reserves = [{ currency: "USDT", network: "TRC20", address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", amount: "1000" }];
    expect((await server.call("POST", "backoffice/proof/reserves", { reserves }, { token: admin.token })).status).toBe(200);
    const reward = { enabled: true, reward_amount: "20", reward_currency: "USDT", conditions: ["kyc"], direct_rate: "0.1", indirect_rate: "0.05" };
    expect((await server.call("POST", "backoffice/referral/config/save", reward, { token: admin.token })).status).toBe(200);

    const after = await overview(admin.token);
    expect(item(after, "deposit_addresses").done).toBe(true);
    expect(item(after, "support_contact").done).toBe(true);
    expect(item(after, "documents")).toEqual({ key: "documents", done: false, missing: ["jgpz", "dc", "wire"] });
    expect(item(after, "earn_products").done).toBe(true);
    expect(item(after, "proof_reserves").done).toBe(true);
    expect(item(after, "referral_reward").done).toBe(true);
  });

  it("counts a filed deposit and a user's unread chat message, for every role", async () => {
    await openDeposits(server);
    const support = await server.newOperator("support");
    const before = await overview(support.token);
    const user = await server.newUser();
    const png = freshPng();
    const filed = await depositRequest(server, user.token, { currency: "USDT", network: "TRC20", amount: "100", md5: md5Of(png) }, { data: png });
    expect(filed.status).toBe(200);
    expect((await server.call("POST", "support/send", { text: "Hello, is anyone there?" }, { token: user.token })).status).toBe(200);
    const after = await overview(support.token);
    expect(after.counts.deposits).toBe(before.counts.deposits + 1);
    expect(after.counts.support_chats).toBe(before.counts.support_chats + 1);
    expect(after.counts.withdrawals).toBe(before.counts.withdrawals);
  });

  it("is for operators only", async () => {
    const user = await server.newUser();
    expect((await server.call("GET", "backoffice/overview", {}, { token: user.token })).status).toBe(401);
    expect((await server.call("GET", "backoffice/overview", {})).status).toBe(401);
  });
});
