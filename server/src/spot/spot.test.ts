import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Holding, SpotOrder, SpotTicket } from "../../contract/spot";
import { ledgerReads, money } from "../ledger";
import { quoteAround } from "../market";
import { createTestServer, type TestServer } from "../testing/harness";
import { credit } from "../testing/money";
import { leadTheFeed, tick } from "../testing/ticks";

/**
 * The spot domain through its HTTP calls (PGlite, and PostgreSQL when the project runs it): every fill at the quote
 * around a recorded tick, every money move a ledger posting, limit orders filled by the trigger runner at the first
 * crossing tick, refusals that write nothing.
 */

let server: TestServer;
const BTC = "BTC/USDT";
// BTC/USDT: spread 0.04 %, two decimals. Around 60000 the bid is 59988.00 and the ask 60012.00.
const q = (last: string) => quoteAround(last, "0.0004", 2);
const pushed: Array<{ userId: number; channel: string; data: SpotOrder }> = [];

async function user(usdt = "10000", btc?: string) {
  const u = await server.newUser();
  if (usdt !== "0") await credit(server, u.id, usdt);
  if (btc) await credit(server, u.id, btc, "BTC");
  return u;
}

const trade = (token: string, input: Record<string, unknown>) =>
  server.call<SpotOrder>("POST", "coin/trade", { symbol: BTC, side: "buy", type: "market", quantity: "0.01", ...input }, { token });

async function balance(userId: number, currency: string) {
  const found = (await ledgerReads.balances(server.database.db, userId)).find((b) => b.currency === currency);
  return { available: money(found?.available ?? 0).toFixed(), frozen: money(found?.frozen ?? 0).toFixed() };
}

async function orders(token: string, status?: "open" | "done") {
  const res = await server.call<{ list: SpotOrder[]; total: number }>("GET", "coin/list", status ? { status } : {}, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

async function sound() {
  expect(await ledgerReads.verify(server.database.db)).toEqual([]);
}

async function entryCount() {
  const [{ n }] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries");
  return n;
}

beforeAll(async () => {
  server = await createTestServer();
  server.ctx.bus.subscribe("realtime.user", (m) => {
    const message = m as { userId: number; channel: string; data: SpotOrder };
    if (message.channel === "orders") pushed.push(message);
  });
  await leadTheFeed(server);
  await tick(server, { [BTC]: "60000" });
});
afterAll(async () => {
  await server?.close();
});

describe("coin/ticket", () => {
  it("shows the quote around the last tick, the fee rate (0.1 % by default), steps and the user's balances", async () => {
    const u = await user("1234.5");
    const res = await server.call<SpotTicket>("GET", "coin/ticket", { symbol: "btc_usdt" }, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatchObject({ symbol: BTC, base: "BTC", quote: "USDT", bid: q("60000").bid, ask: q("60000").ask, last: "60000.00", fee_rate: "0.001", quantity_step: "0.0001", trading: true, quote_available: "1234.5", base_available: "0" });
  });
});

describe("market orders", () => {
  it("a buy fills at once at the ask of the last tick, naming it; pays amount + fee in USDT and credits BTC", async () => {
    await tick(server, { [BTC]: "60000" });
    const atMs = server.clock.now().getTime();
    const u = await user("1000");
    const res = await trade(u.token, { quantity: "0.01" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const o = res.body.message;
    expect(o).toMatchObject({ side: "buy", type: "market", status: "filled", price: null, filled_price: "60012.00", amount: "600.12", fee: "0.60012", fee_currency: "USDT", tick: { price: "60000", at_ms: atMs }, quantity: "0.01" });
    expect(o.filled_at).toBe(o.created_at);
    expect(await balance(u.id, "USDT")).toEqual({ available: "399.27988", frozen: "0" });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.01", frozen: "0" });
    expect(pushed.some((p) => p.userId === u.id && p.data.id === o.id && p.data.status === "filled")).toBe(true);
    // The finance records explain it: one entry of kind spot.buy, caused by the order.
    const lines = await ledgerReads.entries(server.database.db, u.id, { page: 1, limit: 10 });
    expect(lines.list.filter((l) => l.kind === "spot.buy").map((l) => [l.currency, l.change, l.cause_id]).sort()).toEqual([
      ["BTC", "0.01", String(o.id)],
      ["USDT", "-600.72012", String(o.id)],
    ]);
    await sound();
  });

  it("a sell fills at the bid and credits amount - fee", async () => {
    const u = await user("0", "0.5");
    const res = await trade(u.token, { side: "sell", quantity: "0.25" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 0.25 x 59988.00 = 14997; fee 14.997.
    expect(res.body.message).toMatchObject({ status: "filled", filled_price: q("60000").bid, amount: "14997", fee: "14.997" });
    expect(await balance(u.id, "USDT")).toEqual({ available: "14982.003", frozen: "0" });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.25", frozen: "0" });
    await sound();
  });

  it("a retry with the same idempotency key returns the first order and moves nothing", async () => {
    const u = await user("1000");
    const first = await trade(u.token, { idempotency_key: "spot-key-0001" });
    const second = await trade(u.token, { idempotency_key: "spot-key-0001" });
    expect(second.status).toBe(200);
    expect(second.body.message.id).toBe(first.body.message.id);
    expect((await orders(u.token)).total).toBe(1);
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.01", frozen: "0" });
  });

  it("orders sent together are placed together: twins of one key place one order, a member that cannot pay is refused alone", async () => {
    const u = await user("2000");
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => trade(u.token, { idempotency_key: "spot-twin-0001" })),
      trade(u.token, { side: "sell", quantity: "0.5" }),
      trade(u.token, { type: "limit", price: "50000" }),
      trade(u.token, {}),
    ]);
    const twins = answers.slice(0, 5);
    expect(twins.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(twins.map((a) => a.body.message.id)).size).toBe(1);
    expect(answers[5].status).toBe(400);
    expect(answers[5].body.code).toBe("INSUFFICIENT_COINS");
    expect(answers[6].body.message).toMatchObject({ status: "open", type: "limit" });
    expect(answers[7].body.message).toMatchObject({ status: "filled" });
    expect((await orders(u.token)).total).toBe(3);
    // Two market buys of 0.01 BTC; the limit buy holds 0.01 x 50000 + its fee.
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.02", frozen: "0" });
    expect((await balance(u.id, "USDT")).frozen).toBe("500.5");
    await sound();
  });
});

describe("refusals write nothing", () => {
  const cases: Array<{ name: string; input: Record<string, unknown>; status: number; code: string; usdt?: string; btc?: string }> = [
    { name: "a quantity off the step", input: { quantity: "0.00015" }, status: 400, code: "QUANTITY_STEP" },
    { name: "a quantity above the maximum", input: { quantity: "101" }, status: 400, code: "ORDER_ABOVE_MAX" },
    { name: "a zero quantity", input: { quantity: "0" }, status: 400, code: "QUANTITY_NOT_POSITIVE" },
    { name: "a limit sell below the current price", input: { side: "sell", type: "limit", price: "59999.99" }, status: 400, code: "LIMIT_SELL_BELOW_PRICE", btc: "1" },
    { name: "a limit buy above the current price", input: { type: "limit", price: "60000.01" }, status: 400, code: "LIMIT_BUY_ABOVE_PRICE" },
    { name: "a limit order without a price", input: { type: "limit" }, status: 400, code: "MISSING_PARAMETER" },
    { name: "a price with more decimals than the pair", input: { type: "limit", price: "59000.001" }, status: 400, code: "PRICE_PRECISION" },
    { name: "a forex pair (leveraged only)", input: { symbol: "EUR/USD" }, status: 404, code: "PAIR_NOT_FOUND" },
    { name: "an unknown pair", input: { symbol: "XYZ/USDT" }, status: 404, code: "PAIR_NOT_FOUND" },
    { name: "a buy beyond the USDT balance", input: { quantity: "1" }, status: 400, code: "INSUFFICIENT_BALANCE", usdt: "100" },
    { name: "a limit buy whose hold (amount + fee) does not fit", input: { type: "limit", price: "10000", quantity: "0.01" }, status: 400, code: "INSUFFICIENT_BALANCE", usdt: "100.09" },
    { name: "a sell of coins the user does not have", input: { side: "sell", quantity: "0.01" }, status: 400, code: "INSUFFICIENT_COINS" },
  ];
  it.each(cases)("$name -> $code", async ({ input, status, code, usdt, btc }) => {
    await tick(server, { [BTC]: "60000" });
    const u = await user(usdt ?? "1000", btc);
    const before = await entryCount();
    const res = await trade(u.token, input);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.code).toBe(code);
    // A field-level refusal names the field with the code's own message key (the form shows it under the input).
    for (const key of Object.values(res.body.fields ?? {})) expect(key).toBe(res.body.message);
    expect(await entryCount()).toBe(before);
    expect((await orders(u.token)).total).toBe(0);
  });

  it("a pair switched off refuses (PAIR_NOT_ACTIVE)", async () => {
    const u = await user("1000");
    await server.database.query("UPDATE market_pairs SET trading = false WHERE symbol = $1", [BTC]);
    await server.market.pairs.reload();
    try {
      const res = await trade(u.token, {});
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("PAIR_NOT_ACTIVE");
    } finally {
      await server.database.query("UPDATE market_pairs SET trading = true WHERE symbol = $1", [BTC]);
      await server.market.pairs.reload();
    }
  });

  it("a stale feed refuses (TRADING_CLOSED)", async () => {
    const u = await user("1000");
    server.clock.advance(10 * 60_000);
    const res = await trade(u.token, {});
    expect(res.body.code).toBe("TRADING_CLOSED");
    await tick(server, { [BTC]: "60000" });
  });
});

describe("limit orders", () => {
  it("a buy holds amount + fee, ignores ticks whose ask stays above its price, and fills at its price on the first tick that crosses", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const res = await trade(u.token, { type: "limit", price: "59000", quantity: "0.01" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const placed = res.body.message;
    expect(placed).toMatchObject({ status: "open", price: "59000.00", held: "590.59", tick: null, filled_price: null, amount: null });
    expect(await balance(u.id, "USDT")).toEqual({ available: "409.41", frozen: "590.59" });

    // 58990: ask 59001.80, one tick above the limit: nothing.
    expect(q("58990").ask).toBe("59001.80");
    await tick(server, { [BTC]: "58990" });
    expect((await orders(u.token, "open")).list.map((o) => o.id)).toEqual([placed.id]);
    // 58980: ask 58991.80 <= 59000: fills AT 59000 (never worse than its price), naming this tick.
    const atMs = await tick(server, { [BTC]: "58980" });
    const [filled] = (await orders(u.token, "done")).list;
    expect(filled).toMatchObject({ id: placed.id, status: "filled", filled_price: "59000.00", amount: "590", fee: "0.59", tick: { price: "58980", at_ms: atMs }, held: null });
    expect(await balance(u.id, "USDT")).toEqual({ available: "409.41", frozen: "0" });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.01", frozen: "0" });
    expect(pushed.some((p) => p.userId === u.id && p.data.id === placed.id && p.data.status === "filled")).toBe(true);
    // The notice reached the inbox, in the user's language, naming the tick.
    const [notice] = await server.database.query<{ title: string; body: string }>("SELECT title, body FROM user_messages WHERE user_id = $1 ORDER BY id DESC LIMIT 1", [u.id]);
    expect(notice.title).toBe("Spot buy order filled");
    expect(notice.body).toContain("0.01 BTC at 59,000.00 filled (tick 58,980.00");
    // A later tick moves nothing more.
    await tick(server, { [BTC]: "50000" });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0.01", frozen: "0" });
    await sound();
  });

  it("a sell holds the coins and fills at its price when the bid reaches it, even through a gap", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "0.02");
    const res = await trade(u.token, { side: "sell", type: "limit", price: "61000", quantity: "0.02" });
    expect(res.body.message).toMatchObject({ status: "open", held: "0.02" });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0", frozen: "0.02" });
    const atMs = await tick(server, { [BTC]: "65000" });
    const [filled] = (await orders(u.token, "done")).list;
    // 0.02 x 61000 = 1220, fee 1.22: at its price, not at the gapped bid.
    expect(filled).toMatchObject({ status: "filled", filled_price: "61000.00", amount: "1220", fee: "1.22", tick: { price: "65000", at_ms: atMs } });
    expect(await balance(u.id, "USDT")).toEqual({ available: "1218.78", frozen: "0" });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0", frozen: "0" });
    await sound();
  });

  it("a sell exactly at the limit: the bid equal to its price fills it", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("0", "0.01");
    await trade(u.token, { side: "sell", type: "limit", price: "60500", quantity: "0.01" });
    // last 60512.10: bid = 60512.10 - 12.10242 = 60499.99758 -> 60499.99 (rounded down): not yet.
    expect(q("60512.10").bid).toBe("60499.99");
    await tick(server, { [BTC]: "60512.10" });
    expect((await orders(u.token, "open")).total).toBe(1);
    const bidAt = "60512.11"; // bid 60500.00 exactly
    expect(q(bidAt).bid).toBe("60500.00");
    await tick(server, { [BTC]: bidAt });
    expect((await orders(u.token, "done")).list[0]).toMatchObject({ status: "filled", filled_price: "60500.00", tick: { price: bidAt } });
  });

  it("cancel releases the hold; a cancelled order never fills; it cannot be cancelled twice, nor by another user", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const other = await user("10");
    const placed = (await trade(u.token, { type: "limit", price: "55000", quantity: "0.01" })).body.message;
    expect(await balance(u.id, "USDT")).toEqual({ available: "449.45", frozen: "550.55" });
    const foreign = await server.call("POST", "coin/cancel", { id: placed.id }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("TRADE_NOT_FOUND");
    const res = await server.call<SpotOrder>("POST", "coin/cancel", { id: placed.id }, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatchObject({ status: "cancelled", tick: null, held: null });
    expect(await balance(u.id, "USDT")).toEqual({ available: "1000", frozen: "0" });
    const again = await server.call("POST", "coin/cancel", { id: placed.id }, { token: u.token });
    expect(again.body.code).toBe("ORDER_NOT_CANCELLABLE");
    await tick(server, { [BTC]: "50000" });
    expect(await balance(u.id, "BTC")).toEqual({ available: "0", frozen: "0" });
    const market = (await trade(u.token, {})).body.message;
    const filledCancel = await server.call("POST", "coin/cancel", { id: market.id }, { token: u.token });
    expect(filledCancel.body.code).toBe("ORDER_NOT_CANCELLABLE");
    await sound();
  });

  it("open orders survive a new leader: the book reloads them from the database", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const placed = (await trade(u.token, { type: "limit", price: "58000", quantity: "0.01" })).body.message;
    server.engines.triggers.stop();
    server.engines.triggers.start();
    await server.engines.triggers.ensureLoaded();
    await tick(server, { [BTC]: "57000" });
    expect((await orders(u.token, "done")).list[0]).toMatchObject({ id: placed.id, status: "filled", filled_price: "58000.00" });
  });
});

describe("coin/list and coin/account", () => {
  it("lists open and done orders newest first, and values holdings with their average cost", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("10000");
    await trade(u.token, { quantity: "0.05" }); // at 60012.00: 3000.6 + 3.0006
    await tick(server, { [BTC]: "62000" });
    await trade(u.token, { quantity: "0.05" }); // at 62012.40: 3100.62 + 3.10062
    const limit = (await trade(u.token, { side: "sell", type: "limit", price: "70000", quantity: "0.02" })).body.message;
    expect((await orders(u.token, "open")).list.map((o) => o.id)).toEqual([limit.id]);
    expect((await orders(u.token, "done")).total).toBe(2);
    expect((await orders(u.token)).total).toBe(3);
    const res = await server.call<{ holdings: Holding[]; total_usdt: string }>("GET", "coin/account", {}, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const btc = res.body.message.holdings.find((h) => h.currency === "BTC")!;
    expect(btc).toMatchObject({ balance: "0.1", available: "0.08", frozen: "0.02", price: "62000", value_usdt: "6200", symbol: BTC, price_precision: 2 });
    // (3000.6 + 3.0006 + 3100.62 + 3.10062) / 0.1
    expect(btc.average_cost).toBe("61073.2122");
    const usdt = res.body.message.holdings.find((h) => h.currency === "USDT")!;
    expect(usdt.value_usdt).toBe(usdt.balance);
    expect(usdt.price_precision).toBeNull();
    expect(res.body.message.total_usdt).toBe(money(usdt.balance).plus(6200).toFixed());
  });
});

describe("back office", () => {
  it("lists every user's orders (read only) and the desk's accounts; fee rates are the admin's, audited, and apply to new orders", async () => {
    const admin = await server.newOperator("admin");
    const support = await server.newOperator("support");
    const list = await server.call<{ list: Array<SpotOrder & { account: string }>; accounts: Array<{ platform: string }> }>("GET", "backoffice/spot/orders", { symbol: BTC }, { token: support.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.message.list.length).toBeGreaterThan(0);
    expect(list.body.message.accounts.every((a) => a.platform === "spot")).toBe(true);

    const refused = await server.call("POST", "backoffice/spot/config/save", { fee_rate: "0.002", pairs: {} }, { token: support.token });
    expect(refused.status).toBe(403);
    const bad = await server.call("POST", "backoffice/spot/config/save", { fee_rate: "0.6", pairs: {} }, { token: admin.token });
    expect(bad.status).toBe(400);
    const saved = await server.call<{ pending: { effective_at: number } | null }>("POST", "backoffice/spot/config/save", { fee_rate: "0.001", pairs: { [BTC]: "0.002" } }, { token: admin.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A higher rate waits for the notice period (terms/term-changes.ts): the leader's job applies it at its time.
    expect(saved.body.message.pending).toBeTruthy();
    server.clock.set(saved.body.message.pending!.effective_at * 1000);
    await server.engines.jobs.runOnce();
    // A day later the operator's 12 h session has ended: sign in again.
    const later = await server.newOperator("admin");
    const [auditRow] = await server.database.query<{ action: string }>("SELECT action FROM audit_log WHERE action = 'spot.config' ORDER BY id DESC LIMIT 1");
    expect(auditRow.action).toBe("spot.config");

    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    expect((await trade(u.token, { quantity: "0.01" })).body.message).toMatchObject({ fee_rate: "0.002", fee: "1.20024" });
    // Lower again: applies at once.
    expect((await server.call("POST", "backoffice/spot/config/save", { fee_rate: "0.001", pairs: {} }, { token: later.token })).body.message).toMatchObject({ pairs: {}, pending: null });
  });
});
