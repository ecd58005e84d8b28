import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import { systemClock } from "../platform/clock";
import { BinanceFeed, binanceStreamUrl, parseBinanceFrame, trimDecimal } from "./binance.feed";
import type { VenueEvent } from "./ws-venue";
import type { Tick, VenueQuote } from "./feed";
import { INSTRUMENTS } from "./instruments";

/**
 * The Binance adapter on recorded frames (written from Binance's documented combined-stream format: this machine
 * has no internet), then against a local replay server with the real ws library: reconnects after the server
 * closes, after a silent connection, and while the server is down.
 */

const FIXTURE = fs.readFileSync(path.join(import.meta.dirname, "fixtures/binance-combined-stream.jsonl"), "utf8").split("\n").filter(Boolean);
const CRYPTO = INSTRUMENTS.filter((i) => i.binance);
const NAMES = new Map(CRYPTO.map((i) => [i.binance as string, i.symbol]));

describe("parseBinanceFrame on recorded messages", () => {
  it("turns trades into ticks and book tickers into quotes, and drops everything else", () => {
    const events = FIXTURE.map((line) => parseBinanceFrame(line, NAMES));
    const expected: (VenueEvent | null)[] = [
      null, // the subscription answer
      { type: "trade", symbol: "BTC/USDT", price: "65012.34", quantity: "0.0152", side: "buy", atMs: 1767225600120 },
      { type: "quote", symbol: "BTC/USDT", bid: "65012.33", ask: "65012.34" },
      { type: "trade", symbol: "ETH/USDT", price: "3201.55", quantity: "0.5", side: "sell", atMs: 1767225600148 },
      { type: "quote", symbol: "ETH/USDT", bid: "3201.54", ask: "3201.55" },
      { type: "trade", symbol: "BTC/USDT", price: "65013.1", quantity: "0.0021", side: "sell", atMs: 1767225600399 },
      { type: "trade", symbol: "DOGE/USDT", price: "0.15212", quantity: "1500", side: "buy", atMs: 1767225600400 },
      null, // a pair we do not list
      null, // a price that is not a number
      null, // a trade without its time
      null, // not JSON
      null, // a stream we do not use (klines are built from our own ticks)
      { type: "trade", symbol: "SOL/USDT", price: "150.123", quantity: "2", side: "sell", atMs: 1767225601000 },
      { type: "trade", symbol: "BTC/USDT", price: "65015", quantity: "0", side: "sell", atMs: 1767225601001 },
    ];
    expect(events).toEqual(expected);
  });

  it("reads a partial depth stream as the venue's book, its pair from the stream's name", () => {
    const raw = JSON.stringify({ stream: "btcusdt@depth5@100ms", data: { lastUpdateId: 7, bids: [["65000.10", "0.5"]], asks: [["65000.20", "1.25000000"]] } });
    expect(parseBinanceFrame(raw, NAMES, 42)).toEqual({ type: "book", symbol: "BTC/USDT", bids: [["65000.1", "0.5"]], asks: [["65000.2", "1.25"]], atMs: 42 });
    expect(parseBinanceFrame(JSON.stringify({ stream: "btcusdt@depth5@100ms", data: { lastUpdateId: 7, bids: [["x", "1"]], asks: [] } }), NAMES)).toBeNull();
  });

  it("reads a raw (not combined) stream payload too", () => {
    const raw = JSON.stringify({ e: "aggTrade", E: 1, s: "ETHUSDT", a: 1, p: "3000.10", q: "1", f: 1, l: 1, T: 5, m: true, M: true });
    expect(parseBinanceFrame(raw, NAMES)).toEqual({ type: "trade", symbol: "ETH/USDT", price: "3000.1", quantity: "1", side: "sell", atMs: 5 });
  });

  it.each([
    ["25.35190000", "25.3519"],
    ["100.000", "100"],
    ["100", "100"],
    ["0.00000100", "0.000001"],
  ])("trims %s to %s", (input, output) => expect(trimDecimal(input)).toBe(output));

  it("asks for a trade and a book stream per listed pair", () => {
    const url = binanceStreamUrl("wss://stream.binance.com:9443/", CRYPTO.slice(0, 2));
    expect(url).toBe("wss://stream.binance.com:9443/stream?streams=btcusdt@aggTrade/btcusdt@bookTicker/btcusdt@depth5@100ms/ethusdt@aggTrade/ethusdt@bookTicker/ethusdt@depth5@100ms");
  });
});

describe("BinanceFeed against a local replay server", () => {
  let server: WebSocketServer | null = null;
  let feed: BinanceFeed | null = null;

  afterEach(async () => {
    await feed?.stop();
    feed = null;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  function replay(onConnection: (socket: WebSocket, url: string, count: number) => void, port = 0): Promise<number> {
    let count = 0;
    server = new WebSocketServer({ port, host: "127.0.0.1" });
    server.on("connection", (socket, request) => onConnection(socket, request.url ?? "", ++count));
    return new Promise((resolve) => server!.on("listening", () => resolve((server!.address() as AddressInfo).port)));
  }

  function collect(port: number, options: { staleMs?: number } = {}) {
    const ticks: Tick[] = [];
    const quotes: VenueQuote[] = [];
    feed = new BinanceFeed({ instruments: CRYPTO, clock: systemClock, url: `ws://127.0.0.1:${port}`, reconnectMinMs: 30, reconnectMaxMs: 120, staleMs: options.staleMs ?? 10_000 });
    feed.start({ tick: (t) => ticks.push(t), quote: (q) => quotes.push(q) });
    return { ticks, quotes, feed };
  }

  const until = async (condition: () => boolean, timeoutMs = 5_000) => {
    const started = Date.now();
    while (!condition()) {
      if (Date.now() - started > timeoutMs) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it("subscribes to every listed pair, and reconnects when the server closes the connection", async () => {
    const urls: string[] = [];
    const port = await replay((socket, url) => {
      urls.push(url);
      for (const line of FIXTURE) socket.send(line);
      // Binance ends every connection after 24 hours; here, at once.
      setTimeout(() => socket.close(), 20);
    });
    const { ticks, quotes, feed: adapter } = collect(port);
    await until(() => adapter.connections >= 2 && ticks.length >= 12);
    expect(urls[0]).toContain("/stream?streams=btcusdt@aggTrade/btcusdt@bookTicker");
    expect(urls[0]).toContain("dotusdt@bookTicker");
    expect(ticks.slice(0, 6).map((t) => `${t.symbol} ${t.price}`)).toEqual([
      "BTC/USDT 65012.34",
      "ETH/USDT 3201.55",
      "BTC/USDT 65013.1",
      "DOGE/USDT 0.15212",
      "SOL/USDT 150.123",
      "BTC/USDT 65015",
    ]);
    expect(ticks.every((t) => t.source === "binance")).toBe(true);
    expect(quotes.slice(0, 2).map((q) => `${q.venue} ${q.symbol} ${q.bid}/${q.ask}`)).toEqual(["binance BTC/USDT 65012.33/65012.34", "binance ETH/USDT 3201.54/3201.55"]);
    expect(adapter.dropped).toBeGreaterThanOrEqual(6);
  });

  it("treats a silent connection as dead and reconnects", async () => {
    const port = await replay((socket, _url, count) => {
      // The first connection says nothing; the second one talks.
      if (count > 1) socket.send(FIXTURE[1]);
    });
    const { ticks, feed: adapter } = collect(port, { staleMs: 300 });
    await until(() => ticks.length === 1);
    expect(adapter.connections).toBe(2);
    expect(adapter.connectedVenues()).toEqual(["binance"]);
  });

  it("keeps trying while the server is down, and connects when it is back", async () => {
    const port = await replay(() => {});
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
    const { ticks, feed: adapter } = collect(port);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(adapter.connections).toBe(0);
    expect(adapter.connectedVenues()).toEqual([]);
    await replay((socket) => socket.send(FIXTURE[3]), port);
    await until(() => ticks.length === 1);
    expect(ticks[0].symbol).toBe("ETH/USDT");
  });

  it("backs off: doubling from the minimum, capped, with jitter", () => {
    const adapter = new BinanceFeed({ instruments: CRYPTO, clock: systemClock, reconnectMinMs: 1_000, reconnectMaxMs: 30_000, random: () => 1 });
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => adapter.reconnecting.delay(n))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    const low = new BinanceFeed({ instruments: CRYPTO, clock: systemClock, reconnectMinMs: 1_000, random: () => 0 });
    expect(low.reconnecting.delay(3)).toBe(2_000);
  });

  it("stops reconnecting once stopped", async () => {
    const port = await replay((socket) => setTimeout(() => socket.close(), 10));
    const { feed: adapter } = collect(port);
    await until(() => adapter.connections >= 1);
    await adapter.stop();
    const count = adapter.connections;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(adapter.connections).toBe(count);
  });
});
