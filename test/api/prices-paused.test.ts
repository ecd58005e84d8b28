import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errors } from "../../server/contract";
import type { Quotation } from "../../server/contract/market";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { credit, passKyc } from "../../server/src/testing/money";
import { leadTheFeed, tick } from "../../server/src/testing/ticks";

/**
 * A fill, an option's opening and a close use a tick no older than the pair kind's maximum age (crypto 5 s, forex and
 * metals 15 s by default); past it the pair's prices are paused: every order call refuses TRADING_CLOSED naming
 * "prices paused", and the quotes say so (trading false, paused true, the tick's age), never live.
 */
let server: TestServer;
let user: { token: string; id: number };
const BTC = "BTC/USDT";
const EUR = "EUR/USD";

beforeAll(async () => {
  server = await createTestServer();
  await leadTheFeed(server);
  // Forex trades on weekdays: a Wednesday noon, UTC.
  server.clock.set(Date.UTC(2026, 10, 25, 12, 0, 0));
  await tick(server, { [BTC]: "60000", [EUR]: "1.08000" });
  user = await server.newUser();
  await credit(server, user.id, "100000");
  await passKyc(server, user.id);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const quoteOf = async (symbol: string) => (await server.call<Quotation[]>("GET", "currency/quotation_new")).body.message.find((q) => q.symbol === symbol)!;

const orders = {
  "coin/trade": { symbol: BTC, side: "buy", type: "market", quantity: "0.01" },
  "lever/submit": { symbol: BTC, direction: "long", type: "market", quantity: "0.01", leverage: 10 },
  "microtrade/submit": { symbol: BTC, direction: "up", seconds: 60, amount: "10" },
};

async function expectPaused(symbol: string, ageMs: number) {
  const q = await quoteOf(symbol);
  expect([q.trading, q.paused, q.tick_age_ms]).toEqual([false, true, ageMs]);
}

describe("prices older than the pair kind's maximum age", () => {
  it("refuse every order with TRADING_CLOSED naming 'prices paused', and the quote shows paused with its age", async () => {
    await tick(server, { [BTC]: "60000", [EUR]: "1.08000" });
    server.clock.advance(5_000);
    expect(await quoteOf(BTC)).toMatchObject({ trading: true, paused: false, tick_age_ms: 5_000 });
    server.clock.advance(1_500);
    await expectPaused(BTC, 6_500);
    for (const [path, body] of Object.entries(orders)) {
      const res = await server.call("POST", path, body, { token: user.token });
      expect([res.status, res.body.code, res.body.fields], path).toEqual([403, "TRADING_CLOSED", { price: errors.PRICES_PAUSED.key }]);
    }
    // The ticket says what the quote says.
    const ticket = await server.call<{ trading: boolean }>("GET", "coin/ticket", { symbol: BTC }, { token: user.token });
    expect(ticket.body.message.trading).toBe(false);
    const lever = await server.call<{ trading: boolean }>("POST", "lever/deal", { symbol: BTC }, { token: user.token });
    expect(lever.body.message.trading).toBe(false);

    // Forex and metals tick less often: 15 s by default.
    expect(await quoteOf(EUR)).toMatchObject({ trading: true, paused: false });
    server.clock.advance(9_000);
    await expectPaused(EUR, 15_500);
    const fx = await server.call("POST", "lever/submit", { symbol: EUR, direction: "long", type: "market", quantity: "0.01", leverage: 10 }, { token: user.token });
    expect([fx.status, fx.body.code]).toEqual([403, "TRADING_CLOSED"]);

    // The next tick resumes trading on it.
    await tick(server, { [BTC]: "60010", [EUR]: "1.08010" });
    expect(await quoteOf(BTC)).toMatchObject({ trading: true, paused: false, tick_age_ms: 0 });
    expect((await server.call<{ trading: boolean }>("POST", "lever/deal", { symbol: BTC }, { token: user.token })).body.message.trading).toBe(true);
    for (const [path, body] of Object.entries(orders)) {
      const res = await server.call("POST", path, body, { token: user.token });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it("closes a position only on a fresh tick", async () => {
    const opened = await server.call<{ id: number }>("POST", "lever/submit", orders["lever/submit"], { token: user.token });
    expect(opened.status).toBe(200);
    server.clock.advance(6_000);
    const refused = await server.call("POST", "lever/close", { id: opened.body.message.id }, { token: user.token });
    expect([refused.status, refused.body.code]).toEqual([403, "TRADING_CLOSED"]);
    await tick(server, { [BTC]: "60020" });
    expect((await server.call("POST", "lever/close", { id: opened.body.message.id }, { token: user.token })).status).toBe(200);
  });

  it("a pair an operator switched off is not paused: it is off", async () => {
    const operator = await server.newOperator("admin");
    await server.call("POST", "backoffice/market/pairs/update", { symbol: BTC, trading: false }, { token: operator.token });
    server.clock.advance(10_000);
    expect(await quoteOf(BTC)).toMatchObject({ trading: false, paused: false });
    await server.call("POST", "backoffice/market/pairs/update", { symbol: BTC, trading: true }, { token: operator.token });
  });
});
