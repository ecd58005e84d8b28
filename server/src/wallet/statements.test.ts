import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportColumns, type ExportKind } from "../../contract/wallet";
import { ledger, ledgerReads, money, postBatch } from "../ledger";
import { createTestServer, type TestServer } from "../testing/harness";
import { passKyc, readyUser, TRADE_PASSWORD, TX_HASH } from "../testing/money";
import { leadTheFeed, tick } from "../testing/ticks";

/**
 * Statements (`finance/export`): the CSV parses back (BOM, header, RFC 4180 quoting), the ledger's amounts add up to
 * the balances and the last balance_after of a currency is its balance at `to`, the range is checked, and nobody
 * sees another user's rows. On PGlite, and on PostgreSQL when TEST_DB=postgres (the harness).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const DAY = 86_400;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function exportCsv(token: string, query: { kind: ExportKind; from: number; to: number }) {
  const response = await server.app.inject({ method: "GET", url: "/api/finance/export", query: { kind: query.kind, from: String(query.from), to: String(query.to) }, headers: { authorization: token } });
  return response;
}

function rowsOf(body: string, kind: ExportKind): Record<string, string>[] {
  expect(body.startsWith("\uFEFF")).toBe(true);
  const records = parse(body, { bom: true, columns: true, relax_column_count: false }) as Record<string, string>[];
  const header = parse(body, { bom: true, to_line: 1 }) as string[][];
  expect(header[0]).toEqual([...exportColumns[kind]]);
  return records;
}

let posted = 0;
/** A ledger entry of the user at a chosen time: a deposit (positive) or an adjustment-like debit (negative). */
async function postAt(userId: number, amount: string, at: Date, currency = "USDT", memo: string | null = null): Promise<void> {
  const id = `stm-${process.pid}-${++posted}`;
  await server.database.db.transaction((tx) =>
    ledger.post(tx, {
      key: `test-statement:${id}`,
      kind: memo ? "adjustment" : "deposit",
      cause: { kind: memo ? "adjustment" : "deposit", id },
      memo,
      at,
      legs: [
        { account: { user: userId }, currency, amount },
        { account: { platform: "deposits_in_transit" }, currency, amount: money(amount).neg().toFixed() },
      ],
    }),
  );
}

describe("finance/export", () => {
  it("writes the ledger as RFC 4180 CSV with a BOM whose sums are the balances and whose last balance_after is the balance at `to`", async () => {
    const user = await server.newUser();
    const start = new Date(Date.UTC(2026, 0, 1));
    const at = (day: number) => new Date(start.getTime() + day * DAY * 1000);
    await postAt(user.id, "100.5", at(0));
    await postAt(user.id, "0.25", at(1), "BTC");
    await postAt(user.id, "-20.25", at(2), "USDT", 'fee, "late"\nsecond line');
    await postAt(user.id, "7", at(10));
    await postAt(user.id, "1.5", at(40), "BTC");

    // The whole range: sums per currency are the balances now.
    const whole = await exportCsv(user.token, { kind: "ledger", from: seconds(at(0)), to: seconds(at(40)) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(String(whole.headers["content-disposition"])).toMatch(/^attachment; filename="tradewise-ledger-2026-01-01-2026-02-10\.csv"$/);
    const rows = rowsOf(whole.body, "ledger");
    expect(rows).toHaveLength(5);
    for (const balance of await ledgerReads.balances(server.database.db, user.id)) {
      const mine = rows.filter((r) => r.currency === balance.currency);
      const sum = mine.reduce((s, r) => s.plus(r.amount), money(0));
      expect(sum.eq(money(balance.available).plus(balance.frozen)), balance.currency).toBe(true);
      expect(mine.at(-1)!.balance_after).toBe(money(balance.available).plus(balance.frozen).toFixed());
    }
    // Quoting: the operator's reason keeps its comma, quotes and line break.
    expect(rows[2]).toMatchObject({ time: at(2).toISOString(), currency: "USDT", amount: "-20.25", balance_after: "80.25", cause: 'adjustment: fee, "late"\nsecond line' });
    expect(whole.body).toContain('"adjustment: fee, ""late""\nsecond line"');
    expect(whole.body).toContain("\r\n");
    expect(rows.map((r) => r.time)).toEqual([...rows.map((r) => r.time)].sort());

    // A range that starts later and ends before the last entry: the balance after its last line is the balance at `to`.
    const part = rowsOf((await exportCsv(user.token, { kind: "ledger", from: seconds(at(2)), to: seconds(at(10)) })).body, "ledger");
    expect(part.map((r) => [r.currency, r.amount, r.balance_after])).toEqual([
      ["USDT", "-20.25", "80.25"],
      ["USDT", "7", "87.25"],
    ]);
    // `to` includes its whole second; the day after the last entry of the range holds nothing more.
    const empty = rowsOf((await exportCsv(user.token, { kind: "ledger", from: seconds(at(11)), to: seconds(at(39)) })).body, "ledger");
    expect(empty).toEqual([]);
  });

  it("never shows another user's rows", async () => {
    const [alice, bob] = [await server.newUser(), await server.newUser()];
    const now = server.clock.now();
    await postAt(alice.id, "42", now);
    await postAt(bob.id, "13", now);
    const range = { from: seconds(now) - DAY, to: seconds(now) + DAY };
    for (const kind of ["ledger", "trades", "funding"] as const) {
      const body = (await exportCsv(bob.token, { kind, ...range })).body;
      const rows = rowsOf(body, kind);
      if (kind === "ledger") expect(rows.map((r) => r.amount)).toEqual(["13"]);
      else expect(rows).toEqual([]);
      // Alice's 42 is in no row (not the whole text: a time or an id may well hold the digits 42).
      expect(rows.some((r) => Object.values(r).includes("42"))).toBe(false);
    }
  });

  it("refuses a reversed range, a range over 366 days, a bad kind and a missing session with the usual messages", async () => {
    const user = await server.newUser();
    const from = seconds(new Date(Date.UTC(2025, 0, 1)));
    const refusal = async (query: Record<string, string>, token: string | null = user.token) => {
      const response = await server.app.inject({ method: "GET", url: "/api/finance/export", query, headers: token ? { authorization: token } : {} });
      return { status: response.statusCode, body: response.json() as { code: string; message: string } };
    };
    expect(await refusal({ kind: "ledger", from: String(from + 10), to: String(from) })).toMatchObject({ status: 400, body: { code: "EXPORT_RANGE_REVERSED", message: "开始时间不能晚于结束时间" } });
    expect(await refusal({ kind: "ledger", from: String(from), to: String(from + 366 * DAY + 1) })).toMatchObject({ status: 400, body: { code: "EXPORT_RANGE_TOO_LONG" } });
    expect((await exportCsv(user.token, { kind: "ledger", from, to: from + 366 * DAY })).statusCode).toBe(200);
    expect(await refusal({ kind: "orders", from: String(from), to: String(from) })).toMatchObject({ status: 400, body: { code: "PARAMETER_ERROR" } });
    expect(await refusal({ kind: "ledger", from: "-1", to: String(from) })).toMatchObject({ status: 400 });
    expect(await refusal({ kind: "ledger", from: "soon", to: String(from) })).toMatchObject({ status: 400 });
    expect(await refusal({ kind: "ledger" })).toMatchObject({ status: 400, body: { code: "MISSING_PARAMETER" } });
    expect(await refusal({ kind: "ledger", from: String(from), to: String(from) }, null)).toMatchObject({ status: 401, body: { code: "LOGIN_REQUIRED" } });
  });

  it("streams more rows than a page holds, an entry's two legs one line, and the balance runs on across pages", async () => {
    const user = await server.newUser();
    const start = new Date(Date.UTC(2026, 2, 1));
    const count = 1_203;
    // In one posting: 1,203 deposits a minute apart (the export reads them 500 at a time).
    const deposits = Array.from({ length: count }, (_, i) => ({
      key: `test-statement-many:${user.id}:${i}`,
      kind: "deposit" as const,
      cause: { kind: "deposit" as const, id: `many-${i}` },
      at: new Date(start.getTime() + i * 60_000),
      legs: [
        { account: { user: user.id }, currency: "USDT", amount: "1.01" },
        { account: { platform: "deposits_in_transit" as const }, currency: "USDT", amount: "-1.01" },
      ],
    }));
    await server.database.db.transaction((tx) => postBatch(tx, deposits));
    // A hold moves available to frozen: two legs of one entry, a change of zero.
    await server.database.db.transaction((tx) => ledger.hold(tx, { key: `test-statement-hold:${user.id}`, userId: user.id, currency: "USDT", amount: "5", cause: { kind: "withdrawal", id: "hold" }, at: new Date(start.getTime() + count * 60_000) }));
    const rows = rowsOf((await exportCsv(user.token, { kind: "ledger", from: seconds(start), to: seconds(start) + 30 * DAY })).body, "ledger");
    expect(rows).toHaveLength(count + 1);
    expect(new Set(rows.map((r) => r.entry_id)).size).toBe(count + 1);
    expect(rows.at(-1)).toMatchObject({ amount: "0", balance_after: money("1.01").times(count).toFixed() });
    expect(rows[999].balance_after).toBe(money("1.01").times(1000).toFixed());
  });
});

describe("finance/statement", () => {
  it("gives each currency's opening balance, every entry of the month and the closing balance then", async () => {
    const user = await server.newUser();
    const march = Date.UTC(2026, 2, 1);
    const april = Date.UTC(2026, 3, 1);
    await postAt(user.id, "50", new Date(march - 1000));
    await postAt(user.id, "12.5", new Date(march));
    await postAt(user.id, "-2.5", new Date(april - 1000), "USDT", "month-end fee");
    await postAt(user.id, "0.1", new Date(march + 5000), "BTC");
    await postAt(user.id, "99", new Date(april));
    const answer = await server.call<{ currencies: Array<{ currency: string; opening: string; closing: string; lines: Array<{ change: string; balance: string; memo: string | null }> }> }>(
      "GET", "finance/statement", { from: march / 1000, to: april / 1000 - 1 }, { token: user.token },
    );
    expect(answer.status).toBe(200);
    const [btc, usdt] = answer.body.message.currencies;
    expect(btc).toMatchObject({ currency: "BTC", opening: "0", closing: "0.1", lines: [{ change: "0.1", balance: "0.1" }] });
    expect(usdt).toMatchObject({ currency: "USDT", opening: "50", closing: "60", lines: [{ change: "12.5", balance: "62.5" }, { change: "-2.5", balance: "60", memo: "month-end fee" }] });
    const tooLong = await server.call("GET", "finance/statement", { from: march / 1000, to: march / 1000 + 32 * DAY }, { token: user.token });
    expect(tooLong).toMatchObject({ status: 400, body: { code: "STATEMENT_RANGE_TOO_LONG" } });
  });
});

describe("finance/export trades and funding", () => {
  it("lists spot fills, a position's opening and close, an option's placement and settlement, deposits and withdrawals, in time order", async () => {
    await leadTheFeed(server);
    await tick(server, { "BTC/USDT": "60000" });
    const from = seconds(server.clock.now());
    const trader = await readyUser(server, "10000");
    await passKyc(server, trader.id);
    const bought = await server.call<{ id: number }>("POST", "coin/trade", { symbol: "BTC/USDT", side: "buy", type: "market", quantity: "0.01" }, { token: trader.token });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await tick(server, { "BTC/USDT": "60100" });
    const opened = await server.call<{ id: number }>("POST", "lever/submit", { symbol: "BTC/USDT", direction: "long", type: "market", quantity: "0.1", leverage: 10 }, { token: trader.token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    await tick(server, { "BTC/USDT": "60500" });
    const closed = await server.call<{ pnl: string }>("POST", "lever/close", { id: opened.body.message.id }, { token: trader.token });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const option = await server.call<{ id: number }>("POST", "microtrade/submit", { symbol: "BTC/USDT", direction: "up", seconds: 30, amount: "100", currency: "USDT" }, { token: trader.token });
    expect(option.status, JSON.stringify(option.body)).toBe(200);
    await server.engines.triggers.drain();
    server.clock.advance(30_000);
    await tick(server, { "BTC/USDT": "60700" });
    await server.engines.triggers.drain();
    const out = await server.call<{ id: number }>("POST", "wallet/out", { currency: "USDT", amount: "30", address_id: trader.addressId, trade_password: TRADE_PASSWORD }, { token: trader.token });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    // An on-chain deposit as the chain watcher records one.
    await server.database.query(
      `INSERT INTO deposits (user_id, currency, network, address, amount, status, source, tx_hash, log_index, block, block_hash, confirmations, created_at)
       VALUES ($1, 'USDT', 'ERC20', '0x52908400098527886E0F7030069857D2E4169EE7', 25.5, 'succeeded', 'chain', $2, 3, 120, $2, 12, $3)`,
      [trader.id, TX_HASH, server.clock.now().toISOString()],
    );
    const to = seconds(server.clock.now()) + 1;

    const trades = rowsOf((await exportCsv(trader.token, { kind: "trades", from, to })).body, "trades");
    expect(trades.map((r) => [r.product, r.side, r.reference.replace(/:\d+/, ":#")])).toEqual([
      ["spot", "buy", "spot_order:#"],
      ["contract", "buy", "position:#:open"],
      ["contract", "sell", "position:#:close"],
      ["option", "up", "option:#:open"],
      ["option", "win", "option:#:settle"],
    ]);
    expect(trades.map((r) => r.time)).toEqual([...trades.map((r) => r.time)].sort());
    expect(trades[0]).toMatchObject({ symbol: "BTC/USDT", quantity: "0.01", currency: "USDT", tick_price: "60000" });
    expect(trades[2].realised_pnl).toBe(closed.body.message.pnl);
    expect(trades[4]).toMatchObject({ amount: "180", realised_pnl: "80", tick_price: "60700" });

    const funding = rowsOf((await exportCsv(trader.token, { kind: "funding", from: from - 60, to })).body, "funding");
    expect(funding.filter((r) => r.source === "chain")).toEqual([expect.objectContaining({ type: "deposit", network: "ERC20", amount: "25.5", net_amount: "25.5", status: "succeeded", tx_hash: TX_HASH })]);
    expect(funding.filter((r) => r.type === "withdrawal")).toEqual([expect.objectContaining({ currency: "USDT", amount: "30", fee: "3", net_amount: "27", status: "pending", reference: `withdrawal:${out.body.message.id}` })]);
  });
});
