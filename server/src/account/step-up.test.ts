import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, latestCode, type TestServer } from "../testing/harness";
import { LOGIN_PASSWORD, randomErc20, setTradePassword, TRADE_PASSWORD, TRC20_ADDRESS } from "../testing/money";
import { totpCode } from "../platform/totp";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type User = Awaited<ReturnType<TestServer["newUser"]>>;
const count = async (sql: string, id: number) => (await server.database.query<{ n: number }>(sql, [id]))[0].n;
const addresses = (id: number) => count("SELECT count(*)::int AS n FROM withdraw_addresses WHERE user_id = $1", id);

/** Each sensitive call with a payload that is valid but for the proof, and what it would change. */
const SENSITIVE: [string, string, (user: User) => Promise<Record<string, unknown>>, (user: User) => Promise<unknown>][] = [
  ["wallet/addaddress", "adding an address", async () => ({ currency: "USDT", network: "TRC20", address: TRC20_ADDRESS }), (u) => addresses(u.id)],
  [
    "wallet/deladdress",
    "deleting an address",
    async (u) => {
      const res = await server.call<{ id: number }>("POST", "wallet/addaddress", { currency: "USDT", network: "TRC20", address: TRC20_ADDRESS, step_up: LOGIN_PASSWORD }, { token: u.token });
      return { id: res.body.message.id };
    },
    (u) => addresses(u.id),
  ],
  ["safe/update_password", "setting the first trading password", async () => ({ type: "trade", password: "trade123", re_password: "trade123" }), (u) => count("SELECT count(trade_password_hash)::int AS n FROM users WHERE id = $1", u.id)],
  [
    "safe/google",
    "binding Google 2FA",
    async (u) => {
      const key = await server.call<{ secret: string }>("POST", "safe/google", { action: "get" }, { token: u.token });
      return { action: "bind", code: await totpCode(key.body.message.secret, server.clock.now()) };
    },
    (u) => count("SELECT count(google_secret)::int AS n FROM users WHERE id = $1", u.id),
  ],
  [
    "safe/email",
    "binding an e-mail",
    async (u) => {
      const email = `stepup${u.id}@example.com`;
      await server.call("POST", "sms_mail", { email, type: "bind" });
      return { email, code: await latestCode(server.database, email) };
    },
    (u) => count("SELECT count(email)::int AS n FROM users WHERE id = $1", u.id),
  ],
];

describe("step-up for sensitive actions", () => {
  it.each(SENSITIVE)("%s (%s) needs a proof beyond the session, and a wrong one changes nothing", async (path, _what, payloadOf, state) => {
    const user = await server.newUser();
    const payload = await payloadOf(user);
    const before = await state(user);
    const missing = await server.call("POST", path, payload, { token: user.token });
    expect([missing.status, missing.body]).toMatchObject([403, { code: "STEP_UP_REQUIRED", message: "请输入交易密码或谷歌验证码以确认", fields: { step_up: "请输入交易密码或谷歌验证码以确认" } }]);
    const wrong = await server.call("POST", path, { ...payload, step_up: "not-my-password" }, { token: user.token });
    expect([wrong.status, wrong.body.code]).toEqual([400, "STEP_UP_WRONG"]);
    expect(await state(user)).toEqual(before);
    // A user with neither a trading password nor 2FA proves with the login password.
    const proven = await server.call("POST", path, { ...payload, step_up: LOGIN_PASSWORD }, { token: user.token });
    expect(proven.status, JSON.stringify(proven.body)).toBe(200);
    expect(await state(user)).not.toEqual(before);
  });

  it("takes the trading password once one is set (no longer the login password)", async () => {
    const user = await server.newUser();
    await setTradePassword(server, user.token);
    const add = (proof: string) => server.call("POST", "wallet/addaddress", { currency: "USDT", network: "TRC20", address: TRC20_ADDRESS, step_up: proof }, { token: user.token });
    expect((await add(LOGIN_PASSWORD)).body.code).toBe("STEP_UP_WRONG");
    expect((await add(TRADE_PASSWORD)).status).toBe(200);
  });

  it("takes the Google code when 2FA is bound, and still the trading password", async () => {
    const user = await server.newUser();
    await setTradePassword(server, user.token);
    const key = await server.call<{ secret: string }>("POST", "safe/google", { action: "get" }, { token: user.token });
    const secret = key.body.message.secret;
    const bound = await server.call("POST", "safe/google", { action: "bind", code: await totpCode(secret, server.clock.now()), step_up: TRADE_PASSWORD }, { token: user.token });
    expect(bound.status).toBe(200);
    const add = (proof: string) => server.call("POST", "wallet/addaddress", { currency: "USDT", network: "ERC20", address: randomErc20(), step_up: proof }, { token: user.token });
    expect((await add(await totpCode(secret, new Date(server.clock.now().getTime() + 600_000)))).body.code).toBe("STEP_UP_WRONG");
    expect((await add(await totpCode(secret, server.clock.now()))).status).toBe(200);
    expect((await add(TRADE_PASSWORD)).status).toBe(200);
  });

  it("does not ask again where the request already carries the current password", async () => {
    const user = await server.newUser();
    await setTradePassword(server, user.token);
    const changed = await server.call("POST", "safe/update_password", { type: "trade", old_password: TRADE_PASSWORD, password: "trade456", re_password: "trade456" }, { token: user.token });
    expect(changed.status).toBe(200);
    expect((await server.call("POST", "safe/google", { action: "get" }, { token: user.token })).status).toBe(200);
  });

  it("throttles wrong proofs: after 5 the right one waits too, so a stolen session cannot guess", async () => {
    const user = await server.newUser();
    await setTradePassword(server, user.token);
    const add = (proof: string) => server.call("POST", "wallet/addaddress", { currency: "USDT", network: "TRC20", address: TRC20_ADDRESS, step_up: proof }, { token: user.token });
    for (let i = 0; i < 5; i++) expect((await add(`guess-${i}`)).body.code).toBe("STEP_UP_WRONG");
    expect((await add(TRADE_PASSWORD)).status).toBe(429);
    expect(await addresses(user.id)).toBe(0);
    server.clock.advance(2_000);
    expect((await add(TRADE_PASSWORD)).status).toBe(200);
  });
});
