import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpotOrder } from "../../contract/spot";
import { ledger, ledgerReads, money } from "../ledger";
import { quoteAround } from "../market";
import { createTestServer, testDatabaseKind, type TestServer } from "../testing/harness";
import { balanceOf, listedOrder, spotUser } from "../testing/spot";
import { leadTheFeed, tick } from "../testing/ticks";

/**
 * Spot stop orders (CONTRACT wave 4) through HTTP, on PGlite and PostgreSQL: a waiting order holds its funds, triggers
 * on the first tick whose executable price crosses its stop (naming that tick), then fills at market (stop-market) or
 * waits as a limit order (stop-limit); refusals write nothing; a cancel racing the trigger settles the order once.
 * BTC/USDT: spread 0.04 %, two decimals; around 60000 the bid is 59988.00 and the ask 60012.00.
 */

let server: TestServer;
const BTC = "BTC/USDT";

const user = (usdt?: string, btc?: string) => spotUser(server, usdt, btc);

const trade = (token: string, input: Record<string, unknown>) =>
  server.call<SpotOrder>("POST", "coin/trade", { symbol: BTC, side: "buy", type: "stop_market", quantity: "0.01", ...input }, { token });

const balance = (userId: number, currency: string) => balanceOf(server, userId, currency);

const order = (token: string, id: number) => listedOrder(server, token, id);

beforeAll(async () => {
  server = await createTestServer();
  await leadTheFeed(server);
  await tick(server, { [BTC]: "60000" });
});
afterAll(async () => {
  await server?.close();
});

describe("stop-market", () => {
  it("a buy waits holding its worst allowed fill, ignores ticks below its stop, and fills at the ask of the first tick at its stop, naming it", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const placed = await trade(u.token, { stop_price: "61000" });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // Held: 0.01 x 64050.00 (61000 + 5 %) + the 0.1 % fee.
    expect(placed.body.message).toMatchObject({ status: "waiting", type: "stop_market", stop_price: "61000.00", trigger_price: "61000.00", triggered_tick: null, price: null, held: "641.1405", oco_id: null, trailing_rate: null });
    expect(await balance(u.id, "USDT")).toEqual({ available: "358.8595", frozen: "641.1405" });
    // The open list includes waiting orders.
    expect((await server.call<{ list: SpotOrder[] }>("GET", "coin/list", { status: "open" }, { token: u.token })).body.message.list.map((o) => o.id)).toContain(placed.body.message.id);
    await tick(server, { [BTC]: "60950" });
    expect((await order(u.token, placed.body.message.id)).status).toBe("waiting");
    // 60990 -> its ask is at or above the stop.
    const { ask } = quoteAround("60990", "0.0004", 2);
    expect(money(ask).gte(61000)).toBe(true);
    const atMs = await tick(server, { [BTC]: "60990" });
    const filled = await order(u.token, placed.body.message.id);
    expect(filled).toMatchObject({ status: "filled", filled_price: ask, triggered_tick: { price: "60990", at_ms: atMs }, tick: { price: "60990", at_ms: atMs }, trigger_price: null });
    // Paid the amount at that ask and its fee; the rest of the hold came back.
    const amount = money("0.01").times(ask);
    expect(await balance(u.id, "USDT")).toEqual({ available: money(1000).minus(amount).minus(amount.times("0.001").toDecimalPlaces(8, 1)).toFixed(), frozen: "0" });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.01", frozen: "0" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("a sell triggers when the bid falls to its stop, even through a gap, and fills at that tick's bid", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    const placed = (await trade(u.token, { side: "sell", stop_price: "59000" })).body.message;
    expect(placed).toMatchObject({ status: "waiting", held: "0.01" });
    const atMs = await tick(server, { [BTC]: "55000" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "filled", filled_price: "54989.00", triggered_tick: { price: "55000", at_ms: atMs } });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("a buy gapping beyond its worst allowed fill becomes a limit order there, and fills when the ask comes back", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const placed = (await trade(u.token, { stop_price: "61000" })).body.message;
    await tick(server, { [BTC]: "70000" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "open", price: "64050.00", triggered_tick: { price: "70000" } });
    await tick(server, { [BTC]: "64000" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "filled", filled_price: "64050.00" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });
});

describe("stop-limit", () => {
  it("triggers on its stop and waits as a limit order at its price; fills at once when the trigger tick crosses the limit too", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("2000");
    const waits = (await trade(u.token, { type: "stop_limit", stop_price: "61000", price: "60500" })).body.message;
    const fills = (await trade(u.token, { type: "stop_limit", stop_price: "61000", price: "61500" })).body.message;
    expect(waits).toMatchObject({ status: "waiting", price: "60500.00", held: "605.605" });
    const atMs = await tick(server, { [BTC]: "61100" });
    expect(await order(u.token, waits.id)).toMatchObject({ status: "open", price: "60500.00", triggered_tick: { price: "61100", at_ms: atMs } });
    expect(await order(u.token, fills.id)).toMatchObject({ status: "filled", filled_price: "61500.00", triggered_tick: { price: "61100", at_ms: atMs } });
    await tick(server, { [BTC]: "60400" });
    expect(await order(u.token, waits.id)).toMatchObject({ status: "filled", filled_price: "60500.00" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("a waiting stop survives a new leader and triggers on the first fresh tick after it, not on an old one", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const placed = (await trade(u.token, { type: "stop_limit", stop_price: "61000", price: "60500" })).body.message;
    server.engines.triggers.stop();
    server.engines.triggers.start();
    await server.engines.triggers.ensureLoaded();
    expect((await order(u.token, placed.id)).status).toBe("waiting");
    const atMs = await tick(server, { [BTC]: "61100" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "open", triggered_tick: { at_ms: atMs } });
  });

  it("cancel while waiting releases the hold; it never triggers after", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const placed = (await trade(u.token, { type: "stop_limit", stop_price: "61000", price: "60500" })).body.message;
    const res = await server.call<SpotOrder>("POST", "coin/cancel", { id: placed.id }, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatchObject({ status: "cancelled", held: null });
    expect(await balance(u.id, "USDT")).toEqual({ available: "1000", frozen: "0" });
    await tick(server, { [BTC]: "61100" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "cancelled", triggered_tick: null });
  });
});

describe("stop refusals write nothing", () => {
  // At 60000: bid 59988.00, ask 60012.00. Strict: a stop at the ask (buy) or at the bid (sell) is refused.
  const cases: Array<{ name: string; input: Record<string, unknown>; code: string; btc?: string }> = [
    { name: "a stop buy at the ask", input: { stop_price: "60012.00" }, code: "STOP_BUY_NOT_ABOVE_ASK" },
    { name: "a stop buy below the ask", input: { stop_price: "59000" }, code: "STOP_BUY_NOT_ABOVE_ASK" },
    { name: "a stop sell at the bid", input: { side: "sell", stop_price: "59988.00" }, code: "STOP_SELL_NOT_BELOW_BID", btc: "1" },
    { name: "a stop sell above the bid", input: { side: "sell", stop_price: "61000" }, code: "STOP_SELL_NOT_BELOW_BID", btc: "1" },
    { name: "a stop without its stop price", input: {}, code: "MISSING_PARAMETER" },
    { name: "a stop-limit without its limit price", input: { type: "stop_limit", stop_price: "61000" }, code: "MISSING_PARAMETER" },
    { name: "a stop price with more decimals than the pair", input: { stop_price: "61000.001" }, code: "PRICE_PRECISION" },
    { name: "a stop price of zero", input: { stop_price: "0" }, code: "PRICE_NOT_POSITIVE" },
    { name: "a stop buy whose hold does not fit", input: { stop_price: "61000", quantity: "1" }, code: "INSUFFICIENT_BALANCE" },
  ];
  it.each(cases)("$name -> $code", async ({ input, code, btc }) => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000", btc);
    const [{ n: before }] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries");
    const res = await trade(u.token, input);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe(code);
    const [{ n: after }] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries");
    expect(after).toBe(before);
  });
});

describe("a cancel racing the trigger", () => {
  it.runIf(testDatabaseKind() === "postgres")("on PostgreSQL settles the order once: the trigger waits on the cancel's row lock and then leaves the cancelled order alone", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const placed = (await trade(u.token, { stop_price: "61000" })).body.message;
    const [{ hold_id: holdId }] = await server.database.query<{ hold_id: number }>("SELECT hold_id FROM spot_orders WHERE id = $1", [placed.id]);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked = () => undefined as void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // The user's cancel holds the row (locked, not yet committed) when the crossing tick arrives.
    const cancelling = server.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM spot_orders WHERE id = ${placed.id} FOR UPDATE`);
      locked();
      await gate;
      await ledger.release(tx, { holdId: Number(holdId), key: `spot:${placed.id}:release`, kind: "spot.release", at: server.clock.now() });
      await tx.execute(sql`UPDATE spot_orders SET status = 'cancelled', cancelled_at = now() WHERE id = ${placed.id}`);
    });
    await holding;
    const ticking = tick(server, { [BTC]: "61100" });
    const waiting = async () => (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"))[0].n;
    for (let i = 0; i < 200 && (await waiting()) < 1; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await waiting()).toBe(1);
    release();
    await cancelling;
    await ticking;
    expect(await order(u.token, placed.id)).toMatchObject({ status: "cancelled", triggered_tick: null, filled_price: null });
    expect(await balance(u.id, "USDT")).toEqual({ available: "1000", frozen: "0" });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0", frozen: "0" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("the trigger first: a cancel after it finds the order filled and refuses", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const placed = (await trade(u.token, { stop_price: "61000" })).body.message;
    await tick(server, { [BTC]: "61100" });
    const res = await server.call("POST", "coin/cancel", { id: placed.id }, { token: u.token });
    expect(res.body.code).toBe("ORDER_NOT_CANCELLABLE");
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });
});
