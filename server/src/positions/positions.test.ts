import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Position } from "../../contract/positions";
import { ledger, ledgerReads, money } from "../ledger";
import { quoteAround } from "../market";
import { positionsConfig } from "./positions.config";
import { createTestServer, testDatabaseKind, type TestServer } from "../testing/harness";
import { credit, walletOf } from "../testing/money";
import { leadTheFeed, tick } from "../testing/ticks";

/**
 * The positions domain through its HTTP calls, on PGlite and PostgreSQL: every money move checked against the
 * ledger, every trigger settled at the tick that crossed it.
 */

let server: TestServer;
const BTC = "BTC/USDT";
const EUR = "EUR/USD";
// BTC/USDT's spread is 0.04 %: around 60000 the bid is 59988.00 and the ask 60012.00.
const q = (last: string, precision = 2, spread = "0.0004") => quoteAround(last, spread, precision);

async function user(balance = "10000") {
  const u = await server.newUser();
  await credit(server, u.id, balance);
  return u;
}

async function submit(token: string, input: Record<string, unknown>) {
  return server.call<Position>("POST", "lever/submit", { symbol: BTC, direction: "long", type: "market", quantity: "0.1", leverage: 10, ...input }, { token });
}

async function positionsOf(token: string, status: "open" | "pending" | "closed" = "open") {
  const res = await server.call<{ list: Position[]; account: Record<string, string | null> }>("POST", "lever/my_trade", { status }, { token });
  expect(res.status).toBe(200);
  return res.body.message;
}

async function sound() {
  expect(await ledgerReads.verify(server.database.db)).toEqual([]);
}

beforeAll(async () => {
  server = await createTestServer();
  await leadTheFeed(server);
  // Forex trades on weekdays: a Wednesday noon, UTC.
  server.clock.set(Date.UTC(2026, 10, 25, 12, 0, 0));
  await tick(server, { [BTC]: "60000", [EUR]: "1.08000" });
});
afterAll(async () => {
  await server?.close();
});

describe("lever/deal", () => {
  it("shows the quote, leverages, steps and the user's available margin", async () => {
    const u = await user("1234.5");
    const res = await server.call<Record<string, unknown>>("POST", "lever/deal", { symbol: "btc_usdt" }, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ symbol: BTC, kind: "crypto", bid: q("60000").bid, ask: q("60000").ask, last: "60000.00", available: "1234.5", session_open: true, bank_card_required: false, trading_hours: null });
    expect(res.body.message.leverages).toContain(10);
    const fx = await server.call<Record<string, unknown>>("POST", "lever/deal", { symbol: EUR }, { token: u.token });
    expect(fx.body.message).toMatchObject({ kind: "forex", max_leverage: 30, bank_card_required: true, bank_card_bound: false });
  });
});

describe("a market long with TP and SL", () => {
  it("holds the margin, pays the fee, opens at the ask on the last tick, and closes at the take-profit tick", async () => {
    const u = await user();
    const opened = await submit(u.token, { tp_price: "61000", sl_price: "59000" });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const p = opened.body.message;
    const ask = q("60000").ask; // 60012.00
    expect(p).toMatchObject({ status: "open", direction: "long", open_price: ask, tp_price: "61000.00", sl_price: "59000.00" });
    expect(p.open_tick).toEqual({ price: "60000", at_ms: expect.any(Number) });
    expect(p.margin).toBe("600.12");
    expect(p.open_fee).toBe("3.0006");
    // margin 600.12 - maintenance 30.006 = 570.114 over 0.1 BTC -> 5701.14 under the open price.
    expect(p.liquidation_price).toBe("54310.86");
    expect(await walletOf(server, u.token)).toMatchObject({ available: "9396.8794", frozen: "600.12" });

    // A tick whose bid is one cent below the TP does not close it...
    expect(q("61012.20").bid).toBe("60999.99");
    await tick(server, { [BTC]: "61012.20" });
    expect((await positionsOf(u.token)).list).toHaveLength(1);
    // ...the tick whose bid reaches it does, at that bid, naming that tick.
    const atMs = await tick(server, { [BTC]: "61020" });
    const bid = q("61020").bid; // 61007.79
    expect(money(bid).gte(61000)).toBe(true);
    const [closed] = (await positionsOf(u.token, "closed")).list;
    expect(closed).toMatchObject({ status: "closed", close_reason: "tp", close_price: bid, close_tick: { price: "61020", at_ms: atMs } });
    // Gross (61007.79 - 60012) x 0.1 = 99.579; close fee 0.0005 x 6100.779 = 3.0503895.
    expect(closed.close_fee).toBe("3.0503895");
    expect(money(closed.payout!).toFixed()).toBe(money("600.12").plus("99.579").minus("3.0503895").toFixed());
    expect(money(closed.pnl).toFixed()).toBe(money("99.579").minus("3.0503895").minus("3.0006").toFixed());
    expect(await walletOf(server, u.token)).toMatchObject({ frozen: "0", available: money("9396.8794").plus(closed.payout!).toFixed() });
    await sound();
  });

  it("after a tick, reads back the positions it left live (a fill's stops armed), never those it closed", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const stopped = (await submit(u.token, { sl_price: "59000" })).body.message;
    const limit = (await submit(u.token, { type: "limit", price: "59000", sl_price: "50000" })).body.message;
    const { settlement } = server.engines.positions;
    const read: string[] = [];
    const [loadOwner, loadOwners] = [settlement.loadOwner.bind(settlement), settlement.loadOwners.bind(settlement)];
    settlement.loadOwner = (id) => (read.push(id), loadOwner(id));
    settlement.loadOwners = (ids) => (read.push(...ids), loadOwners(ids));
    try {
      await tick(server, { [BTC]: "58980" }); // bid 58968.40 stops the first; ask 58991.80 fills the limit
    } finally {
      Object.assign(settlement, { loadOwner, loadOwners });
    }
    expect((await positionsOf(u.token, "closed")).list.map((p) => p.id)).toContain(stopped.id);
    expect((await positionsOf(u.token)).list.map((p) => p.id)).toEqual([limit.id]);
    expect(read).toEqual([String(limit.id)]);
    expect(server.engines.triggers.book.ownerKeys(`positions:${limit.id}`).sort()).toEqual([`positions:${limit.id}:liquidation`, `positions:${limit.id}:sl`, `positions:${limit.id}:warning`].sort());
    await sound();
  });

  it("a gap through the stop closes at the gapped bid, not at the stop", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    await submit(u.token, { sl_price: "59000" });
    const atMs = await tick(server, { [BTC]: "58000" });
    const [closed] = (await positionsOf(u.token, "closed")).list;
    expect(closed).toMatchObject({ close_reason: "sl", close_price: q("58000").bid, close_tick: { price: "58000", at_ms: atMs } });
    await sound();
  });

  it("a gap beyond the margin liquidates: the user loses the margin and no more, the insurance fund pays the rest", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("700");
    const before = await platform("insurance");
    await submit(u.token, { leverage: 100, quantity: "1" }); // margin 600.12, fee 30.006
    expect(await walletOf(server, u.token)).toMatchObject({ frozen: "600.12" });
    await tick(server, { [BTC]: "50000" });
    const [closed] = (await positionsOf(u.token, "closed")).list;
    expect(closed).toMatchObject({ close_reason: "liquidation", payout: "0", close_fee: "0" });
    expect(money(closed.pnl).toFixed()).toBe("-630.126");
    expect(await walletOf(server, u.token)).toMatchObject({ frozen: "0", available: money(700).minus("630.126").toFixed() });
    // Loss 10,000+ against a margin of 600.12: the gap came from insurance.
    const gap = money(q("50000").ask).minus(0).negated().plus(q("60000").ask).times(-1);
    expect(money(await platform("insurance")).lt(before)).toBe(true);
    expect(gap.isFinite()).toBe(true);
    await sound();
  });
});

async function platform(name: string): Promise<string> {
  const balances = await ledgerReads.platformBalances(server.database.db);
  return balances.find((b) => b.platform === name && b.currency === "USDT")?.balance ?? "0";
}

describe("limit orders", () => {
  it("a limit long holds margin and fee, fills at its price on the first tick whose ask reaches it, and arms its stops", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const res = await submit(u.token, { type: "limit", price: "59000", tp_price: "62000" });
    expect(res.body.message).toMatchObject({ status: "pending", price: "59000.00", open_price: null, margin: "590", open_fee: "2.95" });
    expect(await walletOf(server, u.token)).toMatchObject({ frozen: "592.95" });
    await tick(server, { [BTC]: "59020" }); // ask 59031.81: not yet
    expect((await positionsOf(u.token, "pending")).list).toHaveLength(1);
    const atMs = await tick(server, { [BTC]: "58990" }); // ask 59001.80... still above
    expect((await positionsOf(u.token, "pending")).list).toHaveLength(1);
    const fillAt = await tick(server, { [BTC]: "58980" }); // ask 58991.80 <= 59000
    expect(fillAt).toBeGreaterThan(atMs);
    const [open] = (await positionsOf(u.token)).list;
    expect(open).toMatchObject({ status: "open", open_price: "59000.00", open_fee: "2.95", open_tick: { price: "58980", at_ms: fillAt } });
    expect(await walletOf(server, u.token)).toMatchObject({ frozen: "590" });
    await tick(server, { [BTC]: "62020" });
    expect((await positionsOf(u.token, "closed")).list[0]).toMatchObject({ close_reason: "tp" });
    await sound();
  });

  it("a tick that gaps through a limit and its stop fills at the limit and closes at the stop on that same tick", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const { body } = await submit(u.token, { type: "limit", direction: "short", price: "60000", leverage: 100, quantity: "0.01", sl_price: "60500" });
    expect(body.message).toMatchObject({ status: "pending" });
    const atMs = await tick(server, { [BTC]: "61400" }); // bid 61387.72 fills the sell; ask 61412.28 is past the stop
    expect((await positionsOf(u.token)).list).toHaveLength(0);
    const [closed] = (await positionsOf(u.token, "closed")).list;
    expect(closed).toMatchObject({ open_price: "60000.00", close_reason: "sl", close_price: q("61400").ask, open_tick: { at_ms: atMs }, close_tick: { at_ms: atMs } });
    await sound();
  });

  it("a fill on a tick already past the liquidation level liquidates on that tick: no open position shows equity below zero", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    await submit(u.token, { type: "limit", direction: "short", price: "60000", leverage: 100, quantity: "0.01" });
    await tick(server, { [BTC]: "61400" });
    const { list, account } = await positionsOf(u.token);
    expect(list).toHaveLength(0);
    expect(account.margin_level).toBeNull();
    expect((await positionsOf(u.token, "closed")).list[0]).toMatchObject({ close_reason: "liquidation", payout: "0" });
    await sound();
  });

  it("fills after an operator saved the trading rules (the fill reads them inside its transaction: on PGlite a read beside it hung the process)", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    await submit(u.token, { type: "limit", price: "59000" });
    await positionsConfig.save(server.database.db, await positionsConfig.read(server.database.db));
    await tick(server, { [BTC]: "58980" });
    expect((await positionsOf(u.token)).list).toMatchObject([{ status: "open", open_price: "59000.00" }]);
    await sound();
  });

  it("cancel returns margin and fee; a second cancel is refused and changes nothing", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const { body } = await submit(u.token, { type: "limit", price: "50000" });
    const cancelled = await server.call<Position>("POST", "lever/cancel", { id: body.message.id }, { token: u.token });
    expect(cancelled.body.message.status).toBe("cancelled");
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1000", frozen: "0" });
    const again = await server.call("POST", "lever/cancel", { id: body.message.id }, { token: u.token });
    expect(again.status).toBe(409);
    await tick(server, { [BTC]: "49000" });
    expect((await positionsOf(u.token)).list).toHaveLength(0);
    await sound();
  });

  it("a limit buy above the last price and a limit sell below it are refused", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    expect((await submit(u.token, { type: "limit", price: "60000.01" })).body.code).toBe("LIMIT_BUY_ABOVE_PRICE");
    expect((await submit(u.token, { type: "limit", direction: "short", price: "59999.99" })).body.code).toBe("LIMIT_SELL_BELOW_PRICE");
    expect((await submit(u.token, { type: "limit", direction: "short", price: "60000" })).body.message).toMatchObject({ status: "pending" });
  });
});

describe("refusals change nothing", () => {
  it.each([
    { name: "TP of a long below the open price", input: { tp_price: "59000" }, code: "LONG_TP_TOO_LOW" },
    { name: "SL of a long above the price", input: { sl_price: "60500" }, code: "LONG_SL_TOO_HIGH" },
    { name: "TP zero", input: { tp_price: "0" }, code: "TP_ZERO" },
    { name: "a short's TP above", input: { direction: "short", tp_price: "61000" }, code: "SHORT_TP_TOO_HIGH" },
    { name: "quantity off the step", input: { quantity: "0.00015" }, code: "QUANTITY_STEP" },
    { name: "leverage not offered", input: { leverage: 7 }, code: "LEVERAGE_NOT_ALLOWED" },
    { name: "more margin than the wallet holds", input: { quantity: "100", leverage: 1 }, code: "INSUFFICIENT_BALANCE" },
    { name: "a price finer than the pair's", input: { type: "limit", price: "59000.001" }, code: "PRICE_PRECISION" },
    { name: "a limit order without its price", input: { type: "limit" }, code: "MISSING_PARAMETER" },
    { name: "an unknown pair", input: { symbol: "NOPE/USDT" }, code: "PAIR_NOT_FOUND" },
  ])("$name -> $code", async ({ input, code }) => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const res = await submit(u.token, input);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(code);
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1000", frozen: "0" });
    expect((await positionsOf(u.token)).list).toHaveLength(0);
  });

  it("setstop: the seed's rules, omitted keeps, empty clears", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const { body } = await submit(u.token, { tp_price: "65000", sl_price: "55000" });
    const id = body.message.id;
    const bad = await server.call("POST", "lever/setstop", { id, sl_price: "60100" }, { token: u.token });
    expect(bad.body.code).toBe("LONG_SL_TOO_HIGH");
    const kept = await server.call<Position>("POST", "lever/setstop", { id, tp_price: "66000" }, { token: u.token });
    expect(kept.body.message).toMatchObject({ tp_price: "66000.00", sl_price: "55000.00" });
    const cleared = await server.call<Position>("POST", "lever/setstop", { id, sl_price: "" }, { token: u.token });
    expect(cleared.body.message).toMatchObject({ tp_price: "66000.00", sl_price: null });
    // The old stop no longer fires; the new TP does.
    await tick(server, { [BTC]: "56000" });
    expect((await positionsOf(u.token)).list).toHaveLength(1);
    await tick(server, { [BTC]: "66100" });
    expect((await positionsOf(u.token, "closed")).list[0]).toMatchObject({ close_reason: "tp" });
    const other = await user();
    const foreign = await server.call("POST", "lever/setstop", { id, tp_price: "70000" }, { token: other.token });
    expect(foreign.body.code).toBe("TRADE_NOT_FOUND");
  });
});

describe("closing by hand", () => {
  it("close settles at the current bid on the last tick; a second close is refused", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const { body } = await submit(u.token, {});
    const atMs = await tick(server, { [BTC]: "60500" });
    const closed = await server.call<Position>("POST", "lever/close", { id: body.message.id }, { token: u.token });
    expect(closed.body.message).toMatchObject({ status: "closed", close_reason: "user", close_price: q("60500").bid, close_tick: { price: "60500", at_ms: atMs } });
    const again = await server.call("POST", "lever/close", { id: body.message.id }, { token: u.token });
    expect(again.status).toBe(404);
    await sound();
  });

  it("close all realises the sum of the P&L it reports", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    await submit(u.token, {});
    await submit(u.token, { direction: "short" });
    await submit(u.token, { type: "limit", price: "50000" });
    await tick(server, { [BTC]: "60300" });
    const { account } = await positionsOf(u.token);
    const all = await server.call<{ closed: number; pnl: string; list: Position[] }>("POST", "lever/dealall", {}, { token: u.token });
    expect(all.body.message.closed).toBe(2);
    expect(all.body.message.list.every((p) => p.close_reason === "close_all")).toBe(true);
    expect(money(all.body.message.pnl).toFixed()).toBe(all.body.message.list.reduce((s, p) => s.plus(p.pnl), money(0)).toFixed());
    expect(money(account.unrealised_pnl!).toFixed()).toBe(money(all.body.message.pnl).toFixed());
    // The pending order stays.
    expect((await positionsOf(u.token, "pending")).list).toHaveLength(1);
    await sound();
  });

  it("the account box adds up as MT5 defines it: flat, equity is the balance; open, balance = available + margin, equity = balance + unrealised P&L = margin + free margin", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("10000");
    const flat = (await positionsOf(u.token)).account;
    expect(money(flat.balance!).toFixed()).toBe("10000");
    expect(money(flat.equity!).toFixed()).toBe("10000");
    expect(money(flat.free_margin!).toFixed()).toBe("10000");
    expect(flat.margin_level).toBeNull();
    await submit(u.token, {});
    await tick(server, { [BTC]: "59700" });
    const { account, list } = await positionsOf(u.token);
    const wallets = await server.call<Array<{ currency: string; available: string }>>("POST", "wallet/list", {}, { token: u.token });
    const available = wallets.body.message.find((w) => w.currency === "USDT")!.available;
    expect(money(account.balance!).toFixed()).toBe(money(available).plus(list[0].margin).toFixed());
    expect(money(account.unrealised_pnl!).toNumber()).toBeLessThan(0);
    expect(money(account.equity!).toFixed()).toBe(money(account.balance!).plus(account.unrealised_pnl!).toFixed());
    expect(money(account.equity!).toFixed()).toBe(money(account.margin!).plus(account.free_margin!).toFixed());
    // The margin level is still the position's own (liquidation) measure, not the whole balance's.
    expect(account.margin_level).toBe(list[0].margin_level);
  });
});

describe("forex and metals", () => {
  it("closes at market after an operator saved the trading rules (the close reads the session inside its transaction: on PGlite a read beside it hung the process)", async () => {
    await tick(server, { [EUR]: "1.08000" });
    const u = await user();
    await server.database.query("INSERT INTO bank_cards (user_id, real_name, bank_name, card_number) VALUES ($1, 'A B', 'Bank', '6222000011112222')", [u.id]);
    const opened = await submit(u.token, { symbol: EUR, quantity: "0.1", leverage: 30 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    await positionsConfig.save(server.database.db, await positionsConfig.read(server.database.db));
    const closed = await server.call<Position>("POST", "lever/close", { id: opened.body.message.id }, { token: u.token });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.message).toMatchObject({ status: "closed" });
    await sound();
  });

  it("need a bound bank card, honour the leverage cap, and close for the weekend", async () => {
    await tick(server, { [EUR]: "1.08000" });
    const u = await user();
    const order = { symbol: EUR, quantity: "0.1", leverage: 30 };
    expect((await submit(u.token, order)).body.code).toBe("BANK_CARD_REQUIRED");
    await server.database.query("INSERT INTO bank_cards (user_id, real_name, bank_name, card_number) VALUES ($1, 'A B', 'Bank', '6222000011112222')", [u.id]);
    expect((await submit(u.token, { ...order, leverage: 50 })).body.code).toBe("LEVERAGE_NOT_ALLOWED");
    const opened = await submit(u.token, order);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    // 0.1 lot = 10,000 EUR at the ask 1.08003 (1.08 + half of 0.004 %): 10,800.30 USD; 30x -> 360.01 margin.
    expect(opened.body.message).toMatchObject({ kind: "forex", open_price: q("1.08000", 5, "0.00004").ask, margin: "360.01" });
    // Withdrawals wait while the position is open, and the withdrawal screen is told why.
    const info = await server.call<{ blocked: string | null }>("POST", "wallet/get_info", { currency: "USDT" }, { token: u.token });
    expect(info.body.message.blocked).toBe("存在进行中的杠杆交易");

    // Wednesday 21:00 UTC: a triple swap (0.00008 x 3 x 10,800.30 = 2.5920720), paid from the wallet.
    const wallet = await walletOf(server, u.token);
    server.clock.set(Date.UTC(2026, 10, 25, 21, 0, 5));
    await tick(server, { [EUR]: "1.08000" });
    await server.engines.jobs.runOnce();
    await server.engines.jobs.runOnce(); // idempotent
    const [held] = (await positionsOf(u.token)).list;
    expect(held.swap).toBe("2.592072");
    expect(money((await walletOf(server, u.token)).available).toFixed()).toBe(money(wallet.available).minus("2.592072").toFixed());

    // Two nights pass with no leader running: both are charged once when the jobs run again (Thursday and Friday).
    server.clock.set(Date.UTC(2026, 10, 27, 21, 30, 0));
    await server.engines.jobs.runOnce();
    const [later] = (await positionsOf(u.token)).list;
    expect(later.swap).toBe(money("2.592072").plus("0.864024").plus("0.864024").toFixed());

    // Saturday: closed, and closing waits for Sunday 21:00.
    server.clock.set(Date.UTC(2026, 10, 28, 12, 0, 0));
    await tick(server, { [EUR]: "1.08000" });
    expect((await submit(u.token, order)).body.code).toBe("TRADING_CLOSED");
    const deal = await server.call<{ session_open: boolean; next_open_at: number }>("POST", "lever/deal", { symbol: EUR }, { token: u.token });
    expect(deal.body.message).toMatchObject({ session_open: false, next_open_at: Date.UTC(2026, 10, 29, 21) / 1000, trading_hours: { close: "5 21:00", open: "0 21:00" } });
    server.clock.set(Date.UTC(2026, 10, 30, 9, 0, 0));
    await tick(server, { [EUR]: "1.09000", [BTC]: "60000" });
    const closed = await server.call<Position>("POST", "lever/close", { id: opened.body.message.id }, { token: u.token });
    expect(closed.body.message).toMatchObject({ status: "closed", swap: "4.32012" });
    const after = await server.call<{ blocked: string | null }>("POST", "wallet/get_info", { currency: "USDT" }, { token: u.token });
    expect(after.body.message.blocked).toBeNull();
    await sound();
  });

  it("swaps draw on the wallet position by position: what it cannot pay, the position owes, and its liquidation level moves", async () => {
    // Opened on Wednesday: that night's triple swap is the first.
    server.clock.set(Date.UTC(2026, 10, 25, 12, 0, 0, 321));
    await tick(server, { [EUR]: "1.08000" });
    const u = await user();
    await server.database.query("INSERT INTO bank_cards (user_id, real_name, bank_name, card_number) VALUES ($1, 'A B', 'Bank', '6222000011112222')", [u.id]);
    const order = { symbol: EUR, quantity: "0.1", leverage: 30 };
    const ids = [(await submit(u.token, order)).body.message.id, (await submit(u.token, order)).body.message.id];
    // Leave 3 USDT in the wallet: the first position's triple swap (2.592072) is paid, the second's only in part.
    const { available } = await walletOf(server, u.token);
    await server.database.db.transaction((tx) =>
      ledger.post(tx, { key: `swap-test:${u.id}`, kind: "adjustment", cause: { kind: "adjustment", id: u.id }, legs: [{ account: { user: u.id }, currency: "USDT", amount: money(available).minus(3).negated() }, { account: { platform: "adjustments" }, currency: "USDT", amount: money(available).minus(3) }] }),
    );
    const before = await server.database.query<{ id: number; liquidation_price: string }>("SELECT id, liquidation_price FROM positions WHERE id = ANY ($1::bigint[]) ORDER BY id", [`{${ids.join(",")}}`]);
    server.clock.set(Date.UTC(2026, 10, 25, 21, 0, 6, 789));
    await tick(server, { [EUR]: "1.08000" });
    await server.engines.jobs.runOnce();
    await server.engines.jobs.runOnce(); // idempotent
    const rows = await server.database.query<{ id: number; swap: string; swap_due: string; liquidation_price: string; swapped_through: string }>(
      "SELECT id, trim_scale(swap)::text AS swap, trim_scale(swap_due)::text AS swap_due, liquidation_price, swapped_through::text FROM positions WHERE id = ANY ($1::bigint[]) ORDER BY id",
      [`{${ids.join(",")}}`],
    );
    expect(rows.map((r) => [r.swap, r.swap_due, r.swapped_through])).toEqual([
      ["2.592072", "0", "2026-11-25"],
      ["2.592072", "2.184144", "2026-11-25"],
    ]);
    // The owed swap comes out of the margin at the close, so the second long's liquidation level rises; the first's stays.
    expect(money(rows[0].liquidation_price).eq(before[0].liquidation_price)).toBe(true);
    expect(money(rows[1].liquidation_price).gt(before[1].liquidation_price)).toBe(true);
    expect(money((await walletOf(server, u.token)).available).isZero()).toBe(true);
    await sound();
  });
});

describe("margin warning", () => {
  it("is a trigger too: the user is told once when the margin level reaches the warning level, and the position stays", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const { body } = await submit(u.token, { leverage: 100 });
    // margin 60.012, maintenance 30.006: 150 % is an equity of 45.009, 150.03 below the open price 60012.
    expect(body.message.liquidation_price).toBe("59711.94");
    await tick(server, { [BTC]: "59880" }); // bid 59868.02: above the warning level
    await tick(server, { [BTC]: "59870" }); // bid 59858.02: at or below 59861.97
    await tick(server, { [BTC]: "59800" });
    const inbox = JSON.stringify((await server.call("GET", "user/usermessage", { page: 1 }, { token: u.token })).body);
    expect(inbox.match(/Margin warning/g)).toHaveLength(1);
    // The level as the positions screen writes it (two decimals), not rounded to a whole percent.
    expect(inbox).toContain("fell to 148.68%");
    expect((await positionsOf(u.token)).list).toHaveLength(1);
    await tick(server, { [BTC]: "59700" });
    expect((await positionsOf(u.token, "closed")).list[0]).toMatchObject({ close_reason: "liquidation" });
  });
});

describe("notices and the back office", () => {
  it("say a crypto quantity in its coin and forex in lots, with numbers in the reader's digits (issue 22)", async () => {
    server.clock.set(Date.UTC(2026, 11, 2, 11, 0, 0));
    await tick(server, { [BTC]: "60000", [EUR]: "1.08000" });
    const bodies = async (id: number) => (await server.database.query<{ body: string }>("SELECT body FROM user_messages WHERE user_id = $1 ORDER BY id", [id])).map((m) => m.body).join("\n");
    const es = await user();
    await server.database.query("UPDATE users SET lang = 'es' WHERE id = $1", [es.id]);
    const crypto = await submit(es.token, { quantity: "0.01" });
    expect(crypto.status, JSON.stringify(crypto.body)).toBe(200);
    expect((await server.call("POST", "lever/close", { id: crypto.body.message.id }, { token: es.token })).status).toBe(200);
    const spanish = await bodies(es.id);
    // Opened at the ask 60012.00, closed at the bid 59988.00: the BTC/USDT precision, Spanish grouping and decimal sign.
    expect(spanish).toContain("de 0,01 BTC se abrió a 60.012,00 (tick 60.000,00");
    expect(spanish).toContain("de 0,01 BTC se cerró a 59.988,00");
    expect(spanish).not.toContain("lotes");

    const en = await user();
    await server.database.query("INSERT INTO bank_cards (user_id, real_name, bank_name, card_number) VALUES ($1, 'A B', 'Bank', '6222000011112222')", [en.id]);
    const fx = await submit(en.token, { symbol: EUR, quantity: "0.1", leverage: 30 });
    expect(fx.status, JSON.stringify(fx.body)).toBe(200);
    expect(await bodies(en.id)).toContain(`Your EUR/USD position of 0.1 lots opened at ${q("1.08000", 5, "0.00004").ask} (tick 1.08000`);
    expect((await server.call("POST", "lever/close", { id: fx.body.message.id }, { token: en.token })).status).toBe(200);
  });

  it("fills and triggers reach the inbox; operators read positions and the trading accounts, and cannot act on them", async () => {
    server.clock.set(Date.UTC(2026, 11, 2, 12, 0, 0));
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    await submit(u.token, { sl_price: "59000" });
    await tick(server, { [BTC]: "58000" });
    const inbox = await server.call<{ list: Array<{ title: string }> }>("GET", "user/usermessage", { page: 1 }, { token: u.token });
    const titles = JSON.stringify(inbox.body);
    expect(titles).toContain("Stop-loss reached");
    expect(titles).toContain("Position opened");
    const op = await server.newOperator("support");
    const list = await server.call<{ list: Array<{ user_id: number }>; accounts: Array<{ platform: string }> }>("GET", "backoffice/positions", { user_id: u.id }, { token: op.token });
    expect(list.status).toBe(200);
    expect(list.body.message.list.every((p) => p.user_id === u.id)).toBe(true);
    expect(list.body.message.accounts.map((a) => a.platform)).toContain("trading");
    const save = await server.call("POST", "backoffice/positions/config/save", {}, { token: op.token });
    expect(save.status).toBeGreaterThanOrEqual(400);
  });
});

describe("market orders placed together (group commit)", () => {
  it("100 parallel orders of one user: exactly the 10 the balance pays open, the others are refused alone", async () => {
    await tick(server, { [BTC]: "60000" });
    // Each order holds 600.12 margin and pays a 3.0006 fee at the ask 60012: 10 fit in 6100, the 11th does not.
    const u = await user("6100");
    const answers = await Promise.all(Array.from({ length: 100 }, () => submit(u.token, {})));
    const opened = answers.filter((a) => a.status === 200);
    expect(opened).toHaveLength(10);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === "INSUFFICIENT_BALANCE")).toBe(true);
    expect(new Set(opened.map((a) => a.body.message.id)).size).toBe(10);
    expect((await positionsOf(u.token)).list).toHaveLength(10);
    expect(await walletOf(server, u.token)).toMatchObject({ available: "68.794", frozen: "6001.2" });
    await sound();
  });

  it("the same idempotency key sent 20 times at once opens one position and answers it to all", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(u.token, { idempotency_key: "twenty-at-once" })));
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    expect(new Set(answers.map((a) => a.body.message.id)).size).toBe(1);
    expect((await positionsOf(u.token)).list).toHaveLength(1);
    // The same key with another order is refused.
    expect((await submit(u.token, { idempotency_key: "twenty-at-once", quantity: "0.2" })).body.code).toBe("IDEMPOTENCY_CONFLICT");
    await sound();
  });

  it("claims each key with the id of its position: a retry reads it back (also from an answer stored whole, as before), a refused order's key is freed", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("100");
    const keyRow = async (key: string) => (await server.database.query<{ response: unknown }>("SELECT response FROM idempotency_keys WHERE user_id = $1 AND key = $2", [u.id, key]))[0];
    const first = await submit(u.token, { idempotency_key: "claimed-with-id", quantity: "0.01" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await keyRow("claimed-with-id"))?.response).toEqual({ id: first.body.message.id });
    // An answer written by an earlier version holds the whole row: its id is enough.
    await server.database.query("UPDATE idempotency_keys SET response = $1 WHERE user_id = $2 AND key = $3", [JSON.stringify({ id: first.body.message.id, userId: u.id, symbol: BTC, createdAt: "2026-01-01T00:00:00.000Z" }), u.id, "claimed-with-id"]);
    const retry = await submit(u.token, { idempotency_key: "claimed-with-id", quantity: "0.01" });
    expect(retry.body.message).toMatchObject({ id: first.body.message.id, status: "open" });
    // 0.1 BTC needs 600.12 of margin: refused, and its key is not kept, so the same key is judged afresh once funded.
    expect((await submit(u.token, { idempotency_key: "refused-first" })).body.code).toBe("INSUFFICIENT_BALANCE");
    expect(await keyRow("refused-first")).toBeUndefined();
    await credit(server, u.id, "1000");
    const funded = await submit(u.token, { idempotency_key: "refused-first" });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    expect((await keyRow("refused-first"))?.response).toEqual({ id: funded.body.message.id });
    expect((await positionsOf(u.token)).list).toHaveLength(2);
    await sound();
  });

  it("a retry answers the order its key placed even when the rules now refuse (the price went stale), and opens nothing more", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const first = await submit(u.token, { idempotency_key: "placed-then-stale" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // No tick for a minute: a new order is refused (prices paused); the retry of the placed one is not.
    server.clock.advance(60_000);
    expect((await submit(u.token, { idempotency_key: "a-new-order" })).body.code).toBe("TRADING_CLOSED");
    const retry = await submit(u.token, { idempotency_key: "placed-then-stale" });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.message).toMatchObject({ id: first.body.message.id, status: "open" });
    // The same key with another order is still refused, not answered as a stale price.
    expect((await submit(u.token, { idempotency_key: "placed-then-stale", quantity: "0.2" })).body.code).toBe("IDEMPOTENCY_CONFLICT");
    expect((await positionsOf(u.token)).list).toHaveLength(1);
    await sound();
  });
});

describe.runIf(testDatabaseKind() === "postgres")("the batches' round trips (PostgreSQL)", () => {
  /** The statements of each transaction that `work` runs, by the connection that began it (other queries interleave). */
  async function transactionsOf(work: () => Promise<unknown>): Promise<string[][]> {
    const open = new Map<unknown, string[]>();
    const done: string[][] = [];
    const original = pg.Client.prototype.query;
    const query = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text: string };
      const text = (typeof config === "string" ? config : config.text).trim().split(/\s+/).slice(0, 3).join(" ");
      if (/^begin$/i.test(text)) open.set(this, []);
      const statements = open.get(this);
      statements?.push(text);
      if (statements && /^(commit|rollback)$/i.test(text)) {
        done.push(statements);
        open.delete(this);
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    try {
      await work();
    } finally {
      query.mockRestore();
    }
    return done;
  }

  it("writes a batch of market orders in the same eleven statements whatever its size", async () => {
    await tick(server, { [BTC]: "60000" });
    const users = await Promise.all(Array.from({ length: 12 }, () => user()));
    // The platform accounts exist once anything was posted to them (the first posting of a database creates them).
    expect((await submit((await user()).token, { quantity: "0.01" })).status).toBe(200);
    const placementsOf = (transactions: string[][]) => transactions.filter((t) => t.some((s) => s.startsWith("WITH ids AS")));
    const alone = placementsOf(await transactionsOf(() => submit(users[0].token, { idempotency_key: "round-trips-alone", quantity: "0.01" })));
    const together = placementsOf(await transactionsOf(() => Promise.all(users.slice(1).map((u, i) => submit(u.token, { idempotency_key: `round-trips-${i}`, quantity: "0.01" })))));
    expect(alone).toHaveLength(1);
    expect(together.length).toBeGreaterThan(0);
    // begin, the ids drawn and keys claimed, the balances locked, the entries with the platform accounts, the holds,
    // the postings, the balances, the positions, the users' languages, the notices, commit.
    for (const batch of [...alone, ...together]) expect(batch, batch.join(" / ")).toHaveLength(11);
    expect((await Promise.all(users.map((u) => positionsOf(u.token)))).every((p) => p.list.length === 1)).toBe(true);
    await sound();
  });

  it("fills a tick's limit orders, and warns its positions, in the same statements however many it fires", async () => {
    // The settlement's transactions are those that lock positions (placements insert theirs).
    const settlementsOf = async (work: () => Promise<unknown>) => (await transactionsOf(work)).filter((t) => t.includes("SELECT * FROM"));
    const place = async (count: number, input: Record<string, unknown>) => {
      const users = await Promise.all(Array.from({ length: Math.min(count, 3) }, () => user()));
      for (let i = 0; i < count; i++) expect((await submit(users[i % users.length].token, input)).status).toBe(200);
      return users;
    };
    const limits = { type: "limit", price: "59000", quantity: "0.01" };
    await tick(server, { [BTC]: "60000" });
    // A first fill reads the trading rules into their cache: the measured ticks find them there alike.
    await place(1, limits);
    await tick(server, { [BTC]: "58980" });
    await tick(server, { [BTC]: "60000" });
    await place(1, limits);
    const one = await settlementsOf(() => tick(server, { [BTC]: "58980" })); // ask 58991.80 fills the limit
    await tick(server, { [BTC]: "60000" });
    const owners = await place(6, limits);
    const six = await settlementsOf(() => tick(server, { [BTC]: "58980" }));
    expect(one).toHaveLength(1);
    expect(six, six.map((t) => t.join(" / ")).join("\n")).toEqual(one);
    expect((await Promise.all(owners.map((u) => positionsOf(u.token)))).map((p) => p.list.length)).toEqual([2, 2, 2]);
    const inbox = JSON.stringify((await server.call("GET", "user/usermessage", { page: 1 }, { token: owners[0].token })).body);
    expect(inbox.match(/59,000\.00/g)?.length).toBeGreaterThanOrEqual(2);

    // Margin warnings: 100x longs at 60,000 are warned at a bid of 59,861.97 or below.
    await tick(server, { [BTC]: "60000" });
    await place(1, { leverage: 100, quantity: "0.01" });
    const warnedOne = await settlementsOf(() => tick(server, { [BTC]: "59870" }));
    await tick(server, { [BTC]: "60000" });
    const warned = await place(5, { leverage: 100, quantity: "0.01" });
    const warnedFive = await settlementsOf(() => tick(server, { [BTC]: "59870" }));
    expect(warnedOne).toHaveLength(1);
    expect(warnedFive).toEqual(warnedOne);
    const warnings = await Promise.all(warned.map(async (u) => JSON.stringify((await server.call("GET", "user/usermessage", { page: 1 }, { token: u.token })).body).match(/Margin warning/g)?.length));
    expect(warnings).toEqual([2, 2, 1]);
    await sound();
  });

  it("closes all of a user's positions in the same statements however many they hold", async () => {
    await tick(server, { [BTC]: "60000" });
    const closeAllOf = async (count: number) => {
      const u = await user();
      for (let i = 0; i < count; i++) expect((await submit(u.token, { quantity: "0.01", direction: i % 2 ? "short" : "long" })).status).toBe(200);
      let answer: { closed: number } | undefined;
      const transactions = await transactionsOf(async () => {
        answer = (await server.call<{ closed: number }>("POST", "lever/dealall", {}, { token: u.token })).body.message;
      });
      expect(answer?.closed).toBe(count);
      return transactions.filter((t) => t.includes("SELECT * FROM"));
    };
    const one = await closeAllOf(1);
    const five = await closeAllOf(5);
    expect(one).toHaveLength(1);
    expect(five).toEqual(one);
    await sound();
  });
});

describe.runIf(testDatabaseKind() === "postgres")("one tick settled in several batches at once (PostgreSQL)", () => {
  it("fills whose users alternate between batches (A,B then B,A) all settle: a batch with fills locks its accounts at once, never one then the other", async () => {
    const { settlement } = server.engines.positions;
    await tick(server, { [BTC]: "60000" });
    const [a, b] = [await user(), await user()];
    // Limit longs at 59,008 down to 59,001, owned A B B A A B B A: in either crossing order, two batches of two in
    // flight take their users in opposite orders. A batch's fills post before its closes, so locking as they go
    // could deadlock.
    const owners = [a, b, b, a, a, b, b, a];
    for (const [i, owner] of owners.entries()) {
      const res = await submit(owner.token, { type: "limit", price: String(59_008 - i), quantity: "0.01" });
      expect(res.body.message).toMatchObject({ status: "pending" });
    }
    settlement.batchSize = 2;
    try {
      await tick(server, { [BTC]: "58980" }); // ask 58991.80: below every limit
    } finally {
      settlement.batchSize = 1_000;
    }
    expect((await positionsOf(a.token)).list).toHaveLength(4);
    expect((await positionsOf(b.token)).list).toHaveLength(4);
    expect((await positionsOf(a.token, "pending")).list).toHaveLength(0);
    await sound();
  });
});
