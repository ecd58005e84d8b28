import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { credit } from "../testing/money";
import { ledgerReads } from "../ledger";
import { createTestServer, latestCode, ROOT_INVITE, type TestServer } from "../testing/harness";

let server: TestServer;
let admin: { token: string; id: number; name: string };
let support: { token: string };
let reviewer: { token: string };
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.newOperator("admin");
  support = await server.newOperator("support");
  reviewer = await server.newOperator("reviewer");
});
afterAll(async () => {
  await server?.close();
});

type State = { frozen: boolean; locked: boolean; locked_until: number | null; locked_by_operator: boolean };
const act = (what: "freeze" | "unfreeze" | "lock" | "unlock", userId: number, token = admin.token, reason?: string) =>
  server.call<State>("POST", `backoffice/users/${what}`, { user_id: userId, ...(reason ? { reason } : {}) }, { token });

const login = (account: string, password: string) => server.call<{ token: string }>("POST", "user/login", { account, password });

const auditOf = (action: string, userId: number) =>
  server.database.query<{ actor_id: string; detail: Record<string, unknown> }>("SELECT actor_id, detail FROM audit_log WHERE action = $1 AND target_id = $2", [action, String(userId)]);

const key = () => `adj-${randomBytes(6).toString("hex")}`;
const adjust = (input: Record<string, unknown>, token = admin.token) =>
  server.call<{ entry_id: number; duplicate: boolean; wallets: { currency: string; available: string }[] }>("POST", "backoffice/users/adjust", input, { token });

describe("backoffice/users (search)", () => {
  it("finds users by part of the account, by e-mail and by id; newest first", async () => {
    const tag = randomBytes(3).toString("hex");
    const a = await server.newUser({ account: `findme_${tag}_a` });
    const b = await server.newUser({ account: `findme_${tag}_b` });
    await server.database.query("UPDATE users SET email = $1 WHERE id = $2", [`mail_${tag}@example.com`, a.id]);
    const search = (q: string, token = support.token) => server.call<{ list: { id: number; account: string }[]; total: number }>("GET", "backoffice/users", { q }, { token });
    const byPart = await search(`FINDME_${tag}`);
    expect(byPart.body.message.list.map((u) => u.id)).toEqual([b.id, a.id]);
    expect(byPart.body.message.total).toBe(2);
    expect((await search(`mail_${tag}@`)).body.message.list.map((u) => u.id)).toEqual([a.id]);
    expect((await search(String(b.id))).body.message.list.map((u) => u.id)).toContain(b.id);
    // Wildcards typed by an operator are plain characters.
    expect((await search("%")).body.message.total).toBe(0);
    expect((await search(`findm__${tag}`)).body.message.total).toBe(0);
    const all = await server.call<{ total: number }>("GET", "backoffice/users", {}, { token: admin.token });
    expect(all.body.message.total).toBeGreaterThanOrEqual(2);
    expect((await search("x", reviewer.token)).body.code).toBe("UNAUTHORIZED_OPERATION");
    expect((await search("x", a.token)).status).toBe(401);
  });
});

describe("backoffice/users/detail", () => {
  it("shows the profile, the account state, the verification, the wallets and the latest actions", async () => {
    const user = await server.newUser();
    await credit(server, user.id, "40");
    await act("freeze", user.id, admin.token, "Suspicious deposits");
    const res = await server.call<{
      profile: { account: string; review_status: number; active_sessions: number };
      state: State;
      kyc: unknown;
      wallets: { currency: string; available: string; frozen: string }[];
      actions: { action: string; actor_name: string; detail: { reason?: string } }[];
    }>("GET", "backoffice/users/detail", { user_id: user.id }, { token: support.token });
    expect(res.status).toBe(200);
    const detail = res.body.message;
    expect(detail.profile).toMatchObject({ account: user.account, review_status: 0, active_sessions: 0, passkeys: 0 });
    expect(detail.state).toEqual({ frozen: true, locked: false, locked_until: null, locked_by_operator: false });
    expect(detail.kyc).toBeNull();
    expect(detail.wallets).toEqual([{ currency: "USDT", available: "40", frozen: "0" }]);
    expect(detail.actions[0]).toMatchObject({ action: "user.freeze", actor_name: admin.name, detail: { reason: "Suspicious deposits" } });
    expect((await server.call("GET", "backoffice/users/detail", { user_id: 99_999_999 }, { token: support.token })).body.code).toBe("USER_NOT_FOUND");
    expect((await server.call("GET", "backoffice/users/detail", { user_id: user.id }, { token: reviewer.token })).status).toBe(403);
  });
});

describe("freeze and unfreeze", () => {
  it("ends the user's sessions and refuses logins until unfrozen; audited with the operator's name", async () => {
    const user = await server.newUser();
    const frozen = await act("freeze", user.id, admin.token, "Chargeback");
    expect(frozen.body.message).toMatchObject({ frozen: true });
    const info = await server.call("GET", "user/info", {}, { token: user.token });
    expect(info.status).toBe(401);
    expect(info.body.type).toBe(999);
    const refused = await login(user.account, user.password);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("ACCOUNT_FROZEN");
    const [line] = await auditOf("user.freeze", user.id);
    expect(line).toMatchObject({ detail: { operator: admin.name, reason: "Chargeback" } });
    expect(Number(line.actor_id)).toBe(admin.id);
    // Freezing again changes nothing and is not audited twice.
    expect((await act("freeze", user.id)).body.message.frozen).toBe(true);
    expect(await auditOf("user.freeze", user.id)).toHaveLength(1);
    expect((await act("unfreeze", user.id)).body.message.frozen).toBe(false);
    expect((await login(user.account, user.password)).status).toBe(200);
    expect(await auditOf("user.unfreeze", user.id)).toHaveLength(1);
  });

  it("is for admins only", async () => {
    const user = await server.newUser();
    for (const token of [support.token, reviewer.token]) expect((await act("freeze", user.id, token)).body.code).toBe("UNAUTHORIZED_OPERATION");
    expect((await act("freeze", user.id, user.token)).status).toBe(401);
    expect((await act("freeze", 99_999_999)).body.code).toBe("USER_NOT_FOUND");
    expect((await login(user.account, user.password)).status).toBe(200);
  });
});

describe("lock and unlock", () => {
  it("ends the user's sessions and refuses logins until an operator unlocks, however long it takes", async () => {
    const user = await server.newUser();
    const locked = await act("lock", user.id);
    expect(locked.body.message).toMatchObject({ locked: true, locked_by_operator: true, frozen: false });
    expect((await server.call("GET", "user/info", {}, { token: user.token })).status).toBe(401);
    expect((await login(user.account, user.password)).body.code).toBe("USER_LOCKED");
    // No end of its own: the far future (advancing the shared clock would end the operators' sessions too).
    expect(locked.body.message.locked_until).toBe(Date.UTC(9999, 11, 31) / 1000);
    const unlocked = await act("unlock", user.id);
    expect(unlocked.body.message).toEqual({ frozen: false, locked: false, locked_until: null, locked_by_operator: false });
    expect((await login(user.account, user.password)).status).toBe(200);
    expect(await auditOf("user.lock", user.id)).toHaveLength(1);
    expect(await auditOf("user.unlock", user.id)).toHaveLength(1);
  });

  it("unlocks a user with a timed lock (wrong passwords once locked accounts; now they are only throttled)", async () => {
    const user = await server.newUser();
    for (let i = 0; i < 5; i++) await login(user.account, "wrong-pass");
    server.clock.advance(2_000);
    expect((await login(user.account, user.password)).status).toBe(200);
    await server.database.query("UPDATE users SET locked_until = $2 WHERE id = $1", [user.id, new Date(server.clock.now().getTime() + 15 * 60_000).toISOString()]);
    expect((await login(user.account, user.password)).body.code).toBe("USER_LOCKED");
    const detail = await server.call<{ state: State }>("GET", "backoffice/users/detail", { user_id: user.id }, { token: admin.token });
    expect(detail.body.message.state).toMatchObject({ locked: true, locked_by_operator: false });
    expect((await act("unlock", user.id)).body.message.locked).toBe(false);
    expect((await login(user.account, user.password)).status).toBe(200);
  });

  it("survives a password reset by e-mail (a reset ends only a lock for wrong passwords)", async () => {
    const email = `locked_${randomBytes(3).toString("hex")}@example.com`;
    await server.call("POST", "sms_mail", { email, type: "register" });
    const reg = await server.call<{ user: { id: number } }>("POST", "user/register", {
      account: email, password: "secret123", re_password: "secret123", invite_code: ROOT_INVITE, code: await latestCode(server.database, email),
    });
    const userId = reg.body.message.user.id;
    await act("lock", userId);
    server.clock.advance(61_000);
    await server.call("POST", "sms_mail", { email, type: "forget" });
    const reset = await server.call("POST", "user/forget", { email, code: await latestCode(server.database, email), password: "newpass99", re_password: "newpass99" });
    expect(reset.status).toBe(200);
    expect((await login(email, "newpass99")).body.code).toBe("USER_LOCKED");
  });
});

describe("manual adjustment", () => {
  it("credits and debits with a reason the user sees in their finance records; a repeat adjusts once", async () => {
    const user = await server.newUser();
    const k = key();
    const res = await adjust({ user_id: user.id, currency: "usdt", amount: "25.5", reason: "Compensation for ticket 881", idempotency_key: k });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ duplicate: false, wallets: [{ currency: "USDT", available: "25.5", frozen: "0" }] });
    const again = await adjust({ user_id: user.id, currency: "USDT", amount: "25.5", reason: "Compensation for ticket 881", idempotency_key: k });
    expect(again.body.message).toMatchObject({ entry_id: res.body.message.entry_id, duplicate: true, wallets: [{ available: "25.5" }] });
    const debit = await adjust({ user_id: user.id, currency: "USDT", amount: "-5.5", reason: "Duplicate credit", idempotency_key: key() });
    expect(debit.body.message.wallets[0].available).toBe("20");

    const finance = await server.call<{ list: { kind: string; memo: string; change: string; balance: string }[] }>("POST", "wallet/detail", {}, { token: user.token });
    expect(finance.body.message.list.map((l) => [l.kind, l.memo, l.change, l.balance])).toEqual([
      ["adjustment", "Duplicate credit", "-5.5", "20"],
      ["adjustment", "Compensation for ticket 881", "25.5", "25.5"],
    ]);
    const operatorView = await server.call<{ list: { memo: string }[]; total: number }>("GET", "backoffice/users/ledger", { user_id: user.id }, { token: support.token });
    expect(operatorView.body.message.total).toBe(2);
    const lines = await auditOf("ledger.adjust", user.id);
    expect(lines).toHaveLength(2);
    expect(Number(lines[0].actor_id)).toBe(admin.id);
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  type Case = [string, Record<string, unknown>, string, string?];
  const refusals: Case[] = [
    ["a debit below zero", { amount: "-1" }, "INSUFFICIENT_BALANCE"],
    ["a zero amount", { amount: "0.000" }, "AMOUNT_ERROR", "amount"],
    ["a malformed amount", { amount: "1,5" }, "AMOUNT_ERROR", "amount"],
    ["more decimals than the currency has", { amount: "1.0000001" }, "AMOUNT_ERROR", "amount"],
    ["no amount", { amount: undefined }, "MISSING_PARAMETER", "amount"],
    ["no reason", { reason: "  " }, "MISSING_PARAMETER", "reason"],
    ["an unknown currency", { currency: "DOGE" }, "CURRENCY_NOT_FOUND", "currency"],
    ["no idempotency key", { idempotency_key: undefined }, "MISSING_PARAMETER", "idempotency_key"],
    ["an unknown user", { user_id: 99_999_999 }, "USER_NOT_FOUND"],
  ];
  it.each(refusals)("refuses %s and moves nothing", async (_what, change, code, field) => {
    const user = await server.newUser();
    const input: Record<string, unknown> = { user_id: user.id, currency: "USDT", amount: "10", reason: "Test", idempotency_key: key(), ...change };
    for (const k of Object.keys(input)) if (input[k] === undefined) delete input[k];
    const res = await adjust(input);
    expect(res.body.code).toBe(code);
    if (field) expect(res.body.fields?.[field]).toBeDefined();
    expect(await ledgerReads.balances(server.database.db, user.id)).toEqual([]);
    expect(await auditOf("ledger.adjust", user.id)).toHaveLength(0);
  });

  it("is for admins only", async () => {
    const user = await server.newUser();
    const input = { user_id: user.id, currency: "USDT", amount: "10", reason: "Test", idempotency_key: key() };
    for (const token of [support.token, reviewer.token]) expect((await adjust(input, token)).body.code).toBe("UNAUTHORIZED_OPERATION");
    expect((await adjust(input, user.token)).status).toBe(401);
    expect(await ledgerReads.balances(server.database.db, user.id)).toEqual([]);
  });
});

describe("an adjustment's key is bound to its request", () => {
  it("refuses the same key for another user or amount (IDEMPOTENCY_CONFLICT), and adjusts nobody", async () => {
    const first = await server.newUser();
    const second = await server.newUser();
    const k = key();
    const body = { user_id: first.id, currency: "USDT", amount: "10", reason: "Goodwill", idempotency_key: k };
    expect((await adjust(body)).body.message).toMatchObject({ duplicate: false });
    for (const other of [{ user_id: second.id }, { amount: "1000" }, { amount: "-10" }, { reason: "Another reason" }]) {
      const res = await adjust({ ...body, ...other });
      expect([res.status, res.body.code], JSON.stringify(other)).toEqual([409, "IDEMPOTENCY_CONFLICT"]);
    }
    expect((await adjust(body)).body.message).toMatchObject({ duplicate: true, wallets: [{ available: "10" }] });
    const wallets = await server.call<{ currency: string; balance: string }[]>("POST", "wallet/list", {}, { token: second.token });
    expect(wallets.body.message.filter((w) => w.currency === "USDT").map((w) => w.balance)).toEqual(["0"]);
  });
});
