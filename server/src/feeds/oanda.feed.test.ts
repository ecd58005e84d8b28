import { afterEach, describe, expect, it } from "vitest";
import { fixtureLines, replayHttp, until, type HttpReplay } from "../testing/replay";
import type { Tick, VenueBook, VenueQuote } from "./feed";
import { INSTRUMENTS } from "./instruments";
import { OandaFeed, oandaStreamUrl, oandaTime, parseOandaLine, type OandaEvent } from "./oanda.feed";
import { backoffDelay } from "./stream-client";

/**
 * The OANDA adapter on lines written from OANDA's documented pricing-stream format (fixtures/oanda-pricing-stream.jsonl),
 * parsed alone and then served by a local HTTP server as a chunked stream: prices, heartbeats, a pause and its end,
 * malformed and out-of-order lines, a dropped connection, a silent stream, a refused token.
 */

const LINES = fixtureLines("oanda-pricing-stream.jsonl");
const FX = INSTRUMENTS.filter((i) => i.oanda);
const NAMES = new Map(FX.map((i) => [i.oanda as string, i.symbol]));
const TOKEN = "secret-oanda-token-1234";
const at = (time: string) => Date.parse(`2026-01-05T${time}Z`);

describe("the instrument table names OANDA's instruments", () => {
  it("maps every forex and metal pair, and no crypto", () => {
    expect(NAMES.get("EUR_USD")).toBe("EUR/USD");
    expect(NAMES.get("XAU_USD")).toBe("XAU/USD");
    expect(NAMES.get("USD_JPY")).toBe("USD/JPY");
    expect(FX.every((i) => i.kind !== "crypto")).toBe(true);
    expect(FX.length).toBe(INSTRUMENTS.filter((i) => i.kind !== "crypto").length);
    expect(oandaStreamUrl("https://stream-fxtrade.oanda.com/", "101-004-1", FX.slice(0, 2))).toBe("https://stream-fxtrade.oanda.com/v3/accounts/101-004-1/pricing/stream?instruments=EUR_USD%2CGBP_USD");
  });
});

describe("parseOandaLine on the documented lines", () => {
  it("reads prices and heartbeats, and drops what is not one", () => {
    const events = LINES.map((line) => parseOandaLine(line, NAMES));
    const expected: (OandaEvent | null)[] = [
      { type: "price", symbol: "EUR/USD", bids: [["1.08501", "1000000"], ["1.08500", "5000000"]], asks: [["1.08509", "1000000"], ["1.08510", "5000000"]], atMs: at("08:00:00.100"), tradeable: true },
      { type: "price", symbol: "XAU/USD", bids: [["2350.10", "100"], ["2350.00", "500"]], asks: [["2350.50", "100"], ["2350.60", "500"]], atMs: at("08:00:00.250"), tradeable: true },
      { type: "heartbeat", atMs: at("08:00:05.000") },
      { type: "price", symbol: "EUR/USD", bids: [["1.08511", "1000000"]], asks: [["1.08519", "1000000"]], atMs: at("08:00:06.004"), tradeable: true },
      null, // malformed
      { type: "price", symbol: "EUR/USD", bids: [["1.09000", "1000000"]], asks: [["1.09008", "1000000"]], atMs: at("08:00:03.000"), tradeable: true }, // older: the adapter drops it
      null, // an instrument we do not list
      null, // no asks
      { type: "price", symbol: "XAU/USD", bids: [["2350.20", "100"]], asks: [["2350.60", "100"]], atMs: at("08:00:07.000"), tradeable: false },
      { type: "heartbeat", atMs: at("08:00:10.000") },
      { type: "price", symbol: "XAU/USD", bids: [["2351.00", "100"]], asks: [["2351.40", "100"]], atMs: at("08:00:12.000"), tradeable: true },
    ];
    expect(events).toEqual(expected);
  });

  it.each([
    ["2026-01-05T08:00:00.123456789Z", at("08:00:00.123")],
    ["2026-01-05T08:00:00Z", at("08:00:00.000")],
    ["1767600000.123456789", 1767600000123],
    ["1767600000", 1767600000000],
    ["yesterday", null],
    ["2026-01-05 08:00:00", null],
  ])("reads the time %s", (value, ms) => expect(oandaTime(value)).toBe(ms));
});

describe("OandaFeed against a local pricing stream", () => {
  let server: HttpReplay | null = null;
  let feed: OandaFeed | null = null;

  afterEach(async () => {
    await feed?.stop();
    feed = null;
    await server?.close();
    server = null;
  });

  function collect(url: string, options: { staleMs?: number } = {}) {
    const ticks: Tick[] = [];
    const quotes: VenueQuote[] = [];
    const books: VenueBook[] = [];
    const logs: unknown[] = [];
    const log = { info: (obj: object, msg?: string) => logs.push([obj, msg]), warn: (obj: object, msg?: string) => logs.push([obj, msg]) };
    feed = new OandaFeed({ instruments: FX, token: TOKEN, accountId: "101-004-1", url, reconnectMinMs: 30, reconnectMaxMs: 120, staleMs: options.staleMs ?? 10_000, log });
    feed.start({ tick: (t) => ticks.push(t), quote: (q) => quotes.push(q), book: (b) => books.push(b) });
    return { ticks, quotes, books, logs, feed };
  }

  /** Writes lines one per chunk, as OANDA's chunked body does. */
  const stream = (lines: readonly string[], end: boolean) => (response: import("node:http").ServerResponse) => {
    response.writeHead(200, { "content-type": "application/octet-stream" });
    response.flushHeaders();
    for (const line of lines) response.write(`${line}\n`);
    if (end) response.end();
  };

  it("prices EUR/USD and XAU/USD at their mid by the price's own time, pauses on tradeable false and resumes", async () => {
    server = await replayHttp((response) => stream(LINES.slice(0, 9), false)(response));
    const { ticks, quotes, books, feed: adapter } = collect(server.url);
    await until(() => ticks.length === 3 && adapter.halted().length === 1);
    expect(server.requests[0].url).toBe("/v3/accounts/101-004-1/pricing/stream?instruments=EUR_USD%2CGBP_USD%2CUSD_JPY%2CAUD_USD%2CUSD_CHF%2CUSD_CAD%2CXAU_USD%2CXAG_USD");
    expect(server.requests[0].authorization).toBe(`Bearer ${TOKEN}`);
    expect(ticks.map((t) => [t.symbol, t.price, t.atMs, t.source])).toEqual([
      ["EUR/USD", "1.08505", at("08:00:00.100"), "oanda"],
      ["XAU/USD", "2350.3", at("08:00:00.250"), "oanda"],
      ["EUR/USD", "1.08515", at("08:00:06.004"), "oanda"],
    ]);
    expect(quotes[0]).toEqual({ venue: "oanda", symbol: "EUR/USD", bid: "1.08501", ask: "1.08509", atMs: at("08:00:00.100") });
    expect(books[1]).toMatchObject({ venue: "oanda", source: "oanda", symbol: "XAU/USD", bids: [["2350.10", "100"], ["2350.00", "500"]] });
    // The malformed line, the late older price, the unknown instrument, the price without asks.
    expect(adapter.dropped).toBe(4);
    expect(adapter.halted()).toEqual(["XAU/USD"]);
    expect(adapter.connectedVenues()).toEqual(["oanda"]);
    server.requests.length = 0;
  });

  it("resumes a paused pair on its next tradeable price; heartbeats make no tick", async () => {
    server = await replayHttp((response) => stream(LINES, false)(response));
    const { ticks, feed: adapter } = collect(server.url);
    await until(() => ticks.length === 4);
    expect(ticks[3]).toMatchObject({ symbol: "XAU/USD", price: "2351.2", atMs: at("08:00:12.000") });
    expect(adapter.halted()).toEqual([]);
  });

  it("reconnects when the connection drops, with a growing jittered delay, and logs no token", async () => {
    server = await replayHttp((response, _request, count) => stream(count === 1 ? LINES.slice(0, 2) : LINES.slice(3, 4), true)(response));
    const { ticks, logs, feed: adapter } = collect(server.url);
    await until(() => adapter.connections >= 2 && ticks.length >= 3);
    expect(ticks.slice(0, 3).map((t) => t.price)).toEqual(["1.08505", "2350.3", "1.08515"]);
    expect(server.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });

  it("treats a silent stream as dead and reopens it", async () => {
    server = await replayHttp((response, _request, count) => stream(count === 1 ? [] : LINES.slice(0, 1), false)(response));
    const { ticks, feed: adapter } = collect(server.url, { staleMs: 300 });
    await until(() => ticks.length === 1);
    expect(adapter.connections).toBe(2);
  });

  it("gives up on a server that accepts and never answers, and tries again", async () => {
    server = await replayHttp((response, _request, count) => {
      if (count > 1) stream(LINES.slice(0, 1), false)(response);
    });
    const { ticks } = collect(server.url, { staleMs: 300 });
    await until(() => ticks.length === 1);
    expect(server.requests.length).toBe(2);
  });

  it("keeps retrying a refused token without logging it, and stops when stopped", async () => {
    server = await replayHttp((response) => {
      response.writeHead(401, { "content-type": "application/json" });
      response.end(JSON.stringify({ errorMessage: `Insufficient authorization to perform request: ${TOKEN}` }));
    });
    const { logs, feed: adapter } = collect(server.url);
    await until(() => server!.requests.length >= 3);
    expect(adapter.connectedVenues()).toEqual([]);
    expect(JSON.stringify(logs)).toContain("401");
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
    await adapter.stop();
    const count = server.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(server.requests.length).toBe(count);
  });

  it("backs off: doubling from the minimum, capped, with jitter", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, 1_000, 30_000, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(backoffDelay(3, 1_000, 30_000, () => 0)).toBe(2_000);
  });
});
