import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pair } from "../../server/contract/market";
import type { Position, PositionsConfig } from "../../server/contract/positions";
import type { SpotConfig, SpotOrder } from "../../server/contract/spot";
import type { Option, OptionsConfig } from "../../server/contract/options";
import { money } from "../../server/src/ledger";
import { quoteAround } from "../../server/src/market";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { credit } from "../../server/src/testing/money";
import { leadTheFeed, tick } from "../../server/src/testing/ticks";

/**
 * Operator powers cannot decide an open position (issue 25, CONTRACT "Precisions added in wave 3"): for every
 * operator route that changes a pair's spread, fees or leverage rules, a position opened before the change keeps
 * its liquidation price, its take-profit and stop-loss crossings and its close result; the change applies to orders
 * placed after it. The route audit (route-audit.test.ts) keeps these routes from setting prices or outcomes; this
 * proves what they do set cannot reach back into a position already open. (Fees, maintenance rates and spot fee
 * rates were already stored per order; the spread was not, and the pairs/update cases failed before 0029.)
 */

let server: TestServer;
let admin: { token: string };
const BTC = "BTC/USDT";
const OPEN_SPREAD = "0.0004";
const q = (last: string, spread = OPEN_SPREAD) => quoteAround(last, spread, 2);

beforeAll(async () => {
  server = await createTestServer();
  await leadTheFeed(server);
  admin = await server.newOperator("admin");
  server.clock.set(Date.UTC(2026, 10, 25, 12, 0, 0));
  await tick(server, { [BTC]: "55700" });
});
afterAll(async () => {
  await server?.close();
});

async function user() {
  const u = await server.newUser();
  await credit(server, u.id, "10000");
  return u;
}

async function open(token: string, input: Record<string, unknown>): Promise<Position> {
  const res = await server.call<Position>("POST", "lever/submit", { symbol: BTC, direction: "long", type: "market", quantity: "1", leverage: 100, ...input }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

async function mine(token: string, status: "open" | "closed"): Promise<Position[]> {
  const res = await server.call<{ list: Position[] }>("POST", "lever/my_trade", { status }, { token });
  expect(res.status).toBe(200);
  return res.body.message.list;
}

/**
 * Changes the pair's spread the way an operator can: a narrower one applies at once, a wider one is announced and
 * applies after its notice period (term-notice.test.ts): the clock is moved to its effective time and the leader's
 * job applies it.
 */
async function setSpread(spread: string) {
  const res = await server.call<Pair>("POST", "backoffice/market/pairs/update", { symbol: BTC, spread_rate: spread, reason: "test" }, { token: admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const pending = res.body.message.upcoming?.find((u) => u.term === "spread_rate");
  if (pending) {
    server.clock.set(pending.effective_at * 1000);
    await server.engines.jobs.runOnce();
    // A day later the operator's 12 h session has ended: sign in again.
    admin = await server.newOperator("admin");
  }
  expect(server.market.pairs.pair(BTC)?.spread_rate).toBe(money(spread).toFixed());
}

/**
 * Saves a configuration the way an operator can: a change only better for users applies at once; one with a worse
 * term is announced and applies after its notice period (config-notice.test.ts): the clock is moved to its effective
 * time and the leader's job applies it.
 */
async function saveConfig(path: string, body: Record<string, unknown>) {
  const { pending: _ignored, ...config } = body;
  const res = await server.call<{ pending?: { effective_at: number } | null }>("POST", path, config, { token: admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (res.body.message.pending) {
    server.clock.set(res.body.message.pending.effective_at * 1000);
    await server.engines.jobs.runOnce();
    admin = await server.newOperator("admin");
  }
}

describe("backoffice/market/pairs/update: a spread change applies to new orders only", () => {
  it("the probe: a 100x long is not liquidated by a spread of 5 % while the last price stays above its liquidation price", async () => {
    await setSpread(OPEN_SPREAD);
    await tick(server, { [BTC]: "55500" });
    const u = await user();
    const p = await open(u.token, {});
    expect(p.open_price).toBe(q("55500").ask);
    const liquidation = p.liquidation_price!;
    await setSpread("0.05");
    // At the pair's new spread the bid of 55407 is far under the liquidation level; at the position's own it is not.
    expect(money(q("55407", "0.05").bid).lt(liquidation)).toBe(true);
    expect(money(q("55407").bid).gt(liquidation)).toBe(true);
    await tick(server, { [BTC]: "55407" });
    const [still] = await mine(u.token, "open");
    expect(still).toMatchObject({ id: p.id, status: "open", liquidation_price: liquidation, mark_price: q("55407").bid });
    // The user's own close is at the position's own spread too.
    const closed = await server.call<Position>("POST", "lever/close", { id: p.id }, { token: u.token });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.message).toMatchObject({ status: "closed", close_reason: "user", close_price: q("55407").bid });
  });

  it("the liquidation fires on the tick whose own-spread bid reaches the level, not before, whatever the pair's spread", async () => {
    await setSpread(OPEN_SPREAD);
    await tick(server, { [BTC]: "55700" });
    const u = await user();
    const p = await open(u.token, {});
    await setSpread("0.09");
    const level = money(p.liquidation_price!);
    // The lowest cent whose own bid is still above the level, then one cent lower.
    let last = money("55700");
    while (money(q(last.minus("0.01").toFixed(2)).bid).gt(level)) last = last.minus("0.01");
    await tick(server, { [BTC]: last.toFixed(2) });
    expect((await mine(u.token, "open")).map((x) => x.id)).toContain(p.id);
    await tick(server, { [BTC]: last.minus("0.01").toFixed(2) });
    const closed = (await mine(u.token, "closed")).find((x) => x.id === p.id);
    expect(closed).toMatchObject({ close_reason: "liquidation", close_price: q(last.minus("0.01").toFixed(2)).bid });
  });

  it("a take-profit is not reached earlier when the operator narrows the spread, and closes at the own-spread bid", async () => {
    await setSpread(OPEN_SPREAD);
    await tick(server, { [BTC]: "55700" });
    const u = await user();
    const p = await open(u.token, { leverage: 10, quantity: "0.1", tp_price: "56000" });
    await setSpread("0");
    // 56011.20: the pair's bid at spread 0 is above the TP, the position's own bid (55999.99) is not.
    await tick(server, { [BTC]: "56011.20" });
    expect((await mine(u.token, "open")).map((x) => x.id)).toContain(p.id);
    await tick(server, { [BTC]: "56011.21" });
    expect((await mine(u.token, "closed")).find((x) => x.id === p.id)).toMatchObject({ close_reason: "tp", close_price: "56000.00" });
    await setSpread(OPEN_SPREAD);
  });
});

describe("backoffice/positions/config/save: fee, maintenance and leverage changes apply to new orders only", () => {
  it("an open position keeps its liquidation price and pays its own close fee; a leverage taken away does not touch it", async () => {
    await tick(server, { [BTC]: "55700" });
    const u = await user();
    const p = await open(u.token, {});
    const before = await server.call<PositionsConfig>("GET", "backoffice/positions/config", {}, { token: admin.token });
    const config = before.body.message;
    const feeRate = config.pairs[BTC]?.fee_rate ?? config.kinds.crypto.fee_rate;
    const changed: PositionsConfig = {
      ...config,
      kinds: { ...config.kinds, crypto: { ...config.kinds.crypto, fee_rate: "0.01", maintenance_rate: "0.05", leverages: [1, 2], max_leverage: 2 } },
      pairs: Object.fromEntries(Object.entries(config.pairs).filter(([symbol]) => symbol !== BTC)),
    };
    await saveConfig("backoffice/positions/config/save", changed);
    await tick(server, { [BTC]: "55650" });
    const [still] = (await mine(u.token, "open")).filter((x) => x.id === p.id);
    expect(still).toMatchObject({ status: "open", liquidation_price: p.liquidation_price });
    const closed = await server.call<Position>("POST", "lever/close", { id: p.id }, { token: u.token });
    const exec = q("55650").bid;
    expect(closed.body.message).toMatchObject({ close_price: exec, close_fee: money(exec).times(feeRate).toDecimalPlaces(8, 1).toFixed() });
    // A new order is under the new rules: 100x is no longer offered.
    const refused = await server.call("POST", "lever/submit", { symbol: BTC, direction: "long", type: "market", quantity: "1", leverage: 100 }, { token: u.token });
    expect(refused.status).not.toBe(200);
    await saveConfig("backoffice/positions/config/save", config);
  });
});

describe("backoffice/spot/config/save: a fee change applies to new orders only", () => {
  it("a waiting limit order fills at the fee rate it was placed with", async () => {
    await tick(server, { [BTC]: "55700" });
    const u = await user();
    const placed = await server.call<SpotOrder>("POST", "coin/trade", { symbol: BTC, side: "buy", type: "limit", price: "55000", quantity: "0.01" }, { token: u.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const rate = placed.body.message.fee_rate;
    const before = await server.call<SpotConfig>("GET", "backoffice/spot/config", {}, { token: admin.token });
    await saveConfig("backoffice/spot/config/save", { fee_rate: "0.02", pairs: {} });
    await tick(server, { [BTC]: "54000" });
    const done = await server.call<{ list: SpotOrder[] }>("GET", "coin/list", { status: "done" }, { token: u.token });
    expect(done.body.message.list.find((o) => o.id === placed.body.message.id)).toMatchObject({ status: "filled", filled_price: "55000.00", fee_rate: rate, fee: money("550").times(rate).toFixed() });
    await saveConfig("backoffice/spot/config/save", before.body.message);
  });
});

describe("backoffice/options/config/save and a spread change: a placed option keeps its rate and its settlement", () => {
  // The spread change here is a narrowing (it applies at once): the option's expiry is seconds away, a wider spread
  // would wait a day for its notice.
  it("settles on the tick at expiry at the rate it was placed with", async () => {
    await tick(server, { [BTC]: "55700" });
    const u = await user();
    const placed = await server.call<Option>("POST", "microtrade/submit", { symbol: BTC, direction: "up", seconds: 30, amount: "100", currency: "USDT" }, { token: u.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await server.engines.triggers.drain();
    const o = placed.body.message;
    const before = await server.call<OptionsConfig>("GET", "backoffice/options/config", {}, { token: admin.token });
    const config = before.body.message;
    // A higher rate (it applies at once: a lower one would wait a day, long after this option's expiry).
    const raised = { ...config, kinds: { ...config.kinds, crypto: config.kinds.crypto.map((p) => ({ ...p, rate: "0.95" })) } };
    await saveConfig("backoffice/options/config/save", raised);
    expect(server.clock.now().getTime()).toBeLessThan(o.expires_at_ms);
    await setSpread("0");
    server.clock.set(o.expires_at_ms - 1_000);
    await tick(server, { [BTC]: "55700.01" });
    const settled = await server.call<{ list: Option[] }>("GET", "microtrade/lists", { status: "settled" }, { token: u.token });
    expect(settled.body.message.list.find((x) => x.id === o.id)).toMatchObject({ result: "win", rate: o.rate, payout: money(100).times(money(1).plus(o.rate)).toFixed() });
    await setSpread(OPEN_SPREAD);
    await saveConfig("backoffice/options/config/save", config);
  });
});
