import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errors } from "../../contract";
import type { Position } from "../../contract/positions";
import { ledgerReads } from "../ledger";
import { quoteAround } from "../market";
import { createTestServer, testDatabaseKind, type TestServer } from "../testing/harness";
import { credit, walletOf } from "../testing/money";
import { leadTheFeed, tick } from "../testing/ticks";

/**
 * Stop entry orders and trailing stop-losses of contracts (CONTRACT "Wave 4: conditional orders") through HTTP, the
 * trigger runner and the database: fills on the first fresh tick that crosses (named), cancels, refusals that change
 * nothing, a trail that moves only in the position's favour and survives a new leader, and a user's cancel racing the
 * trigger settling once. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (where the race is real).
 */

let server: TestServer;
const BTC = "BTC/USDT";
// BTC/USDT's spread is 0.04 %: around 60000 the bid is 59988.00 and the ask 60012.00.
const q = (last: string) => quoteAround(last, "0.0004", 2);

async function user(balance = "10000") {
  const u = await server.newUser();
  await credit(server, u.id, balance);
  return u;
}

const submit = (token: string, input: Record<string, unknown>) =>
  server.call<Position>("POST", "lever/submit", { symbol: BTC, direction: "long", type: "stop", quantity: "0.1", leverage: 10, ...input }, { token });
const setStop = (token: string, input: Record<string, unknown>) => server.call<Position>("POST", "lever/setstop", input, { token });

async function positionOf(token: string, id: number): Promise<Position> {
  for (const status of ["pending", "open", "closed"] as const) {
    const res = await server.call<{ list: Position[] }>("POST", "lever/my_trade", { status, limit: 100 }, { token });
    const found = res.body.message.list.find((p) => p.id === id);
    if (found) return found;
  }
  const [row] = await server.database.query<{ status: string }>("SELECT status FROM positions WHERE id = $1", [id]);
  return { id, status: row.status } as Position;
}

/** A tick recorded with its own time `ageMs` before the clock's next second (a late burst of old prices). */
async function oldTick(symbol: string, price: string, ageMs: number): Promise<void> {
  server.clock.advance(1_000);
  const atMs = server.clock.now().getTime() - ageMs;
  server.market.apply({ atMs, leader: "test", ticks: [{ symbol, price, quantity: "0", atMs, source: "sim" }], tickers: [], candles: [], quotes: [], venues: [] });
  await server.engines.triggers.drain();
}

beforeAll(async () => {
  server = await createTestServer();
  await leadTheFeed(server);
  // Every trail write at once (the runner's default is once a second of tick time).
  server.engines.triggers.trailFlushMs = 0;
  await tick(server, { [BTC]: "60000" });
});
afterAll(async () => {
  await server?.close();
});

describe("stop entry orders", () => {
  it("a long stop waits holding margin and fee at its stop, ignores a stale tick, and opens at the ask of the first fresh tick at its stop, naming it", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const res = await submit(u.token, { stop_price: "61000", sl_price: "59000" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const placed = res.body.message;
    // Margin at the stop: 0.1 x 61000 / 10 = 610; fee 0.05 % of 6100 = 3.05 (held too).
    expect(placed).toMatchObject({ status: "pending", type: "stop", stop_price: "61000.00", price: null, margin: "610", open_fee: "3.05", sl_price: "59000.00", open_tick: null });
    expect(await walletOf(server, u.token)).toMatchObject({ available: "9386.95", frozen: "613.05" });
    // The ask one cent under the stop does not trigger it; a stale tick beyond it neither.
    await tick(server, { [BTC]: "60987.79" }); // ask 60999.99
    await oldTick(BTC, "62000", 60_000);
    expect((await positionOf(u.token, placed.id)).status).toBe("pending");
    // The tick whose ask is exactly the stop: 60987.80 -> ask 61000.00.
    const atMs = await tick(server, { [BTC]: "60987.80" });
    expect(q("60987.80").ask).toBe("61000.00");
    const opened = await positionOf(u.token, placed.id);
    expect(opened).toMatchObject({ status: "open", open_price: "61000.00", open_tick: { price: "60987.8", at_ms: atMs }, margin: "610", open_fee: "3.05" });
    expect(await walletOf(server, u.token)).toMatchObject({ available: "9386.95", frozen: "610" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("a short stop gapped through opens at the gapped bid; its margin and fee stay those held at the stop", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const placed = (await submit(u.token, { direction: "short", stop_price: "59000" })).body.message;
    expect(placed).toMatchObject({ status: "pending", margin: "590", open_fee: "2.95" });
    const atMs = await tick(server, { [BTC]: "58000" });
    expect(await positionOf(u.token, placed.id)).toMatchObject({ status: "open", open_price: q("58000").bid, open_tick: { price: "58000", at_ms: atMs }, margin: "590", open_fee: "2.95" });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("cancel while pending returns margin and fee; it never opens after", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const placed = (await submit(u.token, { stop_price: "61000" })).body.message;
    const res = await server.call<Position>("POST", "lever/cancel", { id: placed.id }, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message.status).toBe("cancelled");
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1000", frozen: "0" });
    await tick(server, { [BTC]: "62000" });
    expect((await positionOf(u.token, placed.id)).status).toBe("cancelled");
  });

  it("survives a new leader and opens on the first fresh tick after it", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const placed = (await submit(u.token, { stop_price: "61000" })).body.message;
    server.engines.triggers.stop();
    server.engines.triggers.start();
    await server.engines.triggers.ensureLoaded();
    expect((await positionOf(u.token, placed.id)).status).toBe("pending");
    const atMs = await tick(server, { [BTC]: "61100" });
    expect(await positionOf(u.token, placed.id)).toMatchObject({ status: "open", open_tick: { at_ms: atMs } });
  });

  it.each([
    ["a long's stop at the ask", { stop_price: "60012.00" }, errors.LONG_STOP_NOT_ABOVE_ASK.key, "stop_price"],
    ["a long's stop below the ask", { stop_price: "59000" }, errors.LONG_STOP_NOT_ABOVE_ASK.key, "stop_price"],
    ["a short's stop at the bid", { direction: "short", stop_price: "59988.00" }, errors.SHORT_STOP_NOT_BELOW_BID.key, "stop_price"],
    ["a short's stop above the bid", { direction: "short", stop_price: "61000" }, errors.SHORT_STOP_NOT_BELOW_BID.key, "stop_price"],
    ["no stop price", {}, errors.MISSING_PARAMETER.key, "stop_price"],
    ["a zero stop", { stop_price: "0" }, errors.PRICE_NOT_POSITIVE.key, "stop_price"],
    ["a stop finer than the pair's precision", { stop_price: "61000.001" }, errors.PRICE_PRECISION.key, "stop_price"],
    ["a stop-loss above the stop", { stop_price: "61000", sl_price: "61500" }, errors.LONG_SL_TOO_HIGH.key, "sl_price"],
  ])("refuses %s with a translated message and changes nothing", async (_name, input, message, field) => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const res = await submit(u.token, input);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(JSON.stringify(res.body)).toContain(field);
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1000", frozen: "0" });
    const [{ n }] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM positions WHERE user_id = $1", [u.id]);
    expect(n).toBe(0);
  });
});

describe("trailing stop-loss", () => {
  it("starts at the bid, moves only up with the highest bid, is returned and kept, and closes at the first bid at its level", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const opened = (await submit(u.token, { type: "market" })).body.message;
    const set = await setStop(u.token, { id: opened.id, sl_trail_rate: "0.01" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // The bid 59988.00 x 0.99 = 59388.12.
    expect(set.body.message).toMatchObject({ sl_trail_rate: "0.01", sl_price: "59388.12" });
    await tick(server, { [BTC]: "61000" }); // bid 60987.80 -> 60377.92
    expect((await positionOf(u.token, opened.id)).sl_price).toBe("60377.92");
    await tick(server, { [BTC]: "60800" }); // lower: the level stays
    expect((await positionOf(u.token, opened.id)).sl_price).toBe("60377.92");
    // What a new leader loads is where it had trailed to.
    server.engines.triggers.stop();
    server.engines.triggers.start();
    await server.engines.triggers.ensureLoaded();
    await tick(server, { [BTC]: "60390.01" }); // bid 60377.93: a cent above the level
    expect(await positionOf(u.token, opened.id)).toMatchObject({ status: "open", sl_price: "60377.92" });
    const atMs = await tick(server, { [BTC]: "60390.00" }); // bid 60377.92: exactly at it
    expect(await positionOf(u.token, opened.id)).toMatchObject({ status: "closed", close_reason: "sl", sl_price: "60377.92", close_price: "60377.92", close_tick: { price: "60390", at_ms: atMs } });
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  });

  it("a short's trails the lowest ask; a stop-loss price replaces the trail, an empty rate clears it", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const opened = (await submit(u.token, { type: "market", direction: "short" })).body.message;
    // The ask 60012.00 x 1.05 = 63012.60.
    expect((await setStop(u.token, { id: opened.id, sl_trail_rate: "0.05" })).body.message).toMatchObject({ sl_trail_rate: "0.05", sl_price: "63012.60" });
    await tick(server, { [BTC]: "59000" }); // ask 59011.80 -> 61962.39
    expect((await positionOf(u.token, opened.id)).sl_price).toBe("61962.39");
    await tick(server, { [BTC]: "59500" });
    expect((await positionOf(u.token, opened.id)).sl_price).toBe("61962.39");
    expect((await setStop(u.token, { id: opened.id, sl_price: "62500" })).body.message).toMatchObject({ sl_trail_rate: null, sl_price: "62500.00" });
    expect((await setStop(u.token, { id: opened.id, sl_trail_rate: "0.2" })).body.message.sl_trail_rate).toBe("0.2");
    expect((await setStop(u.token, { id: opened.id, sl_trail_rate: "" })).body.message).toMatchObject({ sl_trail_rate: null, sl_price: null });
  });

  it.each([
    ["a rate of 0", { sl_trail_rate: "0" }, errors.TRAILING_RATE_RANGE.key],
    ["a rate of 0.2001", { sl_trail_rate: "0.2001" }, errors.TRAILING_RATE_RANGE.key],
    ["a rate of 0.0009", { sl_trail_rate: "0.0009" }, errors.TRAILING_RATE_RANGE.key],
    ["a rate beside a stop-loss price", { sl_trail_rate: "0.01", sl_price: "59000" }, errors.SL_PRICE_OR_TRAIL.key],
  ])("refuses %s and changes nothing", async (_name, input, message) => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const opened = (await submit(u.token, { type: "market", sl_price: "58000" })).body.message;
    const res = await setStop(u.token, { id: opened.id, ...input });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await positionOf(u.token, opened.id)).toMatchObject({ sl_price: "58000.00", sl_trail_rate: null });
  });

  it("a pending order cannot trail yet", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const placed = (await submit(u.token, { stop_price: "61000" })).body.message;
    const res = await setStop(u.token, { id: placed.id, sl_trail_rate: "0.01" });
    expect(res.body.message).toBe(errors.TRAIL_NEEDS_OPEN.key);
  });
});

describe(`a user's cancel racing the trigger (${testDatabaseKind()})`, () => {
  it("settles every stop order once: opened (margin kept, fee paid) or cancelled (both released), the answers agreeing", async () => {
    for (let round = 0; round < 2; round++) {
      await tick(server, { [BTC]: "60000" });
      const users: Array<{ id: number; token: string }> = [];
      for (let i = 0; i < 4; i++) users.push(await user("100000"));
      const orders = await Promise.all(
        Array.from({ length: 24 }, (_, i) => submit(users[i % 4].token, { stop_price: (60100 + (i % 7)).toFixed(2), quantity: "0.01" }).then((r) => ({ order: r.body.message, u: users[i % 4] }))),
      );
      expect(orders.every((o) => o.order.status === "pending")).toBe(true);
      const racing = orders.filter((_, i) => i % 2 === 0);
      const [answers] = await Promise.all([
        Promise.all(
          racing.map(async ({ order, u }, i) => {
            await new Promise((resolve) => setTimeout(resolve, i * (round + 1)));
            return server.call<Position>("POST", "lever/cancel", { id: order.id }, { token: u.token });
          }),
        ),
        tick(server, { [BTC]: "61000" }),
      ]);
      await server.engines.triggers.drain();
      const rows = await server.database.query<{ id: string; status: string }>("SELECT id, status FROM positions WHERE id = ANY($1::bigint[])", [orders.map((o) => o.order.id)]);
      const status = new Map(rows.map((r) => [Number(r.id), r.status]));
      for (const [i, { order }] of racing.entries()) {
        if (answers[i].status === 200) expect(status.get(order.id)).toBe("cancelled");
        else {
          expect(answers[i].body.message).toBe(errors.ORDER_NOT_CANCELLABLE.key);
          expect(status.get(order.id)).toBe("open");
        }
      }
      for (const { order } of orders) expect(["open", "cancelled"]).toContain(status.get(order.id));
      // Each user's frozen money is exactly the margins of the opened orders; nothing else is held or lost.
      for (const u of users) {
        const mine = orders.filter((o) => o.u.id === u.id);
        const margins = mine.filter((o) => status.get(o.order.id) === "open").reduce((sum, o) => sum + Number(o.order.margin), 0);
        const fees = mine.filter((o) => status.get(o.order.id) === "open").reduce((sum, o) => sum + Number(o.order.open_fee), 0);
        const wallet = await walletOf(server, u.token);
        expect(Number(wallet.frozen)).toBeCloseTo(margins, 8);
        expect(Number(wallet.available)).toBeCloseTo(100000 - margins - fees, 8);
      }
      expect(await ledgerReads.verify(server.database.db)).toEqual([]);
    }
  }, 180_000);
});
