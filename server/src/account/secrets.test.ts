import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../contract";
import { notifications } from "../../contract/messages";
import { ManualClock } from "../platform/clock";
import { DEFAULT_THROTTLE, LoginThrottle, redisThrottleStore } from "../platform/login-throttle";
import { totpCode } from "../platform/totp";
import { createTestServer, latestCode, ROOT_INVITE, type Answer, type TestServer } from "../testing/harness";
import { readyUser, setTradePassword, TRADE_PASSWORD } from "../testing/money";

// Every secret a request checks goes through one throttle per account (issue 37): the 6th attempt after 5 wrong answers
// waits, with the right answer too, and says how long (Retry-After).

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const count = async (sql: string, id: number) => (await server.database.query<{ n: number }>(sql, [id]))[0].n;
const withdrawalsOf = (id: number) => count("SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1", id);

function expectThrottled(answer: Answer, atLeastS = 1): void {
  expect([answer.status, answer.body.code]).toEqual([429, "TOO_MANY_REQUESTS"]);
  expect(Number(answer.headers["retry-after"])).toBeGreaterThanOrEqual(atLeastS);
}

describe("the trading password on wallet/out", () => {
  it("is throttled: after 5 wrong ones the right one waits too, and no withdrawal is created", async () => {
    const user = await readyUser(server, "100");
    const withdraw = (password: string) => server.call("POST", "wallet/out", { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: password }, { token: user.token });
    for (let i = 0; i < 5; i++) expect((await withdraw(`guess-${i}`)).body.code).toBe("TRADE_PASSWORD_WRONG");
    expectThrottled(await withdraw(TRADE_PASSWORD));
    // Still waiting: a guess is not even checked, so a right guess does not get through either.
    expectThrottled(await withdraw("guess-5"));
    expect(await withdrawalsOf(user.id)).toBe(0);
    server.clock.advance(1_100);
    expect((await withdraw(TRADE_PASSWORD)).status).toBe(200);
    expect(await withdrawalsOf(user.id)).toBe(1);
  });

  it("shares one count with every other secret of the account (step-up answers, the current password)", async () => {
    const user = await readyUser(server, "100");
    const stepUp = (proof: string) => server.call("POST", "wallet/addaddress", { currency: "USDT", network: "ERC20", address: `0x${randomBytes(20).toString("hex")}`, step_up: proof }, { token: user.token });
    for (let i = 0; i < 2; i++) expect((await stepUp(`guess-${i}`)).body.code).toBe("STEP_UP_WRONG");
    for (let i = 0; i < 2; i++) {
      const changed = await server.call("POST", "safe/update_password", { type: "trade", old_password: `guess-${i}`, password: "trade456", re_password: "trade456" }, { token: user.token });
      expect(changed.body.code).toBe("TRADE_PASSWORD_WRONG");
    }
    const fifth = await server.call("POST", "wallet/out", { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: "guess-x" }, { token: user.token });
    expect(fifth.body.code).toBe("TRADE_PASSWORD_WRONG");
    expectThrottled(await server.call("POST", "wallet/out", { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: TRADE_PASSWORD }, { token: user.token }));
    expectThrottled(await stepUp(TRADE_PASSWORD));
  });

  it("tells the owner at the 5th wrong answer (a notice)", async () => {
    const user = await readyUser(server, "100");
    for (let i = 0; i < 5; i++) await server.call("POST", "wallet/out", { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: `guess-${i}` }, { token: user.token });
    // In the user's language, whichever the account has.
    const [{ lang }] = await server.database.query<{ lang: Language }>("SELECT lang FROM users WHERE id = $1", [user.id]);
    const title = server.ctx.translator.t(lang, notifications.SECRET_FAILURES_TITLE.key);
    const inbox = await server.database.query<{ body: string }>("SELECT body FROM user_messages WHERE user_id = $1 AND title = $2", [user.id, title]);
    expect(inbox).toHaveLength(1);
    expect(inbox[0].body).toBe(server.ctx.translator.t(lang, notifications.SECRET_FAILURES_BODY.key, { count: "5" }));
  });
});

describe("the current password on safe/update_password", () => {
  it("is throttled: 5 wrong old passwords, then the right one waits and nothing changes", async () => {
    const user = await server.newUser();
    const change = (old: string) => server.call("POST", "safe/update_password", { type: "login", old_password: old, password: "newpass123", re_password: "newpass123" }, { token: user.token });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).body.code).toBe("OLD_PASSWORD_WRONG");
    expectThrottled(await change(user.password));
    // The session is still alive (a password change would have ended it) and the old password still signs in.
    expect((await server.call("GET", "user/info", {}, { token: user.token })).status).toBe(200);
    expect((await server.call("POST", "user/login", { account: user.account, password: user.password })).status).toBe(200);
    server.clock.advance(1_100);
    expect((await change(user.password)).status).toBe(200);
  });
});

describe("codes on binding and reset", () => {
  it("throttles the Google code of a binding", async () => {
    const user = await server.newUser();
    await setTradePassword(server, user.token);
    const key = await server.call<{ secret: string }>("POST", "safe/google", { action: "get" }, { token: user.token });
    const right = await totpCode(key.body.message.secret, server.clock.now());
    const wrong = right === "000000" ? "111111" : "000000";
    const bind = (code: string) => server.call("POST", "safe/google", { action: "bind", code, step_up: TRADE_PASSWORD }, { token: user.token });
    for (let i = 0; i < 5; i++) expect((await bind(wrong)).body.code).toBe("GOOGLE_CODE_INVALID");
    expectThrottled(await bind(right));
    expect(await count("SELECT count(google_secret)::int AS n FROM users WHERE id = $1", user.id)).toBe(0);
  });

  it("throttles the e-mail code of a binding beyond one code's own attempts", async () => {
    const user = await server.newUser();
    const email = `bind${user.id}@example.com`;
    const bind = (code: string) => server.call("POST", "safe/email", { email, code, step_up: user.password }, { token: user.token });
    await server.call("POST", "sms_mail", { email, type: "bind" });
    const code = await latestCode(server.database, email);
    for (let i = 0; i < 5; i++) expect((await bind(code === "000000" ? "111111" : "000000")).body.code).toBe("CODE_INVALID");
    expectThrottled(await bind(code));
  });

  it("throttles the reset code per account, and answers an unknown account exactly as a known one", async () => {
    const email = `reset${randomBytes(3).toString("hex")}@example.com`;
    await server.call("POST", "sms_mail", { email, type: "register" });
    const registered = await server.call("POST", "user/register", { account: email, password: "secret123", re_password: "secret123", invite_code: ROOT_INVITE, code: await latestCode(server.database, email) });
    expect(registered.status).toBe(200);
    const unknown = `nobody${randomBytes(3).toString("hex")}@example.com`;
    // Asking for a code does not tell either.
    const [sentKnown, sentUnknown] = [await server.call("POST", "sms_mail", { email, type: "forget" }), await server.call("POST", "sms_mail", { email: unknown, type: "forget" })];
    expect([sentKnown.status, sentKnown.body]).toEqual([sentUnknown.status, sentUnknown.body]);
    const code = await latestCode(server.database, email);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const reset = (to: string, c: string) => server.call("POST", "user/forget", { email: to, code: c, password: "newpass123", re_password: "newpass123" }, { form: true });
    for (let i = 0; i < 5; i++) {
      const [known, stranger] = [await reset(email, wrongCode), await reset(unknown, wrongCode)];
      expect([known.status, known.body]).toEqual([400, { type: "error", code: "CODE_INVALID", message: "验证码错误" }]);
      expect([stranger.status, stranger.body]).toEqual([known.status, known.body]);
    }
    const [known, stranger] = [await reset(email, code), await reset(unknown, code)];
    expectThrottled(known);
    expect([stranger.status, stranger.body, stranger.headers["retry-after"]]).toEqual([known.status, known.body, known.headers["retry-after"]]);
  });
});

describe("Retry-After on every 429", () => {
  it("on a throttled sign-in", async () => {
    const user = await server.newUser();
    for (let i = 0; i < 5; i++) await server.call("POST", "user/login", { account: user.account, password: "wrongpass" }, { ip: "203.0.113.77" });
    expectThrottled(await server.call("POST", "user/login", { account: user.account, password: "wrongpass" }, { ip: "203.0.113.77" }));
  });

  it("on a code asked again within the minute (the seconds left)", async () => {
    const email = `again${randomBytes(3).toString("hex")}@example.com`;
    await server.call("POST", "sms_mail", { email });
    server.clock.advance(20_000);
    const again = await server.call("POST", "sms_mail", { email });
    expect([again.status, again.headers["retry-after"]]).toEqual([429, "40"]);
  });

  it("on the rate limit", async () => {
    const limited = await createTestServer({ RATE_LIMIT_AUTH: 1 });
    try {
      await limited.call("POST", "user/login", { account: "x_user", password: "whatever" }, { ip: "10.0.0.9" });
      expectThrottled(await limited.call("POST", "user/login", { account: "x_user", password: "whatever" }, { ip: "10.0.0.9" }));
    } finally {
      await limited.close();
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)("the counts in Redis", () => {
  it("are shared by every process: a guess spread over two is counted once", async () => {
    const prefix = `tw-test-${randomBytes(4).toString("hex")}:`;
    const [a, b] = [new Redis(process.env.TEST_REDIS_URL!), new Redis(process.env.TEST_REDIS_URL!)];
    try {
      const clock = new ManualClock(Date.now());
      const [one, two] = [new LoginThrottle(redisThrottleStore(a, prefix), clock, "secret"), new LoginThrottle(redisThrottleStore(b, prefix), clock, "secret")];
      for (let i = 0; i < DEFAULT_THROTTLE.pairFree; i++) await (i % 2 ? one : two).fail("id:7", "session");
      await expect(one.check("id:7", "session", async () => true)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfterS: 1 });
      await expect(two.check("id:7", "session", async () => true)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
      clock.advance(1_100);
      await two.check("id:7", "session", async () => true);
      await two.succeed("id:7", "session");
      expect(await a.exists(`${prefix}throttle:secret:pair:session|id:7`)).toBe(0);
      // A count older than the window starts again.
      await one.fail("id:8", "session");
      clock.advance(DEFAULT_THROTTLE.windowMs + 1);
      expect(await one.fail("id:8", "session")).toBe(1);
    } finally {
      const keys = await a.keys(`${prefix}*`);
      if (keys.length) await a.del(...keys);
      a.disconnect();
      b.disconnect();
    }
  });
});
