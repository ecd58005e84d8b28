import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpotOrder } from "../../contract/spot";
import { ledger, ledgerReads, money } from "../ledger";
import { createTestServer, testDatabaseKind, type TestServer } from "../testing/harness";
import { balanceOf, listedOrder, spotUser } from "../testing/spot";
import { leadTheFeed, tick } from "../testing/ticks";

/**
 * Spot trailing stops and OCO pairs (CONTRACT wave 4) through HTTP, on PGlite and PostgreSQL: a trailing stop follows
 * the best executable price since placement (its level live as `trigger_price`), triggers at market when the price
 * comes back its rate, and survives a new leader; an OCO's legs share one hold, one filling or triggering cancels the
 * other in the same transaction, a cancel of either cancels both; refusals write nothing; a cancel racing the
 * trigger settles once. BTC/USDT: spread 0.04 %, two decimals; at 60000 the bid is 59988.00, the ask 60012.00.
 */

let server: TestServer;
const BTC = "BTC/USDT";
type Oco = { oco_id: number; orders: SpotOrder[] };

const user = (usdt?: string, btc?: string) => spotUser(server, usdt, btc);

const trail = (token: string, input: Record<string, unknown>) =>
  server.call<SpotOrder>("POST", "coin/trade", { symbol: BTC, side: "sell", type: "trailing_stop", quantity: "0.01", trailing_rate: "0.01", ...input }, { token });
const oco = (token: string, input: Record<string, unknown>) =>
  server.call<Oco>("POST", "coin/oco", { symbol: BTC, side: "sell", quantity: "0.01", price: "62000", stop_price: "58000", ...input }, { token });

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

describe("trailing stop", () => {
  it("a sell starts at the bid, follows it up only, and fills at the bid of the first tick at its level, naming it", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    const res = await trail(u.token, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const placed = res.body.message;
    // 59988.00 x 0.99 = 59388.12
    expect(placed).toMatchObject({ status: "waiting", type: "trailing_stop", trailing_rate: "0.01", trigger_price: "59388.12", held: "0.01", stop_price: null, price: null });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.99", frozen: "0.01" });
    expect((await server.call<{ list: SpotOrder[] }>("GET", "coin/list", { status: "open" }, { token: u.token })).body.message.list.map((o) => o.id)).toContain(placed.id);
    // Up to 61000 (bid 60987.80 -> 60987.80 x 0.99 = 60377.92): the level moves up.
    await tick(server, { [BTC]: "61000" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "waiting", trigger_price: "60377.92" });
    // Down to 60500 (bid 60487.90): above the level, which stays where it was.
    await tick(server, { [BTC]: "60500" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "waiting", trigger_price: "60377.92" });
    // 60390 -> bid 60377.92 exactly at the level: triggers and fills at that bid.
    const atMs = await tick(server, { [BTC]: "60390" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "filled", filled_price: "60377.92", triggered_tick: { price: "60390", at_ms: atMs }, tick: { price: "60390", at_ms: atMs }, trigger_price: null });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.99", frozen: "0" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("a buy follows the ask down, holds for its worst allowed fill, fills at the ask through a gap and gives the rest back", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const placed = (await trail(u.token, { side: "buy", trailing_rate: "0.02" })).body.message;
    // 60012.00 x 1.02 = 61212.24; held 0.01 x 64272.86 (+ 5 %, rounded up) + the 0.1 % fee.
    expect(placed).toMatchObject({ status: "waiting", trigger_price: "61212.24", held: "643.3713286" });
    await tick(server, { [BTC]: "59000" });
    // ask 59011.80 x 1.02 = 60192.036 -> 60192.04
    expect(await order(u.token, placed.id)).toMatchObject({ status: "waiting", trigger_price: "60192.04" });
    await tick(server, { [BTC]: "61000" });
    const filled = await order(u.token, placed.id);
    expect(filled).toMatchObject({ status: "filled", filled_price: "61012.20" });
    const amount = money("0.01").times("61012.20");
    expect(await balance(u.id, "USDT")).toEqual({ available: money(1000).minus(amount).minus(amount.times("0.001").toDecimalPlaces(8, 1)).toFixed(), frozen: "0" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("its extreme survives a new leader (kept in the database), and a tick older than the placement moves nothing", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    const placed = (await trail(u.token, {})).body.message;
    const placedAt = server.clock.now().getTime();
    // A late tick from before the placement, far below the level: stale, it neither triggers nor moves anything.
    server.market.apply({
      atMs: placedAt - 500,
      leader: "test",
      ticks: [{ symbol: BTC, price: "50000", quantity: "0", atMs: placedAt - 500, source: "sim" }],
      tickers: [],
      candles: [],
      quotes: [],
      venues: [],
    });
    await server.engines.triggers.drain();
    expect(await order(u.token, placed.id)).toMatchObject({ status: "waiting", trigger_price: "59388.12" });
    // bid 61987.60 x 0.99 = 61367.724 -> 61367.72
    await tick(server, { [BTC]: "62000" });
    expect(await order(u.token, placed.id)).toMatchObject({ trigger_price: "61367.72" });
    server.engines.triggers.stop();
    server.engines.triggers.start();
    await server.engines.triggers.ensureLoaded();
    // Back from the database at its extreme: 61500 (bid 61487.70) is above the level, 61370 (bid 61357.72) below.
    await tick(server, { [BTC]: "61500" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "waiting", trigger_price: "61367.72" });
    const atMs = await tick(server, { [BTC]: "61370" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "filled", filled_price: "61357.72", triggered_tick: { at_ms: atMs } });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("cancel while waiting releases the hold; it never triggers after", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    const placed = (await trail(u.token, {})).body.message;
    const res = await server.call<SpotOrder>("POST", "coin/cancel", { id: placed.id }, { token: u.token });
    expect(res.body.message).toMatchObject({ status: "cancelled", held: null, trigger_price: null });
    expect(await balance(u.id, "BTC")).toEqual({ available: "1", frozen: "0" });
    await tick(server, { [BTC]: "50000" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "cancelled", triggered_tick: null });
  });

  it.each([
    ["a rate of 0", { trailing_rate: "0" }, "TRAILING_RATE_RANGE"],
    ["a rate of 0.2001", { trailing_rate: "0.2001" }, "TRAILING_RATE_RANGE"],
    ["a rate below 0.001", { trailing_rate: "0.0009" }, "TRAILING_RATE_RANGE"],
    ["no rate", { trailing_rate: "" }, "MISSING_PARAMETER"],
    ["more coins than held", { quantity: "2" }, "INSUFFICIENT_COINS"],
  ])("refuses %s (%j) with %s and writes nothing", async (_name, input, code) => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    const [{ n: before }] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries");
    const res = await trail(u.token, input);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe(code);
    const [{ n: after }] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries");
    expect(after).toBe(before);
  });

  it("accepts both ends of the range", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    expect((await trail(u.token, { trailing_rate: "0.001" })).status).toBe(200);
    expect((await trail(u.token, { trailing_rate: "0.2" })).status).toBe(200);
  });
});

describe("OCO", () => {
  it("a sell: both legs on one hold; the take-profit filling cancels the stop in the same transaction", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    const res = await oco(u.token, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { oco_id: ocoId, orders } = res.body.message;
    const [limit, stop] = orders;
    expect(limit).toMatchObject({ id: ocoId, oco_id: ocoId, type: "limit", status: "open", price: "62000.00", held: "0.01" });
    expect(stop).toMatchObject({ oco_id: ocoId, type: "stop_market", status: "waiting", stop_price: "58000.00", trigger_price: "58000.00" });
    // One hold for both legs.
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.99", frozen: "0.01" });
    const open = (await server.call<{ list: SpotOrder[] }>("GET", "coin/list", { status: "open" }, { token: u.token })).body.message.list.map((o) => o.id);
    expect(open).toEqual(expect.arrayContaining([limit.id, stop.id]));
    // 62100 -> bid 62087.58 >= 62000: the limit leg fills at its price, the stop leg is cancelled.
    const atMs = await tick(server, { [BTC]: "62100" });
    expect(await order(u.token, limit.id)).toMatchObject({ status: "filled", filled_price: "62000.00", tick: { at_ms: atMs } });
    expect(await order(u.token, stop.id)).toMatchObject({ status: "cancelled", triggered_tick: null });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.99", frozen: "0" });
    // A later crossing of the stop changes nothing.
    await tick(server, { [BTC]: "57000" });
    expect(await order(u.token, stop.id)).toMatchObject({ status: "cancelled" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("a buy: the stop triggering cancels the limit leg; the stop-limit waits at its price and the hold pays it", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const { orders } = (await oco(u.token, { side: "buy", price: "58000", stop_price: "61000", stop_limit_price: "61500" })).body.message;
    const [limit, stop] = orders;
    // Held for the larger leg: 0.01 x 61500 + the 0.1 % fee.
    expect(limit).toMatchObject({ held: "615.615" });
    expect(stop).toMatchObject({ type: "stop_limit", price: "61500.00", stop_price: "61000.00" });
    expect(await balance(u.id, "USDT")).toEqual({ available: "384.385", frozen: "615.615" });
    // 61600 -> ask 61624.64: the stop triggers; the limit at 61500 waits; the limit leg is cancelled.
    const atMs = await tick(server, { [BTC]: "61600" });
    expect(await order(u.token, stop.id)).toMatchObject({ status: "open", triggered_tick: { price: "61600", at_ms: atMs } });
    expect(await order(u.token, limit.id)).toMatchObject({ status: "cancelled" });
    // The price falls back below 58000: the cancelled leg does not fill; the stop-limit fills at 61500 on the way.
    await tick(server, { [BTC]: "57000" });
    expect(await order(u.token, limit.id)).toMatchObject({ status: "cancelled", filled_price: null });
    expect(await order(u.token, stop.id)).toMatchObject({ status: "filled", filled_price: "61500.00" });
    expect(await balance(u.id, "USDT")).toEqual({ available: "384.385", frozen: "0" });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.01", frozen: "0" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("a cancel of either leg cancels both and releases the one hold once", async () => {
    for (const leg of [0, 1]) {
      await tick(server, { [BTC]: "60000" });
      const u = await user("0", "1");
      const { orders } = (await oco(u.token, {})).body.message;
      const res = await server.call<SpotOrder>("POST", "coin/cancel", { id: orders[leg].id }, { token: u.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toMatchObject({ id: orders[leg].id, status: "cancelled" });
      expect(await order(u.token, orders[1 - leg].id)).toMatchObject({ status: "cancelled" });
      expect(await balance(u.id, "BTC")).toEqual({ available: "1", frozen: "0" });
      expect((await server.call("POST", "coin/cancel", { id: orders[1 - leg].id }, { token: u.token })).body.code).toBe("ORDER_NOT_CANCELLABLE");
    }
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("a retry of its idempotency key answers the first pair and holds nothing twice", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    const first = (await oco(u.token, { idempotency_key: "oco-retry-1" })).body.message;
    const again = await oco(u.token, { idempotency_key: "oco-retry-1" });
    expect(again.body.message.oco_id).toBe(first.oco_id);
    expect(again.body.message.orders.map((o) => o.id)).toEqual(first.orders.map((o) => o.id));
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.99", frozen: "0.01" });
  });

  // At 60000: last 60000, bid 59988.00, ask 60012.00.
  it.each([
    ["a sell whose limit is at its stop", { price: "58000", stop_price: "58000" }, "OCO_SELL_LIMIT_NOT_ABOVE_STOP"],
    ["a sell whose limit is below its stop", { price: "57000", stop_price: "58000" }, "OCO_SELL_LIMIT_NOT_ABOVE_STOP"],
    ["a buy whose limit is above its stop", { side: "buy", price: "62000", stop_price: "61000" }, "OCO_BUY_LIMIT_NOT_BELOW_STOP"],
    ["a sell whose stop is above the bid (wrong side)", { price: "62000", stop_price: "60000" }, "STOP_SELL_NOT_BELOW_BID"],
    ["a buy whose stop is below the ask (wrong side)", { side: "buy", price: "58000", stop_price: "59000" }, "STOP_BUY_NOT_ABOVE_ASK"],
    ["a sell whose limit is below the price", { price: "59990", stop_price: "58000" }, "LIMIT_SELL_BELOW_PRICE"],
    ["a stop price with too many decimals", { stop_price: "58000.001" }, "PRICE_PRECISION"],
    ["a stop-limit price of zero", { stop_limit_price: "0" }, "PRICE_NOT_POSITIVE"],
    ["more coins than held", { quantity: "2" }, "INSUFFICIENT_COINS"],
  ])("refuses %s (%j) with %s and writes nothing", async (_name, input, code) => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000", "1");
    const [{ n: before }] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries");
    const res = await oco(u.token, input);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe(code);
    const [{ n: after }] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries");
    expect(after).toBe(before);
    const [{ n: rows }] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM spot_orders WHERE user_id = $1", [u.id]);
    expect(rows).toBe(0);
  });
});

describe("a cancel racing the trigger settles once", () => {
  /** Holds the rows (as a cancel does, locked and not yet committed) while a crossing tick arrives, then cancels. */
  async function race(userId: number, ids: number[], crossing: Record<string, string>) {
    const [{ hold_id: holdId }] = await server.database.query<{ hold_id: number }>("SELECT hold_id FROM spot_orders WHERE id = $1", [ids[0]]);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked = () => undefined as void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const cancelling = server.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM spot_orders WHERE id = ANY (${`{${ids.join(",")}}`}::bigint[]) ORDER BY id FOR UPDATE`);
      locked();
      await gate;
      await ledger.release(tx, { holdId: Number(holdId), key: `spot:${ids[0]}:release`, kind: "spot.release", at: server.clock.now() });
      await tx.execute(sql`UPDATE spot_orders SET status = 'cancelled', cancelled_at = now() WHERE id = ANY (${`{${ids.join(",")}}`}::bigint[])`);
    });
    await holding;
    const ticking = tick(server, crossing);
    if (testDatabaseKind() === "postgres") {
      // The trigger's transaction waits on the cancel's row lock.
      const waiting = async () => (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"))[0].n;
      for (let i = 0; i < 200 && (await waiting()) < 1; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await waiting()).toBe(1);
    } else {
      // PGlite runs one transaction at a time: the trigger's waits behind the cancel's.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    release();
    await cancelling;
    await ticking;
    void userId;
  }

  it("a trailing stop: the trigger leaves the cancelled order alone", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    const placed = (await trail(u.token, {})).body.message;
    await race(u.id, [placed.id], { [BTC]: "50000" });
    expect(await order(u.token, placed.id)).toMatchObject({ status: "cancelled", triggered_tick: null, filled_price: null });
    expect(await balance(u.id, "BTC")).toEqual({ available: "1", frozen: "0" });
    expect(await balance(u.id, "USDT")).toEqual({ available: "0", frozen: "0" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("an OCO: neither leg fills after both were cancelled", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    const { orders } = (await oco(u.token, {})).body.message;
    await race(u.id, orders.map((o) => o.id), { [BTC]: "57000" });
    for (const leg of orders) expect(await order(u.token, leg.id)).toMatchObject({ status: "cancelled", filled_price: null, triggered_tick: null });
    expect(await balance(u.id, "BTC")).toEqual({ available: "1", frozen: "0" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("the trigger first: a cancel after it finds the order filled and refuses", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "1");
    const { orders } = (await oco(u.token, {})).body.message;
    await tick(server, { [BTC]: "57000" });
    expect((await server.call("POST", "coin/cancel", { id: orders[1].id }, { token: u.token })).body.code).toBe("ORDER_NOT_CANCELLABLE");
    expect((await server.call("POST", "coin/cancel", { id: orders[0].id }, { token: u.token })).body.code).toBe("ORDER_NOT_CANCELLABLE");
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });
});
