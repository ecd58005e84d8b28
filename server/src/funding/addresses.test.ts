import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toSeconds, utcDateTime } from "../platform/clock";
import { createTestServer, latestCode, ROOT_INVITE, type TestServer } from "../testing/harness";
import { MAX_ADDRESSES } from "./addresses.service";
import { ERC20_ADDRESS, LOGIN_PASSWORD, randomErc20, readyUser, TRADE_PASSWORD, TRC20_ADDRESS } from "../testing/money";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Book = { id: number; network: string; address: string; label: string; usable_at: number }[];
const book = async (token: string) => (await server.call<Book>("POST", "wallet/get_address", { currency: "USDT" }, { token })).body.message;
const add = (token: string, change: Record<string, unknown> = {}) => {
  const payload: Record<string, unknown> = { currency: "USDT", network: "TRC20", address: TRC20_ADDRESS, label: "Ledger Nano", step_up: LOGIN_PASSWORD, ...change };
  for (const k of Object.keys(payload)) if (payload[k] === undefined) delete payload[k];
  return server.call<{ id: number }>("POST", "wallet/addaddress", payload, { token });
};

describe("address book", () => {
  it("adds, lists only the owner's addresses and deletes them", async () => {
    const user = await server.newUser();
    const other = await server.newUser();
    const trc = await add(user.token);
    const erc = await add(user.token, { network: "erc20", address: ERC20_ADDRESS, label: undefined });
    expect(trc.status).toBe(200);
    expect(erc.status).toBe(200);
    await add(other.token);
    expect(await book(user.token)).toEqual([
      { id: trc.body.message.id, currency: "USDT", network: "TRC20", address: TRC20_ADDRESS, label: "Ledger Nano", usable_at: expect.any(Number) },
      { id: erc.body.message.id, currency: "USDT", network: "ERC20", address: ERC20_ADDRESS, label: "", usable_at: expect.any(Number) },
    ]);
    const removed = await server.call("POST", "wallet/deladdress", { id: trc.body.message.id, step_up: LOGIN_PASSWORD }, { token: user.token });
    expect(removed.status).toBe(200);
    expect((await book(user.token)).map((a) => a.network)).toEqual(["ERC20"]);
    expect(await book(other.token)).toHaveLength(1);
  });

  it("lets nobody but the owner delete an address", async () => {
    const owner = await server.newUser();
    const intruder = await server.newUser();
    const { id } = (await add(owner.token)).body.message;
    const res = await server.call("POST", "wallet/deladdress", { id, step_up: LOGIN_PASSWORD }, { token: intruder.token });
    // The same answer as for an id that does not exist: ids cannot be probed.
    const missing = await server.call("POST", "wallet/deladdress", { id: 987_654, step_up: LOGIN_PASSWORD }, { token: intruder.token });
    expect([res.status, res.body]).toEqual([missing.status, missing.body]);
    expect(res.status).toBe(404);
    expect(await book(owner.token)).toHaveLength(1);
  });

  it("says an unknown address does not exist", async () => {
    const user = await server.newUser();
    expect((await server.call("POST", "wallet/deladdress", { id: 987_654, step_up: LOGIN_PASSWORD }, { token: user.token })).body.code).toBe("DATA_NOT_FOUND");
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["a TRON address on ERC20", { network: "ERC20" }, "ADDRESS_INVALID"],
    ["an Ethereum address on TRC20", { address: ERC20_ADDRESS }, "ADDRESS_INVALID"],
    ["a truncated address", { address: TRC20_ADDRESS.slice(0, -1) }, "ADDRESS_INVALID"],
    ["a network withdrawals do not use", { network: "BEP20" }, "PARAMETER_ERROR"],
    ["another currency", { currency: "BTC" }, "CURRENCY_TYPE_WRONG"],
    ["no address", { address: undefined }, "MISSING_PARAMETER"],
    ["an empty address", { address: "   " }, "MISSING_PARAMETER"],
    ["no network", { network: undefined }, "MISSING_PARAMETER"],
    ["a label longer than 32 characters", { label: "x".repeat(33) }, "PARAMETER_ERROR"],
  ];
  it.each(refusals)("refuses %s and adds nothing", async (_what, change, code) => {
    const user = await server.newUser();
    const res = await add(user.token, change);
    expect(res.body.code).toBe(code);
    expect(await book(user.token)).toEqual([]);
  });

  it("refuses the same address twice", async () => {
    const user = await server.newUser();
    await add(user.token);
    const again = await add(user.token, { label: "again" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "ADDRESS_EXISTS", message: "地址已存在" });
    expect(await book(user.token)).toHaveLength(1);
    // Another user may save the same address (a shared exchange deposit address, say).
    const other = await server.newUser();
    expect((await add(other.token)).status).toBe(200);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const user = await server.newUser();
    for (let i = 0; i < MAX_ADDRESSES; i++) expect((await add(user.token, { network: "ERC20", address: randomErc20() })).status).toBe(200);
    expect((await add(user.token, { network: "ERC20", address: randomErc20() })).body.code).toBe("PARAMETER_ERROR");
    expect(await book(user.token)).toHaveLength(MAX_ADDRESSES);
  });

  it("needs a session", async () => {
    expect((await server.call("POST", "wallet/get_address", { currency: "USDT" })).body.type).toBe(999);
  });
});

describe("a new address's cooling period (ADDRESS_COOLING_HOURS)", () => {
  let cooling: TestServer;
  beforeAll(async () => {
    cooling = await createTestServer({ ADDRESS_COOLING_HOURS: 24, PUBLIC_ORIGIN: "https://app.example.com" });
  });
  afterAll(async () => {
    await cooling?.close();
  });

  it("refuses a withdrawal to it for 24 hours, with the time it becomes usable, after checking the trading password", async () => {
    const user = await readyUser(cooling, "100");
    const added = toSeconds(cooling.clock.now());
    const [entry] = (await cooling.call<Book>("POST", "wallet/get_address", { currency: "USDT" }, { token: user.token })).body.message;
    expect(entry.usable_at).toBe(added + 24 * 3600);
    const withdraw = (password = TRADE_PASSWORD) => cooling.call("POST", "wallet/out", { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: password }, { token: user.token });
    // A wrong trading password is told (and counted) first, whatever the address.
    expect((await withdraw("wrong-one")).body.code).toBe("TRADE_PASSWORD_WRONG");
    const early = await withdraw();
    expect([early.status, early.body]).toEqual([
      403,
      { type: "error", code: "ADDRESS_COOLING", message: "新添加的地址需等待后才能提现，可用时间：{time} UTC", fields: { address_id: "新添加的地址需等待后才能提现，可用时间：{time} UTC" }, values: { time: utcDateTime(entry.usable_at * 1000) } },
    ]);
    cooling.clock.advance(24 * 3_600_000 - 2_000);
    expect((await withdraw()).body.code).toBe("ADDRESS_COOLING");
    cooling.clock.advance(2_000);
    expect((await withdraw()).status).toBe(200);
  });

  it("tells the owner of every add by a notice and an e-mail linking to the book", async () => {
    const email = `cool${randomBytes(3).toString("hex")}@example.com`;
    await cooling.call("POST", "sms_mail", { email, type: "register" });
    const registered = await cooling.call<{ token: string }>("POST", "user/register", { account: email, password: LOGIN_PASSWORD, re_password: LOGIN_PASSWORD, invite_code: ROOT_INVITE, code: await latestCode(cooling.database, email) });
    const token = registered.body.message.token;
    const address = randomErc20();
    expect((await cooling.call("POST", "wallet/addaddress", { currency: "USDT", network: "ERC20", address, step_up: LOGIN_PASSWORD }, { token })).status).toBe(200);
    const [mail] = await cooling.database.query<{ body: string }>("SELECT body FROM outbox WHERE recipient = $1 AND body LIKE '%' || $2 || '%'", [email, address]);
    expect(mail.body).toContain("https://app.example.com/#/pages/order/withdraw?tab=addresses");
    expect(mail.body).toContain(utcDateTime(cooling.clock.now().getTime() + 24 * 3_600_000));
    const inbox = await cooling.database.query<{ body: string }>("SELECT m.body FROM user_messages m JOIN users u ON u.id = m.user_id WHERE u.email = $1", [email]);
    expect(inbox.map((m) => m.body).join()).toContain(address);
  });
});

describe("without a cooling period (ADDRESS_COOLING_HOURS=0)", () => {
  it("an address is usable at once", async () => {
    const user = await readyUser(server, "100");
    const [entry] = await book(user.token);
    expect(entry.usable_at).toBeLessThanOrEqual(toSeconds(server.clock.now()));
    expect((await server.call("POST", "wallet/out", { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: TRADE_PASSWORD }, { token: user.token })).status).toBe(200);
  });
});
