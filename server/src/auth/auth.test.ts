import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { createTestServer, latestCode, ROOT_INVITE, type TestServer } from "../testing/harness";
import { addressSign } from "./wallet-signin";
import { WARN_AT_FAILURES } from "./auth.service";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const countUsers = async () => Number((await server.database.query<{ n: string }>("SELECT count(*) AS n FROM users"))[0].n);

describe("register", () => {
  it("creates the user and a working session", async () => {
    const res = await server.call<{ token: string; user: { account: string; invite_code: string; review_status: number } }>("POST", "user/register", {
      account: "alice_01",
      password: "secret123",
      re_password: "secret123",
      invite_code: ROOT_INVITE.toLowerCase(),
    });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("ok");
    expect(res.body.message.user).toMatchObject({ account: "alice_01", review_status: 0 });
    expect(res.body.message.user.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    const info = await server.call<{ account: string }>("GET", "user/info", {}, { token: res.body.message.token });
    expect(info.body.message.account).toBe("alice_01");
  });

  it("accepts a form-urlencoded body, as the seed's client sends it", async () => {
    const res = await server.call("POST", "user/register", {
      account: "form_user",
      password: "secret123",
      re_password: "secret123",
      invite_code: ROOT_INVITE,
    }, { form: true });
    expect(res.status).toBe(200);
  });

  it("links the inviter when registering with a user's invitation code", async () => {
    const inviter = await server.newUser();
    const info = await server.call<{ invite_code: string }>("GET", "user/info", {}, { token: inviter.token });
    const res = await server.call<{ user: { id: number } }>("POST", "user/register", {
      account: "invited_1",
      password: "secret123",
      re_password: "secret123",
      invite_code: info.body.message.invite_code,
    });
    expect(res.status).toBe(200);
    const rows = await server.database.query<{ inviter_id: number }>("SELECT inviter_id FROM users WHERE id = $1", [res.body.message.user.id]);
    expect(Number(rows[0].inviter_id)).toBe(inviter.id);
  });

  const refusals: [string, Record<string, unknown>, number, string][] = [
    ["a short password", { password: "12345", re_password: "12345" }, 400, "密码长度为6-16位"],
    ["a long password", { password: "x".repeat(17), re_password: "x".repeat(17) }, 400, "密码长度为6-16位"],
    ["a confirmation that differs", { re_password: "other123" }, 400, "两次密码不一致"],
    ["an unknown invitation code", { invite_code: "NOPE1234" }, 400, "邀请码错误"],
    ["a missing invitation code", { invite_code: undefined }, 400, "缺少参数"],
    ["a missing account", { account: undefined }, 400, "缺少参数"],
    ["a malformed account", { account: "a b" }, 400, "账号格式错误"],
    ["an e-mail account without its code", { account: "nocode@example.com" }, 400, "验证码错误"],
    ["an existing account (any case)", { account: "ALICE_01" }, 409, "用户名已存在"],
  ];
  it.each(refusals)("refuses %s and writes nothing", async (_what, change, status, key) => {
    const before = await countUsers();
    const payload: Record<string, unknown> = { account: "fresh_user", password: "secret123", re_password: "secret123", invite_code: ROOT_INVITE, ...change };
    for (const k of Object.keys(payload)) if (payload[k] === undefined) delete payload[k];
    const res = await server.call("POST", "user/register", payload);
    expect(res.status).toBe(status);
    expect(res.body.type).toBe("error");
    expect(res.body.message).toBe(key);
    expect(await countUsers()).toBe(before);
  });

  it("registers by e-mail with the code sent to it, and the code works once", async () => {
    const email = "bob@example.com";
    const sent = await server.call("POST", "sms_mail", { email, type: "register" });
    expect(sent.status).toBe(200);
    const code = await latestCode(server.database, email);
    const wrong = await server.call("POST", "user/register", { account: email, password: "secret123", re_password: "secret123", invite_code: ROOT_INVITE, code: code === "000000" ? "111111" : "000000" });
    expect(wrong.body.message).toBe("验证码错误");
    const ok = await server.call<{ user: { email: string } }>("POST", "user/register", { account: email, password: "secret123", re_password: "secret123", invite_code: ROOT_INVITE, code });
    expect(ok.status).toBe(200);
    expect(ok.body.message.user.email).toBe(email);
    const reused = await server.call("POST", "user/register", { account: "bob2@example.com", password: "secret123", re_password: "secret123", invite_code: ROOT_INVITE, code });
    expect(reused.body.message).toBe("验证码错误");
  });

  it("stores codes hashed and refuses a second send within a minute", async () => {
    const email = "carol@example.com";
    expect((await server.call("POST", "sms_mail", { email })).status).toBe(200);
    const code = await latestCode(server.database, email);
    const stored = await server.database.query<{ code_hash: string }>("SELECT code_hash FROM verification_codes WHERE target = $1", [email]);
    expect(stored[0].code_hash).not.toContain(code);
    const again = await server.call("POST", "sms_mail", { email });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe("验证码发送过于频繁");
  });

  it("expires codes after ten minutes", async () => {
    const email = "late@example.com";
    await server.call("POST", "sms_mail", { email });
    const code = await latestCode(server.database, email);
    server.clock.advance(10 * 60_000 + 1000);
    const res = await server.call("POST", "user/register", { account: email, password: "secret123", re_password: "secret123", invite_code: ROOT_INVITE, code });
    expect(res.body.message).toBe("验证码错误");
  });
});

describe("login and logout", () => {
  it("logs in by account or e-mail and logout revokes the token server-side", async () => {
    const user = await server.newUser();
    const res = await server.call<{ token: string }>("POST", "user/login", { account: user.account.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    const token = res.body.message.token;
    expect((await server.call("POST", "user/logout", {}, { token })).status).toBe(200);
    const after = await server.call("GET", "user/info", {}, { token });
    expect(after.status).toBe(401);
    expect(after.body.type).toBe(999);
    // The other session is untouched.
    expect((await server.call("GET", "user/info", {}, { token: user.token })).status).toBe(200);
  });

  it("keeps only a hash of the token", async () => {
    const user = await server.newUser();
    const rows = await server.database.query<{ token_hash: string }>("SELECT token_hash FROM sessions WHERE user_id = $1", [user.id]);
    expect(rows.every((r) => r.token_hash !== user.token && r.token_hash.length === 64)).toBe(true);
  });

  it("answers a wrong password and an unknown account alike", async () => {
    const user = await server.newUser();
    const wrong = await server.call("POST", "user/login", { account: user.account, password: "wrongpass" });
    const unknown = await server.call("POST", "user/login", { account: "nobody_here", password: "wrongpass" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe("账号或密码错误");
  });

  it("slows a guesser down with growing waits, never locks the owner out, and answers the same for unknown accounts", async () => {
    const user = await server.newUser();
    const attacker = "203.0.113.50";
    const guess = (account: string) => server.call("POST", "user/login", { account, password: "wrongpass" }, { ip: attacker });
    // The owner signed in from home before (the registration did).
    const home = "127.0.0.1";
    for (let i = 0; i < 5; i++) {
      expect((await guess(user.account)).status).toBe(400);
      expect((await guess("nobody_at_all")).status).toBe(400);
    }
    const real = await guess(user.account);
    const unknown = await guess("nobody_at_all");
    expect(real.status).toBe(429);
    expect(real.body).toEqual(unknown.body);
    // The wait doubles: 1 s after the 5th failure, then 2 s...
    server.clock.advance(1_100);
    expect((await guess(user.account)).status).toBe(400);
    server.clock.advance(1_100);
    expect((await guess(user.account)).status).toBe(429);
    // The owner, from their own address, is never kept out.
    expect((await server.call("POST", "user/login", { account: user.account, password: user.password }, { ip: home })).status).toBe(200);
  });

  it("slows guessing spread over many addresses, but not the owner's known address", async () => {
    const user = await server.newUser();
    for (let i = 0; i < 25; i++) await server.call("POST", "user/login", { account: user.account, password: "wrongpass" }, { ip: `198.51.100.${i + 1}` });
    const stranger = await server.call("POST", "user/login", { account: user.account, password: user.password }, { ip: "198.51.100.200" });
    expect(stranger.status).toBe(429);
    expect((await server.call("POST", "user/login", { account: user.account, password: user.password }, { ip: "127.0.0.1" })).status).toBe(200);
  });

  it("tells the owner about repeated failures, by notice and e-mail", async () => {
    const email = "owner-warned@example.com";
    await server.call("POST", "sms_mail", { email, type: "register" });
    const code = await latestCode(server.database, email);
    const registered = await server.call<{ token: string }>("POST", "user/register", { account: email, password: "secret123", re_password: "secret123", invite_code: ROOT_INVITE, code });
    expect(registered.status).toBe(200);
    for (let i = 0; i < WARN_AT_FAILURES; i++) await server.call("POST", "user/login", { account: email, password: "wrongpass" }, { ip: `192.0.2.${i + 1}` });
    const mails = await server.database.query<{ subject: string; body: string }>("SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY id", [email]);
    expect(mails.at(-1)?.body).toContain("192.0.2.5");
    const inbox = await server.database.query<{ body: string }>("SELECT m.body FROM user_messages m JOIN users u ON u.id = m.user_id WHERE u.email = $1", [email]);
    expect(inbox).toHaveLength(1);
    expect(inbox[0].body).toContain("192.0.2.5");
  });

  it("refuses a frozen user at login and logs out its sessions", async () => {
    const user = await server.newUser();
    await server.database.query("UPDATE users SET frozen = true WHERE id = $1", [user.id]);
    const login = await server.call("POST", "user/login", { account: user.account, password: user.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe("账户已冻结，请联系客服");
    const info = await server.call("GET", "user/info", {}, { token: user.token });
    expect(info.body.type).toBe(999);
    expect(info.body.message).toBe("账户已冻结，请联系客服");
  });

  it("refuses token calls without a token, with a bad token and with an expired one", async () => {
    expect((await server.call("GET", "user/info")).body.type).toBe(999);
    expect((await server.call("GET", "user/info", {}, { token: "nonsense" })).status).toBe(401);
    const user = await server.newUser();
    expect((await server.call("GET", "user/info", {}, { token: `Bearer ${user.token}` })).status).toBe(200);
    server.clock.advance(31 * 86_400_000);
    expect((await server.call("GET", "user/info", {}, { token: user.token })).status).toBe(401);
  });
});

describe("forgotten password", () => {
  it("resets by e-mail code, ends every session and locks withdrawals", async () => {
    const email = "dave@example.com";
    await server.call("POST", "sms_mail", { email, type: "register" });
    const reg = await server.call<{ token: string; user: { id: number } }>("POST", "user/register", {
      account: email, password: "secret123", re_password: "secret123", invite_code: ROOT_INVITE, code: await latestCode(server.database, email),
    });
    server.clock.advance(61_000);
    await server.call("POST", "sms_mail", { email, type: "forget" });
    const code = await latestCode(server.database, email);
    const res = await server.call("POST", "user/forget", { email, code, password: "newpass99", re_password: "newpass99" });
    expect(res.status).toBe(200);
    expect((await server.call("GET", "user/info", {}, { token: reg.body.message.token })).status).toBe(401);
    expect((await server.call("POST", "user/login", { account: email, password: "newpass99" })).status).toBe(200);
    const rows = await server.database.query<{ withdraw_locked_until: Date }>("SELECT withdraw_locked_until FROM users WHERE id = $1", [reg.body.message.user.id]);
    expect(rows[0].withdraw_locked_until).not.toBeNull();
  });

  it("refuses an unknown e-mail as a wrong code: the reset does not tell who is registered", async () => {
    const res = await server.call("POST", "user/forget", { email: "ghost@example.com", code: "123456", password: "newpass99", re_password: "newpass99" });
    expect([res.status, res.body.code]).toEqual([400, "CODE_INVALID"]);
  });
});

describe("wallet sign-in", () => {
  const wallet = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");

  const signIn = async (overrides: Partial<{ signature: string; sign: string; nonce: string }> = {}) => {
    const n = await server.call<{ nonce: string; message: string }>("GET", "user/nonce", { address: wallet.address });
    expect(n.status).toBe(200);
    const signature = await wallet.signMessage({ message: n.body.message.message });
    return server.call<{ token: string; user: { wallet_address: string } }>("POST", "user/addressreg", {
      address: wallet.address,
      sign: addressSign(wallet.address),
      nonce: n.body.message.nonce,
      signature,
      ...overrides,
    });
  };

  it("registers on first use and signs the same user in again", async () => {
    const first = await signIn();
    expect(first.status).toBe(200);
    expect(first.body.message.user.wallet_address).toBe(wallet.address.toLowerCase());
    const second = await signIn();
    expect(second.status).toBe(200);
    expect(second.body.message.user).toEqual(first.body.message.user);
  });

  it("refuses a signature by another key", async () => {
    const other = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
    const n = await server.call<{ nonce: string; message: string }>("GET", "user/nonce", { address: wallet.address });
    const forged = await other.signMessage({ message: n.body.message.message });
    const res = await server.call("POST", "user/addressreg", { address: wallet.address, sign: addressSign(wallet.address), nonce: n.body.message.nonce, signature: forged });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("钱包签名验证失败");
  });

  it("refuses a wrong md5 sign, a reused nonce and an expired one", async () => {
    expect((await signIn({ sign: "0".repeat(32) })).body.message).toBe("钱包签名验证失败");
    const n = await server.call<{ nonce: string; message: string }>("GET", "user/nonce", { address: wallet.address });
    const signature = await wallet.signMessage({ message: n.body.message.message });
    const payload = { address: wallet.address, sign: addressSign(wallet.address), nonce: n.body.message.nonce, signature };
    expect((await server.call("POST", "user/addressreg", payload)).status).toBe(200);
    expect((await server.call("POST", "user/addressreg", payload)).body.message).toBe("签名随机数无效或已过期");
    const late = await server.call<{ nonce: string; message: string }>("GET", "user/nonce", { address: wallet.address });
    const lateSignature = await wallet.signMessage({ message: late.body.message.message });
    server.clock.advance(5 * 60_000 + 1000);
    const res = await server.call("POST", "user/addressreg", { ...payload, nonce: late.body.message.nonce, signature: lateSignature });
    expect(res.body.message).toBe("签名随机数无效或已过期");
  });
});

describe("rate limits", () => {
  it("limits login attempts per client address", async () => {
    const limited = await createTestServer({ RATE_LIMIT_AUTH: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await limited.call("POST", "user/login", { account: "x_user", password: "whatever" }, { ip: "10.0.0.9" })).status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      const last = await limited.call("POST", "user/login", { account: "x_user", password: "whatever" }, { ip: "10.0.0.9" });
      expect(last.body.message).toBe("请求过于频繁，请稍后再试");
      // Another address is not affected.
      expect((await limited.call("POST", "user/login", { account: "x_user", password: "whatever" }, { ip: "10.0.0.10" })).status).toBe(400);
    } finally {
      await limited.close();
    }
  });
});

describe("misc", () => {
  it("lists area codes and sets the language", async () => {
    const codes = await server.call<{ code: string }[]>("GET", "getareacode");
    expect(codes.body.message.length).toBeGreaterThan(20);
    const user = await server.newUser();
    expect((await server.call("POST", "set/lang", { lang: "ko" }, { token: user.token })).status).toBe(200);
    const info = await server.call<{ lang: string }>("GET", "user/info", {}, { token: user.token });
    expect(info.body.message.lang).toBe("ko");
    const bad = await server.call("POST", "set/lang", { lang: "xx" }, { token: user.token });
    expect(bad.status).toBe(400);
  });

  it("sends SMS codes to the outbox", async () => {
    const res = await server.call("POST", "sms_send_d", { area_code: "+44", phone: "7700900123" });
    expect(res.status).toBe(200);
    expect(await latestCode(server.database, "+447700900123")).toMatch(/^\d{6}$/);
  });
});

describe("session lifetimes", () => {
  const info = (token: string) => server.call("GET", "user/info", {}, { token });

  it("ends a session left idle longer than SESSION_IDLE_HOURS (72 by default); use keeps it alive", async () => {
    const user = await server.newUser();
    server.clock.advance(71 * 3_600_000);
    expect((await info(user.token)).status).toBe(200);
    server.clock.advance(71 * 3_600_000);
    expect((await info(user.token)).status).toBe(200);
    server.clock.advance(72 * 3_600_000 + 1_000);
    const over = await info(user.token);
    expect(over.status).toBe(401);
    expect(over.body.type).toBe(999);
  });

  it("ends a session at its absolute lifetime (SESSION_TTL_DAYS, 30 by default) however much it is used", async () => {
    const user = await server.newUser();
    for (let day = 0; day < 29; day++) {
      server.clock.advance(86_400_000);
      expect((await info(user.token)).status).toBe(200);
    }
    server.clock.advance(86_400_000 + 1_000);
    expect((await info(user.token)).status).toBe(401);
  });
});
