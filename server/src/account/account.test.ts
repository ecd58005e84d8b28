import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, latestCode, type TestServer } from "../testing/harness";
import { totpCode } from "../platform/totp";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const lockOf = async (id: number) =>
  (await server.database.query<{ withdraw_locked_until: Date | null }>("SELECT withdraw_locked_until FROM users WHERE id = $1", [id]))[0].withdraw_locked_until;

describe("login password", () => {
  it("changes with the old password, ends every session and locks withdrawals for 24 h", async () => {
    const user = await server.newUser();
    const second = await server.call<{ token: string }>("POST", "user/login", { account: user.account, password: user.password });
    const res = await server.call<{ relogin: boolean }>("POST", "safe/update_password", { type: "login", old_password: user.password, password: "brandnew1", re_password: "brandnew1" }, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.message.relogin).toBe(true);
    expect((await server.call("GET", "user/info", {}, { token: user.token })).status).toBe(401);
    expect((await server.call("GET", "user/info", {}, { token: second.body.message.token })).status).toBe(401);
    expect((await server.call("POST", "user/login", { account: user.account, password: "brandnew1" })).status).toBe(200);
    const lock = await lockOf(user.id);
    expect(lock!.getTime() - server.clock.now().getTime()).toBe(24 * 3_600_000);
  });

  const refusals: [string, Record<string, string>, string][] = [
    ["a wrong old password", { old_password: "nope-nope", password: "brandnew1", re_password: "brandnew1" }, "旧密码错误"],
    ["a missing old password", { password: "brandnew1", re_password: "brandnew1" }, "缺少参数"],
    ["a confirmation that differs", { old_password: "secret123", password: "brandnew1", re_password: "brandnew2" }, "两次密码不一致"],
    ["a short new password", { old_password: "secret123", password: "abc", re_password: "abc" }, "密码长度为6-16位"],
    ["the same password again", { old_password: "secret123", password: "secret123", re_password: "secret123" }, "新密码不能与旧密码相同"],
  ];
  it.each(refusals)("refuses %s and changes nothing", async (_what, payload, key) => {
    const user = await server.newUser();
    const res = await server.call("POST", "safe/update_password", { type: "login", ...payload }, { token: user.token });
    expect(res.body.message).toBe(key);
    expect((await server.call("GET", "user/info", {}, { token: user.token })).status).toBe(200);
    expect(await lockOf(user.id)).toBeNull();
  });
});

describe("trading password", () => {
  it("is set the first time without a withdrawal lock, and changing it needs the old one and locks", async () => {
    const user = await server.newUser();
    const first = await server.call("POST", "safe/update_password", { type: "trade", password: "trade123", re_password: "trade123", step_up: user.password }, { token: user.token });
    expect(first.status).toBe(200);
    expect(await lockOf(user.id)).toBeNull();
    const info = await server.call<{ has_trade_password: boolean }>("GET", "user/info", {}, { token: user.token });
    expect(info.body.message.has_trade_password).toBe(true);

    const withoutOld = await server.call("POST", "safe/update_password", { type: "trade", password: "trade456", re_password: "trade456", step_up: "trade123" }, { token: user.token });
    expect(withoutOld.body.message).toBe("缺少参数");
    const wrongOld = await server.call("POST", "safe/update_password", { type: "trade", old_password: "nottrade", password: "trade456", re_password: "trade456" }, { token: user.token });
    expect(wrongOld.body.message).toBe("交易密码错误");
    expect(await lockOf(user.id)).toBeNull();
    const changed = await server.call<{ relogin: boolean }>("POST", "safe/update_password", { type: "trade", old_password: "trade123", password: "trade456", re_password: "trade456" }, { token: user.token });
    expect(changed.body.message.relogin).toBe(false);
    expect(await lockOf(user.id)).not.toBeNull();
    // The session stays: only the login password ends sessions.
    expect((await server.call("GET", "user/info", {}, { token: user.token })).status).toBe(200);
  });
});

describe("Google 2FA", () => {
  it("binds with a code from the shown key, then guards password changes, and unbinding locks withdrawals", async () => {
    const user = await server.newUser();
    const key = await server.call<{ bound: boolean; secret: string; otpauth_url: string }>("POST", "safe/google", { action: "get" }, { token: user.token });
    expect(key.body.message.bound).toBe(false);
    expect(key.body.message.otpauth_url).toContain("otpauth://totp/");
    const secret = key.body.message.secret;
    const bad = await server.call("POST", "safe/google", { action: "bind", code: "000000" === (await totpCode(secret, server.clock.now())) ? "111111" : "000000", step_up: user.password }, { token: user.token });
    expect(bad.body.message).toBe("谷歌验证码错误");
    const bound = await server.call<{ bound: boolean }>("POST", "safe/google", { action: "bind", code: await totpCode(secret, server.clock.now()), step_up: user.password }, { token: user.token });
    expect(bound.body.message.bound).toBe(true);
    expect(await lockOf(user.id)).toBeNull();
    expect((await server.call<{ bound: boolean; secret?: string }>("POST", "safe/google", { action: "get" }, { token: user.token })).body.message).toEqual({ bound: true });

    const noCode = await server.call("POST", "safe/update_password", { type: "trade", password: "trade123", re_password: "trade123", step_up: await totpCode(secret, server.clock.now()) }, { token: user.token });
    expect(noCode.body.message).toBe("谷歌验证码错误");
    const withCode = await server.call("POST", "safe/update_password", { type: "trade", password: "trade123", re_password: "trade123", google_code: await totpCode(secret, server.clock.now()), step_up: await totpCode(secret, server.clock.now()) }, { token: user.token });
    expect(withCode.status).toBe(200);

    const wrongPassword = await server.call("POST", "safe/google", { action: "unbind", password: "wrongpass", code: await totpCode(secret, server.clock.now()) }, { token: user.token });
    expect(wrongPassword.body.message).toBe("密码错误");
    const unbound = await server.call<{ bound: boolean }>("POST", "safe/google", { action: "unbind", password: user.password, code: await totpCode(secret, server.clock.now()) }, { token: user.token });
    expect(unbound.body.message.bound).toBe(false);
    expect(await lockOf(user.id)).not.toBeNull();
  });
});

describe("Google 2FA's pending key", () => {
  it("shows the same key on every visit until it is bound or the user asks for a new one", async () => {
    const user = await server.newUser();
    const get = async (action: "get" | "renew") => (await server.call<{ secret: string }>("POST", "safe/google", { action }, { token: user.token })).body.message.secret;
    const first = await get("get");
    // Scanned, left, came back: the same key, so the app's codes still bind.
    expect(await get("get")).toBe(first);
    const renewed = await get("renew");
    expect(renewed).not.toBe(first);
    expect(await get("get")).toBe(renewed);
    const stale = await server.call("POST", "safe/google", { action: "bind", code: await totpCode(first, server.clock.now()), step_up: user.password }, { token: user.token });
    expect(stale.body.code).toBe("GOOGLE_CODE_INVALID");
    const bound = await server.call<{ bound: boolean }>("POST", "safe/google", { action: "bind", code: await totpCode(renewed, server.clock.now()), step_up: user.password }, { token: user.token });
    expect(bound.body.message.bound).toBe(true);
    expect((await server.call("POST", "safe/google", { action: "renew" }, { token: user.token })).body.message).toEqual({ bound: true });
  });
});

describe("e-mail binding", () => {
  it("binds with the code sent to the address and refuses an address another user holds", async () => {
    const user = await server.newUser();
    const email = `bind${user.id}@example.com`;
    await server.call("POST", "sms_mail", { email, type: "bind" });
    const res = await server.call("POST", "safe/email", { email, code: await latestCode(server.database, email), step_up: user.password }, { token: user.token });
    expect(res.status).toBe(200);
    const info = await server.call<{ email: string }>("GET", "user/info", {}, { token: user.token });
    expect(info.body.message.email).toBe(email);

    const other = await server.newUser();
    server.clock.advance(61_000);
    await server.call("POST", "sms_mail", { email, type: "bind" });
    const taken = await server.call("POST", "safe/email", { email: email.toUpperCase(), code: await latestCode(server.database, email), step_up: other.password }, { token: other.token });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("邮箱已被绑定");
  });

  it("refuses a wrong code", async () => {
    const user = await server.newUser();
    const res = await server.call("POST", "safe/email", { email: `x${user.id}@example.com`, code: "123456", step_up: user.password }, { token: user.token });
    expect(res.body.message).toBe("验证码错误");
  });
});

describe("bank card", () => {
  it("saves, reads back and updates the card; refuses a missing card number", async () => {
    const user = await server.newUser();
    expect((await server.call("POST", "user/cash_info", {}, { token: user.token })).body.message).toBeNull();
    const card = { real_name: "Ada Lovelace", bank_name: "Bank of Tests", card_number: "1234 5678 9012", swift_code: "bkteusxx" };
    expect((await server.call("POST", "user/cash_save", card, { token: user.token })).status).toBe(200);
    const saved = await server.call<Record<string, string>>("POST", "user/cash_info", {}, { token: user.token });
    expect(saved.body.message).toMatchObject({ real_name: "Ada Lovelace", swift_code: "BKTEUSXX", card_number: "1234 5678 9012" });
    await server.call("POST", "user/cash_save", { ...card, bank_name: "Another Bank" }, { token: user.token });
    expect((await server.call<Record<string, string>>("POST", "user/cash_info", {}, { token: user.token })).body.message.bank_name).toBe("Another Bank");
    const missing = await server.call("POST", "user/cash_save", { real_name: "A", bank_name: "B" }, { token: user.token });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty("card_number");
  });
});
