import { createHash } from "node:crypto";
import { Decimal } from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MyProof, RootView } from "../../contract/proof";
import { ledger } from "../ledger";
import { createTestServer, type TestServer } from "../testing/harness";
import { credit } from "../testing/money";

/**
 * Proof of liabilities through HTTP: the operator's snapshot (admin only, audited), the public roots, each user's
 * paths checked by a verifier written here from the published hashing rules, the leader's daily snapshot once per UTC day,
 * and liabilities against the declared reserves.
 */

const h = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const plain = (d: Decimal) => (d.isZero() ? "0" : d.toFixed());

function verifies(p: MyProof): boolean {
  if (h(`${p.leaf.user_id}|${p.leaf.nonce}`) !== p.leaf.commitment) return false;
  let hash = h(`leaf|${p.leaf.commitment}|${p.leaf.balance}`);
  let sum = new Decimal(p.leaf.balance);
  for (const step of p.path) {
    if (new Decimal(step.sum).isNeg()) return false;
    hash = step.side === "right" ? h(`node|${hash}|${plain(sum)}|${step.hash}|${step.sum}`) : h(`node|${step.hash}|${step.sum}|${hash}|${plain(sum)}`);
    sum = sum.plus(step.sum);
  }
  return hash === p.root && plain(sum) === p.total;
}

let server: TestServer;
let admin: string;
let reviewer: string;
const users: Array<{ token: string; id: number }> = [];

beforeAll(async () => {
  server = await createTestServer();
  admin = (await server.newOperator("admin")).token;
  reviewer = (await server.newOperator("reviewer")).token;
  for (let i = 0; i < 5; i++) users.push(await server.newUser());
  await credit(server, users[0].id, "100.5");
  await credit(server, users[1].id, "20");
  await credit(server, users[1].id, "0.25", "BTC");
  await credit(server, users[2].id, "7");
  // Frozen funds count: 3 of user 2's 7 are held.
  await server.database.db.transaction((tx) => ledger.hold(tx, { key: "proof-test-hold", userId: users[2].id, currency: "USDT", amount: "3", cause: { kind: "withdrawal", id: "1" } }));
  await credit(server, users[3].id, "1", "ETH");
  // users[4] holds nothing: no leaf.
}, 240_000);

afterAll(async () => server?.close());

describe("proof of liabilities", () => {
  it("has no root before the first snapshot", async () => {
    const res = await server.call<RootView & { rules: string[] }>("GET", "proof/root");
    expect(res.status).toBe(200);
    expect(res.body.message.at).toBeNull();
    expect(res.body.message.currencies).toEqual([]);
    expect(res.body.message.rules.join(" ")).toContain('sha256("empty")');
  });

  it("lets only an admin take a snapshot, and audits it", async () => {
    expect((await server.call("POST", "backoffice/proof/snapshot", {}, { token: reviewer })).status).toBe(403);
    expect((await server.call("POST", "backoffice/proof/snapshot", {}, { token: users[0].token })).status).toBe(401);
    const res = await server.call<RootView>("POST", "backoffice/proof/snapshot", {}, { token: admin });
    expect(res.status).toBe(200);
    const byCurrency = Object.fromEntries(res.body.message.currencies.map((c) => [c.currency, c]));
    expect(byCurrency.USDT).toMatchObject({ total: "127.5", leaves: 3 });
    expect(byCurrency.BTC).toMatchObject({ total: "0.25", leaves: 1 });
    expect(byCurrency.ETH).toMatchObject({ total: "1", leaves: 1 });
    const audited = await server.database.query<{ action: string }>("SELECT action FROM audit_log WHERE action = 'proof.snapshot'");
    expect(audited).toHaveLength(1);
    const root = await server.call<RootView>("GET", "proof/root");
    expect(root.body.message.currencies).toEqual(res.body.message.currencies);
  });

  it("gives each user a verifiable path per currency held (available + frozen)", async () => {
    const one = await server.call<{ at: number; list: MyProof[] }>("GET", "proof/mine", {}, { token: users[1].token });
    expect(one.body.message.list.map((p) => p.currency)).toEqual(["BTC", "USDT"]);
    for (const p of one.body.message.list) expect(verifies(p)).toBe(true);
    const btc = one.body.message.list[0];
    expect(btc.path).toEqual([]);
    expect(btc.root).toBe(h(`leaf|${btc.leaf.commitment}|0.25`));
    const frozen = await server.call<{ list: MyProof[] }>("GET", "proof/mine", {}, { token: users[2].token });
    expect(frozen.body.message.list[0].leaf.balance).toBe("7");
    expect(verifies(frozen.body.message.list[0])).toBe(true);
    const usdt = frozen.body.message.list[0];
    expect(usdt.path).toHaveLength(2);
    expect(verifies({ ...usdt, leaf: { ...usdt.leaf, balance: "6" } })).toBe(false);
    const none = await server.call<{ list: MyProof[] }>("GET", "proof/mine", {}, { token: users[4].token });
    expect(none.body.message.list).toEqual([]);
    expect((await server.call("GET", "proof/mine")).status).toBe(401);
  });

  it("draws a fresh nonce per user and snapshot", async () => {
    const before = await server.call<{ list: MyProof[] }>("GET", "proof/mine", {}, { token: users[0].token });
    await server.call("POST", "backoffice/proof/snapshot", {}, { token: admin });
    const after = await server.call<{ list: MyProof[] }>("GET", "proof/mine", {}, { token: users[0].token });
    expect(after.body.message.list[0].leaf.nonce).not.toBe(before.body.message.list[0].leaf.nonce);
    expect(verifies(after.body.message.list[0])).toBe(true);
  });

  it("shows liabilities against declared reserves (admin declares, audited)", async () => {
    const reserves = [
      { currency: "USDT", network: "TRC20", address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", amount: "200" },
      { currency: "BTC", network: "BTC", address: "bc1qexample", amount: "0.1" },
    ];
    expect((await server.call("POST", "backoffice/proof/reserves", { reserves }, { token: reviewer })).status).toBe(403);
    expect((await server.call("POST", "backoffice/proof/reserves", { reserves: [{ ...reserves[0], amount: "-1" }] }, { token: admin })).status).toBe(400);
    expect((await server.call("POST", "backoffice/proof/reserves", { reserves }, { token: admin })).status).toBe(200);
    const res = await server.call<{ list: Array<Record<string, unknown>> }>("GET", "backoffice/proof/liabilities", {}, { token: reviewer });
    const usdt = res.body.message.list.find((l) => l.currency === "USDT")!;
    expect(usdt).toMatchObject({ users: 3, available: "124.5", frozen: "3", liabilities: "127.5", snapshot_total: "127.5", reserves: "200", coverage: "1.5686" });
    expect(res.body.message.list.find((l) => l.currency === "BTC")).toMatchObject({ coverage: "0.4" });
    const audited = await server.database.query<{ detail: { after: unknown[] } }>("SELECT detail FROM audit_log WHERE action = 'proof.reserves'");
    expect(audited).toHaveLength(1);
    expect(audited[0].detail.after).toHaveLength(2);
  });
  it("takes the daily snapshot once per UTC day through the leader's jobs", async () => {
    const count = async () => (await server.database.query<{ n: string }>("SELECT count(*) AS n FROM proof_snapshots WHERE kind = 'daily'"))[0].n;
    server.clock.set(Date.parse("2030-01-02T00:00:05Z"));
    await server.engines.jobs.runOnce();
    await server.engines.jobs.runOnce();
    expect(Number(await count())).toBe(1);
    server.clock.set(Date.parse("2030-01-02T23:59:59Z"));
    await server.engines.jobs.runOnce();
    expect(Number(await count())).toBe(1);
    server.clock.set(Date.parse("2030-01-03T00:00:00Z"));
    await server.engines.jobs.runOnce();
    expect(Number(await count())).toBe(2);
    // Operator sessions do not last years: a fresh one reads the history.
    reviewer = (await server.newOperator("reviewer")).token;
    const history = await server.call<{ total: number; list: Array<{ kind: string; operator: string | null; currencies: unknown[] }> }>("GET", "backoffice/proof/history", {}, { token: reviewer });
    expect(history.body.message.total).toBe(4);
    expect(history.body.message.list[0]).toMatchObject({ kind: "daily", operator: null });
    expect(history.body.message.list[3].operator).not.toBeNull();
    expect(history.body.message.list[0].currencies).toHaveLength(3);
  });

});
