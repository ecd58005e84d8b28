import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errors } from "../../server/contract";
import type { ArbitrageScan, Depth, Quotation, RecentTrade } from "../../server/contract/market";
import { quoteAround } from "../../server/src/market";
import { OandaFeed, VenueMix, type WsVenueFeed } from "../../server/src/feeds";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { credit, passKyc } from "../../server/src/testing/money";
import { fixtureLines, replayHttp, replayWs, until, type HttpReplay, type WsReplay } from "../../server/src/testing/replay";
import { leadTheFeed } from "../../server/src/testing/ticks";

/**
 * FX_SOURCE=oanda end to end: the server reads a local OANDA pricing stream replaying the documented lines
 * (fixtures/oanda-pricing-stream.jsonl). EUR/USD and XAU/USD quote from it (`source: oanda`), an order fills at the
 * platform's quote around that stream's price and shows its tick, and XAU/USD pauses on `tradeable: false` and
 * resumes on the next tradeable price, through the real order route. MARKET_VENUES=okx,bybit: two local venue servers
 * replaying their documented frames price the crypto pairs together; one falling silent pauses nothing, both do.
 */

const LINES = fixtureLines("oanda-pricing-stream.jsonl");
const EUR = "EUR/USD";
const XAU = "XAU/USD";
let server: TestServer;
let oanda: HttpReplay;
let response: ServerResponse | null = null;
let user: { token: string; id: number };
const at = (time: string) => Date.parse(`2026-01-05T${time}Z`);

beforeAll(async () => {
  oanda = await replayHttp((res) => {
    res.writeHead(200, { "content-type": "application/octet-stream" });
    res.flushHeaders();
    response = res;
  });
  server = await createTestServer({ FX_SOURCE: "oanda", OANDA_TOKEN: "test-token", OANDA_ACCOUNT_ID: "101-004-1", OANDA_STREAM_URL: oanda.url });
  server.clock.set(at("08:00:01.000"));
  await leadTheFeed(server);
  await until(() => response !== null);
  user = await server.newUser();
  await credit(server, user.id, "100000");
  await passKyc(server, user.id);
  // Forex and metals need a bound bank card (positions rules).
  await server.database.query("INSERT INTO bank_cards (user_id, real_name, bank_name, card_number) VALUES ($1, 'A B', 'Bank', '6222000011112222')", [user.id]);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await oanda?.close();
});

const feed = () => server.market.runner.adapters.find((a): a is OandaFeed => a instanceof OandaFeed)!;
/** Sends stream lines, waits until the adapter read them, and lets the leader record and publish them. */
async function send(lines: string[]) {
  const before = feed().frames;
  for (const line of lines) response!.write(`${line}\n`);
  await until(() => feed().frames === before + lines.length);
  await server.market.step();
}
const quoteOf = async (symbol: string) => (await server.call<Quotation[]>("GET", "currency/whlist", {}, { token: user.token })).body.message.find((q) => q.symbol === symbol)!;
const order = (symbol: string) => server.call<{ id: number; open_price: string; open_tick: { price: string; at_ms: number } }>("POST", "lever/submit", { symbol, direction: "long", type: "market", quantity: "0.01", leverage: 10 }, { token: user.token });

describe("forex and metals from OANDA's pricing stream", () => {
  it("quotes EUR/USD and XAU/USD from the stream, and an order fills at that stream's price", async () => {
    expect(oanda.requests[0]).toMatchObject({ authorization: "Bearer test-token" });
    expect(oanda.requests[0].url).toContain("/v3/accounts/101-004-1/pricing/stream?instruments=EUR_USD%2C");
    await send(LINES.slice(0, 4));
    const eur = await quoteOf(EUR);
    expect(eur).toMatchObject({ source: "oanda", last: "1.08515", trading: true, paused: false });
    expect(await quoteOf(XAU)).toMatchObject({ source: "oanda", last: "2350.30", trading: true });
    expect((await server.call<Array<{ symbol: string; source: string }>>("GET", "currency/pairs", { symbol: EUR })).body.message[0].source).toBe("oanda");
    // The crypto pairs stay simulated without MARKET_VENUES, and say so.
    expect((await server.call<Quotation[]>("GET", "currency/quotation_new")).body.message.find((q) => q.symbol === "BTC/USDT")?.source).toBe("sim");

    const opened = await order(EUR);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const pair = (await server.call<Array<{ spread_rate: string }>>("GET", "currency/pairs", { symbol: EUR })).body.message[0];
    expect(opened.body.message.open_price).toBe(quoteAround("1.08515", pair.spread_rate, 5).ask);
    expect(opened.body.message.open_tick).toEqual({ price: "1.08515", at_ms: at("08:00:06.004") });
    // OANDA's levels are the pair's book; its stream carries no trades.
    expect((await server.call<Depth>("GET", "currency/depth", { symbol: XAU, limit: 5 })).body.message).toMatchObject({ venue: "oanda", source: "oanda", bids: [["2350.10", "100"], ["2350.00", "500"]] });
    expect((await server.call<{ list: unknown[] }>("GET", "currency/trades", { symbol: EUR })).body.message.list).toEqual([]);
  });

  it("drops malformed, unknown and late lines: the price stays the stream's latest", async () => {
    await send(LINES.slice(4, 8));
    expect(await quoteOf(EUR)).toMatchObject({ last: "1.08515", trading: true });
  });

  it("pauses XAU/USD on tradeable false, refuses its orders, and resumes on the next tradeable price", async () => {
    server.clock.set(at("08:00:07.500"));
    await send(LINES.slice(8, 10));
    expect(await quoteOf(XAU)).toMatchObject({ trading: false, paused: true });
    const refused = await order(XAU);
    expect([refused.status, refused.body.code, refused.body.fields]).toEqual([403, "TRADING_CLOSED", { price: errors.PRICES_PAUSED.key }]);
    server.clock.set(at("08:00:12.500"));
    await send(LINES.slice(10));
    expect(await quoteOf(XAU)).toMatchObject({ last: "2351.20", trading: true, paused: false });
    const filled = await order(XAU);
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect(filled.body.message.open_tick).toEqual({ price: "2351.2", at_ms: at("08:00:12.000") });

    // Heartbeats alone refresh nothing: EUR/USD, last priced at 08:00:06.004, pauses past 15 s.
    server.clock.set(at("08:00:21.100"));
    expect(await quoteOf(EUR)).toMatchObject({ trading: false, paused: true });
    expect(await quoteOf(XAU)).toMatchObject({ trading: true });
  });
});

describe("crypto from two venues (MARKET_VENUES=okx,bybit)", () => {
  const OKX = fixtureLines("okx-public-stream.jsonl");
  const BYBIT = fixtureLines("bybit-spot-stream.jsonl");
  const t0 = 1767600000000;
  let venues: TestServer;
  let okx: WsReplay;
  let bybit: WsReplay;

  beforeAll(async () => {
    [okx, bybit] = await Promise.all([replayWs(() => {}), replayWs(() => {})]);
    venues = await createTestServer({ MARKET_VENUES: ["okx", "bybit"], OKX_STREAM_URL: okx.url, BYBIT_STREAM_URL: bybit.url });
    venues.clock.set(t0 + 600);
    await leadTheFeed(venues);
    await until(() => okx.received.length === 1 && okx.received[0].length > 0 && bybit.received.length === 1 && bybit.received[0].length >= 3);
  }, 120_000);
  afterAll(async () => {
    await venues?.close();
    await Promise.all([okx?.close(), bybit?.close()]);
  });

  const mix = () => venues.market.runner.adapters.find((a): a is VenueMix => a instanceof VenueMix)!;
  const framesOf = () => mix().children.reduce((sum, c) => sum + (c as WsVenueFeed).frames, 0);
  async function send(lines: Array<[WsReplay, string]>) {
    const before = framesOf();
    for (const [venue, line] of lines) venue.sockets[0].send(line);
    await until(() => framesOf() === before + lines.length);
    await venues.market.step();
  }
  const btc = async () => (await venues.call<Quotation[]>("GET", "currency/quotation_new")).body.message.find((q) => q.symbol === "BTC/USDT")!;
  const okxTrade = (price: string, atMs: number) => JSON.stringify({ arg: { channel: "trades", instId: "BTC-USDT" }, data: [{ instId: "BTC-USDT", tradeId: String(atMs), px: price, sz: "0.01", side: "buy", ts: String(atMs), count: "1" }] });

  it("prices BTC/USDT at the median of both venues, and the scanner compares them with each one's fee", async () => {
    await send([...OKX.map((line): [WsReplay, string] => [okx, line]), ...BYBIT.map((line): [WsReplay, string] => [bybit, line])]);
    // OKX's last trade 65012, Bybit's 65011.5: the median of two.
    expect(await btc()).toMatchObject({ source: "okx", last: "65011.75", trading: true, paused: false });
    const scan = (await venues.call<ArbitrageScan>("GET", "arbitrage/opportunities")).body.message;
    expect(scan.venues.filter((v) => v.connected).map((v) => [v.id, v.fee_rate])).toEqual([
      ["okx", "0.001"],
      ["bybit", "0.001"],
    ]);
    expect(scan.list.find((r) => r.symbol === "BTC/USDT")).toMatchObject({ venues: 2, fee_rate: "0.002" });

    // The venues' book and trades, marked with the venue.
    const book = (await venues.call<Depth>("GET", "currency/depth", { symbol: "BTC/USDT", limit: 5 })).body.message;
    expect(["okx", "bybit"]).toContain(book.venue);
    expect(book).toMatchObject({ source: book.venue, at_ms: t0 + 200 });
    expect([book.bids.length, book.asks.length]).toEqual([5, 5]);
    const trades = (await venues.call<{ list: RecentTrade[] }>("GET", "currency/trades", { symbol: "BTC/USDT" })).body.message.list;
    expect(trades.map((t) => `${t.venue} ${t.price} ${t.side}`)).toEqual(["bybit 65011.5 sell", "okx 65012 sell", "bybit 65009 buy", "okx 65010.2 buy"]);
  });

  it("goes on from OKX alone while Bybit is silent, and pauses once both are", async () => {
    venues.clock.set(t0 + 6_600);
    await send([[okx, okxTrade("65020.5", t0 + 6_500)]]);
    expect(await btc()).toMatchObject({ last: "65020.50", trading: true, paused: false });
    venues.clock.set(t0 + 12_000);
    await venues.market.step();
    expect(await btc()).toMatchObject({ trading: false, paused: true });
  });
});
