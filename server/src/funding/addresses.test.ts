import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";
import { MAX_ADDRESSES } from "./addresses.service";
import { ERC20_ADDRESS, LOGIN_PASSWORD, randomErc20, TRC20_ADDRESS } from "../testing/money";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Book = { id: number; network: string; address: string; label: string }[];
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
      { id: trc.body.message.id, currency: "USDT", network: "TRC20", address: TRC20_ADDRESS, label: "Ledger Nano" },
      { id: erc.body.message.id, currency: "USDT", network: "ERC20", address: ERC20_ADDRESS, label: "" },
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
