import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errors } from "../../contract";
import type { ArbitrageScan, Candle, Pair, Quotation } from "../../contract/market";
import { createTestServer, type TestServer } from "../testing/harness";
import { INSTRUMENTS } from "../feeds";

/** The market calls through the real app: a fresh database, the simulated feed pumped by hand on the ManualClock. */

let server: TestServer;
let user: { token: string };

const SHORT_HISTORY = { historyCandles: 30, historyMinutes: 90 };

async function steps(n: number, everyMs = 1_000): Promise<void> {
  for (let i = 0; i < n; i++) {
    server.clock.advance(everyMs);
    await server.market.step();
  }
}

beforeAll(async () => {
  server = await createTestServer();
  user = await server.newUser();
  await server.market.startManual(SHORT_HISTORY);
  await steps(3);
});

afterAll(async () => {
  await server?.close();
});

describe("currency/quotation_new", () => {
  it("lists every pair with its 24 h figures, public", async () => {
    const answer = await server.call<Quotation[]>("GET", "currency/quotation_new");
    expect(answer.status).toBe(200);
    const list = answer.body.message;
    expect(list.map((q) => q.symbol)).toEqual(INSTRUMENTS.map((i) => i.symbol));
    for (const q of list) {
      expect(q.source).toBe("sim");
      expect(q.trading).toBe(true);
      expect(q.last.split(".")[1]?.length ?? 0).toBe(q.price_precision);
      expect(Number(q.bid)).toBeLessThanOrEqual(Number(q.last));
      expect(Number(q.ask)).toBeGreaterThanOrEqual(Number(q.last));
      expect(Number(q.low_24h)).toBeLessThanOrEqual(Number(q.last));
      expect(Number(q.high_24h)).toBeGreaterThanOrEqual(Number(q.last));
      const change = ((Number(q.last) - Number(q.open_24h)) / Number(q.open_24h)) * 100;
      expect(Math.abs(Number(q.change_24h) - change)).toBeLessThanOrEqual(0.006);
      expect(Number(q.volume_24h)).toBeGreaterThan(0);
      expect(q.updated_at).toBe(Math.floor(server.clock.now().getTime() / 1000));
    }
    const btc = list.find((q) => q.symbol === "BTC/USDT");
    expect(btc).toMatchObject({ base: "BTC", quote: "USDT", kind: "crypto", price_precision: 2 });
  });

  it("filters by kind and refuses an unknown kind", async () => {
    const fx = await server.call<Quotation[]>("GET", "currency/quotation_new", { kind: "metal" });
    expect(fx.body.message.map((q) => q.symbol)).toEqual(["XAU/USD", "XAG/USD"]);
    const bad = await server.call("GET", "currency/quotation_new", { kind: "stocks" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ type: "error", code: "PARAMETER_ERROR" });
  });
});

describe("currency/new_timeshar", () => {
  it("needs a session", async () => {
    const answer = await server.call("GET", "currency/new_timeshar", { symbol: "BTC/USDT" });
    expect(answer.status).toBe(401);
    expect(answer.body.type).toBe(999);
  });

  it("returns candles oldest first, the open one last and live", async () => {
    const answer = await server.call<Candle[]>("GET", "currency/new_timeshar", { symbol: "BTC/USDT", interval: "1m", limit: 20 }, { token: user.token });
    expect(answer.status).toBe(200);
    const list = answer.body.message;
    expect(list).toHaveLength(20);
    for (let i = 1; i < list.length; i++) expect(list[i].t).toBeGreaterThan(list[i - 1].t);
    for (const c of list) {
      expect(c.t % 60).toBe(0);
      expect(Number(c.l)).toBeLessThanOrEqual(Math.min(Number(c.o), Number(c.c)));
      expect(Number(c.h)).toBeGreaterThanOrEqual(Math.max(Number(c.o), Number(c.c)));
    }
    const nowSeconds = Math.floor(server.clock.now().getTime() / 1000);
    const last = list[list.length - 1];
    expect(last.t).toBe(nowSeconds - (nowSeconds % 60));
    const btc = (await server.call<Quotation[]>("GET", "currency/quotation_new")).body.message.find((q) => q.symbol === "BTC/USDT")!;
    expect(last.c).toBe(btc.last);

    // A tick moves the open candle (or opens the next one).
    await steps(1);
    const after = (await server.call<Candle[]>("GET", "currency/new_timeshar", { symbol: "BTC/USDT", interval: "1m", limit: 2 }, { token: user.token })).body.message;
    const moved = (await server.call<Quotation[]>("GET", "currency/quotation_new")).body.message.find((q) => q.symbol === "BTC/USDT")!;
    expect(after[after.length - 1].c).toBe(moved.last);
  });

  it("pages back with `to` and accepts other spellings of a symbol", async () => {
    const first = (await server.call<Candle[]>("GET", "currency/new_timeshar", { symbol: "eth-usdt", interval: "5m", limit: 10 }, { token: user.token })).body.message;
    const older = (await server.call<Candle[]>("GET", "currency/new_timeshar", { symbol: "ETH_USDT", interval: "5m", limit: 5, to: first[0].t - 1 }, { token: user.token })).body.message;
    expect(older).toHaveLength(5);
    expect(older[4].t).toBe(first[0].t - 300);
  });

  it("serves every interval", async () => {
    for (const interval of ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"]) {
      const answer = await server.call<Candle[]>("GET", "currency/new_timeshar", { symbol: "XAU/USD", interval, limit: 5 }, { token: user.token });
      expect(answer.status, interval).toBe(200);
      expect(answer.body.message.length, interval).toBeGreaterThan(0);
    }
  });

  it.each([
    [{ symbol: "BTC/USDT", interval: "2m" }, 400, "PARAMETER_ERROR"],
    [{ symbol: "BTC/USDT", limit: 1001 }, 400, "PARAMETER_ERROR"],
    [{ symbol: "BTC/USDT", limit: 0 }, 400, "PARAMETER_ERROR"],
    [{ symbol: "BTC/USDT", to: -5 }, 400, "PARAMETER_ERROR"],
    [{ symbol: "NOPE/USDT" }, 404, "PAIR_NOT_FOUND"],
    [{ symbol: "not a pair" }, 404, "PAIR_NOT_FOUND"],
    [{}, 400, "MISSING_PARAMETER"],
  ])("refuses %j", async (payload, status, code) => {
    const answer = await server.call("GET", "currency/new_timeshar", payload, { token: user.token });
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(answer.body.message).toBe(errors[code as keyof typeof errors].key);
  });
});

describe("forex and metals: currency/whlist and currency/whkdata", () => {
  it("lists only forex and metal pairs", async () => {
    const answer = await server.call<Quotation[]>("GET", "currency/whlist", {}, { token: user.token });
    expect(answer.body.message.map((q) => q.symbol)).toEqual(["EUR/USD", "GBP/USD", "USD/JPY", "AUD/USD", "USD/CHF", "USD/CAD", "XAU/USD", "XAG/USD"]);
    const forex = await server.call<Quotation[]>("GET", "currency/whlist", { kind: "forex" }, { token: user.token });
    expect(forex.body.message).toHaveLength(6);
    expect((await server.call("GET", "currency/whlist", { kind: "crypto" }, { token: user.token })).status).toBe(400);
    expect((await server.call("GET", "currency/whlist")).status).toBe(401);
  });

  it("gives candles of a forex pair and refuses a crypto one", async () => {
    const answer = await server.call<Candle[]>("GET", "currency/whkdata", { symbol: "EUR/USD", interval: "1h", limit: 3 }, { token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.body.message[0].o).toMatch(/^\d\.\d{5}$/);
    const crypto = await server.call("GET", "currency/whkdata", { symbol: "BTC/USDT" }, { token: user.token });
    expect(crypto.status).toBe(404);
    expect(crypto.body.code).toBe("PAIR_NOT_FOUND");
  });
});

describe("currency/pairs", () => {
  it("describes each pair's trading rules", async () => {
    const answer = await server.call<Pair[]>("GET", "currency/pairs", { symbol: "btc/usdt" });
    expect(answer.body.message).toEqual([
      {
        symbol: "BTC/USDT",
        base: "BTC",
        quote: "USDT",
        kind: "crypto",
        price_precision: 2,
        quantity_step: "0.0001",
        quantity_min: "0.0001",
        quantity_max: "100",
        trading: true,
        spread_rate: "0.0004",
        contract_size: "1",
        source: "sim",
        // Announced changes of its terms not in effect yet (none here; term-notice.test.ts).
        upcoming: [],
      },
    ]);
    const all = await server.call<Pair[]>("GET", "currency/pairs");
    expect(all.body.message).toHaveLength(INSTRUMENTS.length);
    expect(all.body.message.find((p) => p.symbol === "EUR/USD")?.contract_size).toBe("100000");
  });
});

describe("arbitrage/opportunities", () => {
  it("scans every pair across the live venues, counted not typed", async () => {
    const answer = await server.call<ArbitrageScan>("GET", "arbitrage/opportunities");
    expect(answer.status).toBe(200);
    const scan = answer.body.message;
    expect(scan.connected_venues).toBe(3);
    expect(scan.venues.map((v) => v.id)).toEqual(["sim-a", "sim-b", "sim-c"]);
    expect(scan.venues.every((v) => v.connected && v.pairs === INSTRUMENTS.length)).toBe(true);
    expect(scan.list).toHaveLength(INSTRUMENTS.length);
    for (const row of scan.list) {
      expect(row.venues).toBe(3);
      const spread = Number(row.best_bid) - Number(row.best_ask);
      expect(Number(row.spread)).toBeCloseTo(spread, 6);
      expect(Number(row.net_rate)).toBeCloseTo(Number(row.spread_rate) - Number(row.fee_rate), 6);
      expect(row.profitable).toBe(Number(row.net_rate) > 0 && row.ask_venue !== row.bid_venue);
    }
    for (let i = 1; i < scan.list.length; i++) expect(Number(scan.list[i - 1].net_rate)).toBeGreaterThanOrEqual(Number(scan.list[i].net_rate));
    expect(scan.opportunities).toBe(scan.list.filter((r) => r.profitable).length);
    const only = await server.call<ArbitrageScan>("GET", "arbitrage/opportunities", { profitable: "true", kind: "crypto" });
    expect(only.body.message.list.every((r) => r.profitable && r.kind === "crypto")).toBe(true);
    expect((await server.call("GET", "arbitrage/opportunities", { profitable: "maybe" })).status).toBe(400);
  });

  it("counts no venue once the feed has been silent", async () => {
    server.clock.advance(31_000);
    const scan = (await server.call<ArbitrageScan>("GET", "arbitrage/opportunities")).body.message;
    expect(scan.connected_venues).toBe(0);
    expect(scan.list).toEqual([]);
    await steps(1);
    expect((await server.call<ArbitrageScan>("GET", "arbitrage/opportunities")).body.message.connected_venues).toBe(3);
  });
});

describe("ticks for the engines", () => {
  it("records every tick with its time, and answers what the price was", async () => {
    const before = server.clock.now().getTime();
    await steps(2);
    const last = server.market.prices.lastTick("ETH/USDT")!;
    expect(last.atMs).toBe(server.clock.now().getTime());
    const rows = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM market_ticks WHERE symbol = 'ETH/USDT' AND at_ms > $1", [before]);
    expect(rows[0].n).toBe(2);
    expect((await server.market.prices.tickAtOrBefore("ETH/USDT", last.atMs + 500))?.price).toBe(last.price);
    const after = await server.market.prices.tickAtOrAfter("ETH/USDT", before + 1);
    expect(after?.atMs).toBe(before + 1_000);
    expect(await server.market.prices.tickAtOrAfter("ETH/USDT", last.atMs + 1)).toBeNull();
  });

  it("prices wallets from live ticks, and not from a stale feed", async () => {
    const prices = server.market.priceSource;
    expect(prices.name).toBe("sim");
    expect((await prices.usdtPrice("USDT"))?.toString()).toBe("1");
    const btc = server.market.prices.lastTick("BTC/USDT")!;
    expect((await prices.usdtPrice("BTC"))?.toString()).toBe(btc.price);
    expect(await prices.usdtPrice("EUR")).toBeNull();
    server.clock.advance(121_000);
    expect(await prices.usdtPrice("BTC")).toBeNull();
    expect(() => server.market.prices.requireTradable("BTC/USDT")).toThrow("TRADING_CLOSED");
    await steps(1);
    expect(server.market.prices.requireTradable("BTC/USDT").symbol).toBe("BTC/USDT");
  });
});

describe("health", () => {
  it("reports the real source and bus", async () => {
    const answer = await server.call<{ market_source: string; bus: string }>("GET", "health");
    expect(answer.body.message).toMatchObject({ market_source: "sim", bus: "local" });
  });
});

describe("back office: pairs and feed", () => {
  it("needs an operator", async () => {
    for (const path of ["backoffice/market/pairs", "backoffice/market/feed"]) {
      expect((await server.call("GET", path)).status).toBe(401);
      expect((await server.call("GET", path, {}, { token: user.token })).status).toBe(401);
    }
    expect((await server.call("POST", "backoffice/market/pairs/update", { symbol: "BTC/USDT", trading: false }, { token: user.token })).status).toBe(401);
  });

  it("switches trading off for everybody, audited, and on again", async () => {
    const operator = await server.newOperator("admin");
    const off = await server.call<Pair>("POST", "backoffice/market/pairs/update", { symbol: "DOGE/USDT", trading: false, reason: "maintenance" }, { token: operator.token });
    expect(off.status).toBe(200);
    expect(off.body.message.trading).toBe(false);
    const quotes = (await server.call<Quotation[]>("GET", "currency/quotation_new")).body.message;
    expect(quotes.find((q) => q.symbol === "DOGE/USDT")?.trading).toBe(false);
    expect(() => server.market.prices.requireTradable("DOGE/USDT")).toThrow("PAIR_NOT_ACTIVE");
    const audit = await server.database.query<{ action: string; target_id: string; detail: { changes: Record<string, unknown>; reason: string } }>(
      "SELECT action, target_id, detail FROM audit_log WHERE action = 'market.pair.update' ORDER BY id DESC LIMIT 1",
    );
    expect(audit[0]).toMatchObject({ target_id: "DOGE/USDT", detail: { changes: { trading: { from: true, to: false } }, reason: "maintenance" } });
    await server.call("POST", "backoffice/market/pairs/update", { symbol: "DOGE/USDT", trading: true }, { token: operator.token });
    await steps(1);
    expect(server.market.prices.requireTradable("DOGE/USDT").trading).toBe(true);
  });

  it("changes precision, step, limits and a narrower spread at once; the quotes follow (a wider one waits: term-notice.test.ts)", async () => {
    const operator = await server.newOperator("admin");
    const answer = await server.call<Pair>(
      "POST",
      "backoffice/market/pairs/update",
      { symbol: "SOL/USDT", price_precision: 2, quantity_step: "0.1", quantity_min: "0.2", quantity_max: "500", spread_rate: "0.0002" },
      { token: operator.token },
    );
    expect(answer.body.message).toMatchObject({ price_precision: 2, quantity_step: "0.1", quantity_min: "0.2", quantity_max: "500", spread_rate: "0.0002", upcoming: [] });
    await steps(1);
    const sol = (await server.call<Quotation[]>("GET", "currency/quotation_new")).body.message.find((q) => q.symbol === "SOL/USDT")!;
    expect(sol.last).toMatch(/^\d+\.\d{2}$/);
    expect(Number(sol.ask) - Number(sol.bid)).toBeGreaterThanOrEqual(Number(sol.last) * 0.0002 - 0.02);
    const list = await server.call<Pair[]>("GET", "backoffice/market/pairs", { kind: "crypto" }, { token: operator.token });
    expect(list.body.message).toHaveLength(10);
  });

  it.each([
    [{ symbol: "BTC/USDT", quantity_step: "0" }, { quantity_step: errors.QUANTITY_NOT_POSITIVE.key }],
    [{ symbol: "BTC/USDT", quantity_min: "0.00015" }, { quantity_min: errors.QUANTITY_STEP.key }],
    [{ symbol: "BTC/USDT", quantity_max: "0.00001" }, { quantity_max: errors.ORDER_BELOW_MIN.key }],
    [{ symbol: "BTC/USDT", spread_rate: "0.5" }, { spread_rate: errors.PARAMETER_ERROR.key }],
  ])("refuses inconsistent rules %j and changes nothing", async (payload, fields) => {
    const operator = await server.newOperator("admin");
    const answer = await server.call("POST", "backoffice/market/pairs/update", payload, { token: operator.token });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: "PARAMETER_ERROR", fields });
    expect(server.market.pairs.list({ symbol: "BTC/USDT" })[0]).toMatchObject({ quantity_step: "0.0001", quantity_min: "0.0001", quantity_max: "100", spread_rate: "0.0004" });
  });

  it("refuses bad input, an unknown pair and a reviewer", async () => {
    const admin = await server.newOperator("admin");
    const bad = await server.call("POST", "backoffice/market/pairs/update", { symbol: "BTC/USDT", price_precision: 11 }, { token: admin.token });
    expect(bad.body.code).toBe("PARAMETER_ERROR");
    const unknown = await server.call("POST", "backoffice/market/pairs/update", { symbol: "ABC/USDT", trading: false }, { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("PAIR_NOT_FOUND");
    const reviewer = await server.newOperator("reviewer");
    const refused = await server.call("POST", "backoffice/market/pairs/update", { symbol: "BTC/USDT", trading: false }, { token: reviewer.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("UNAUTHORIZED_OPERATION");
    expect((await server.call("GET", "backoffice/market/pairs", {}, { token: reviewer.token })).status).toBe(200);
  });

  it("shows the feed: source, leader, venues and the age of each pair's last tick", async () => {
    const operator = await server.newOperator("support");
    await steps(1);
    server.clock.advance(1_500);
    const answer = await server.call<{ source: string; leader: boolean; live: boolean; bus: string; pairs: { symbol: string; age_ms: number | null; last: string | null }[]; venues: unknown[] }>(
      "GET",
      "backoffice/market/feed",
      {},
      { token: operator.token },
    );
    expect(answer.status).toBe(200);
    const feed = answer.body.message;
    expect(feed).toMatchObject({ source: "sim", leader: true, live: true, bus: "local", tick_retention_hours: 72 });
    expect(feed.pairs).toHaveLength(INSTRUMENTS.length);
    expect(feed.pairs.every((p) => p.age_ms === 1_500 && p.last !== null)).toBe(true);
    expect(feed.venues).toHaveLength(3);
  });
});
