import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { putSetting } from "../platform/settings";
import { createTestServer, type TestServer } from "../testing/harness";
import { credit, expectLedgerSound, walletOf } from "../testing/money";
import { DEFAULT_WALLET_CONFIG, WALLET_CONFIG_KEY } from "./wallet.config";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Exchange = { id: number; from: string; to: string; amount: string; fee: string; rate: string; received: string };
const convert = (token: string, change: Record<string, unknown> = {}) => {
  const payload: Record<string, unknown> = { from: "USDT", to: "BTC", amount: "100", ...change };
  for (const k of Object.keys(payload)) if (payload[k] === undefined) delete payload[k];
  return server.call<Exchange>("POST", "wallet/flashAgainst", payload, { token });
};

describe("wallet/list", () => {
  it("shows every configured currency, zero balances included, with its USDT value", async () => {
    const user = await server.newUser();
    const empty = await server.call("POST", "wallet/list", {}, { token: user.token });
    expect(empty.body.message).toEqual([
      { currency: "USDT", balance: "0", available: "0", frozen: "0", usdt_value: "0" },
      { currency: "BTC", balance: "0", available: "0", frozen: "0", usdt_value: "0" },
      { currency: "ETH", balance: "0", available: "0", frozen: "0", usdt_value: "0" },
    ]);
    await credit(server, user.id, "12.5");
    await credit(server, user.id, "0.01", "BTC");
    await credit(server, user.id, "3", "DOGE");
    const list = await server.call<{ currency: string; usdt_value: string | null; balance: string }[]>("POST", "wallet/list", {}, { token: user.token });
    expect(list.body.message.map((w) => [w.currency, w.balance, w.usdt_value])).toEqual([
      ["USDT", "12.5", "12.5"],
      ["BTC", "0.01", "650"],
      ["ETH", "0", "0"],
      // Held but without a price: shown, valued as unknown.
      ["DOGE", "3", null],
    ]);
  });

  it("needs a session", async () => {
    const res = await server.call("POST", "wallet/list", {});
    expect(res.status).toBe(401);
    expect(res.body.type).toBe(999);
  });
});

describe("flash exchange", () => {
  it("lists the pairs with rate, fee and limits from the price source", async () => {
    const user = await server.newUser();
    const res = await server.call<{ from: string; to: string; rate: string; fee_rate: string; min: string; max: string }[]>("GET", "wallet/flashAgainstList", {}, { token: user.token });
    expect(res.body.message[0]).toEqual({ from: "USDT", to: "BTC", rate: "0.000015384615384615", fee_rate: "0.002", min: "10", max: "100000", from_decimals: 6, to_decimals: 8 });
    expect(res.body.message.find((p) => p.from === "BTC")).toMatchObject({ to: "USDT", rate: "65000" });
  });

  it("converts: the user gives the amount, the fee goes to fees, the treasury pays the other side", async () => {
    const user = await server.newUser();
    await credit(server, user.id, "150");
    const res = await convert(user.token, { amount: "100" });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ from: "USDT", to: "BTC", amount: "100", fee: "0.2", received: "0.00153538" });
    expect(await walletOf(server, user.token)).toMatchObject({ available: "50" });
    expect(await walletOf(server, user.token, "BTC")).toMatchObject({ available: "0.00153538" });
    const back = await convert(user.token, { from: "BTC", to: "USDT", amount: "0.00153538" });
    expect(back.body.message).toMatchObject({ fee: "0.00000307", received: "99.60015" });
    const mine = await server.call<{ list: Exchange[]; total: number }>("GET", "wallet/myFlashAgainstList", { page: 1, limit: 10 }, { token: user.token });
    expect(mine.body.message.total).toBe(2);
    expect(mine.body.message.list.map((e) => e.from)).toEqual(["BTC", "USDT"]);
    const lines = await server.call<{ list: { currency: string; kind: string; change: string; balance: string }[] }>("POST", "wallet/detail", { page: 1, limit: 10 }, { token: user.token });
    expect(lines.body.message.list.map((l) => [l.currency, l.kind, l.change, l.balance])).toEqual([
      ["USDT", "flash", "99.60015", "149.60015"],
      ["BTC", "flash", "-0.00153538", "0"],
      ["BTC", "flash", "0.00153538", "0.00153538"],
      ["USDT", "flash", "-100", "50"],
      ["USDT", "deposit", "150", "150"],
    ]);
    await expectLedgerSound(server);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["more than the balance", { amount: "100.000001" }, "INSUFFICIENT_BALANCE"],
    ["below the pair's minimum", { amount: "9.99" }, "AMOUNT_BELOW_MIN"],
    ["above the pair's maximum", { amount: "100001" }, "AMOUNT_ABOVE_MAX"],
    ["zero", { amount: "0" }, "AMOUNT_NOT_POSITIVE"],
    ["too many decimals", { amount: "10.0000001" }, "AMOUNT_ERROR"],
    ["a pair that does not exist", { to: "DOGE" }, "PAIR_NOT_FOUND"],
    ["a currency into itself", { to: "USDT" }, "PAIR_NOT_FOUND"],
    ["BTC to ETH (not offered)", { from: "BTC", to: "ETH", amount: "0.001" }, "PAIR_NOT_FOUND"],
    ["no amount", { amount: undefined }, "MISSING_PARAMETER"],
  ];
  it.each(refusals)("refuses %s and moves nothing", async (_what, change, code) => {
    const user = await server.newUser();
    await credit(server, user.id, "100");
    await credit(server, user.id, "1", "BTC");
    const before = await server.call("POST", "wallet/list", {}, { token: user.token });
    const res = await convert(user.token, change);
    expect(res.body.code).toBe(code);
    expect((await server.call("POST", "wallet/list", {}, { token: user.token })).body).toEqual(before.body);
  });

  it("converts once per idempotency key", async () => {
    const user = await server.newUser();
    await credit(server, user.id, "100");
    const key = `flash-${Date.now()}`;
    const a = await convert(user.token, { amount: "40", idempotency_key: key });
    const b = await convert(user.token, { amount: "40", idempotency_key: key });
    expect(b.body.message).toEqual(a.body.message);
    expect((await walletOf(server, user.token)).available).toBe("60");
    expect((await convert(user.token, { amount: "41", idempotency_key: key })).body.code).toBe("IDEMPOTENCY_CONFLICT");
  });

  it("follows the configured reference prices", async () => {
    await putSetting(server.database.db, WALLET_CONFIG_KEY, { ...DEFAULT_WALLET_CONFIG, reference_prices: { USDT: "1", BTC: "50000", ETH: "2500" } });
    try {
      const user = await server.newUser();
      const pairs = await server.call<{ from: string; rate: string }[]>("GET", "wallet/flashAgainstList", {}, { token: user.token });
      expect(pairs.body.message.find((p) => p.from === "BTC")?.rate).toBe("50000");
    } finally {
      await putSetting(server.database.db, WALLET_CONFIG_KEY, DEFAULT_WALLET_CONFIG);
    }
  });
});

describe("wallet/detail", () => {
  it("shows only the user's own entries, filtered by currency, paged", async () => {
    const user = await server.newUser();
    const other = await server.newUser();
    await credit(server, other.id, "5");
    for (let i = 1; i <= 3; i++) await credit(server, user.id, String(i));
    await credit(server, user.id, "0.5", "ETH");
    const page = await server.call<{ list: { change: string; balance: string }[]; total: number }>("POST", "wallet/detail", { page: 1, limit: 2, currency: "usdt" }, { token: user.token });
    expect(page.body.message.total).toBe(3);
    expect(page.body.message.list.map((l) => [l.change, l.balance])).toEqual([
      ["3", "6"],
      ["2", "3"],
    ]);
    const eth = await server.call<{ total: number }>("POST", "wallet/detail", { currency: "ETH" }, { token: user.token });
    expect(eth.body.message.total).toBe(1);
  });
});
