import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, systemClock } from "../platform/clock";
import { fixtureLines, replayWs, until, type WsReplay } from "../testing/replay";
import { BybitFeed, BybitProtocol } from "./bybit.feed";
import type { FeedAdapter, Tick, VenueBook, VenueQuote, VenueTrade } from "./feed";
import { INSTRUMENTS } from "./instruments";
import { OkxFeed, parseOkxFrame } from "./okx.feed";
import { VenueMix } from "./venue-mix";
import type { WsVenueFeed } from "./ws-venue";

/**
 * OKX's and Bybit's public streams on frames written from their documented formats (fixtures/okx-public-stream.jsonl,
 * fixtures/bybit-spot-stream.jsonl), parsed alone and served by local WebSocket servers: subscriptions, each venue's
 * keep-alive, dropped and silent connections, malformed and out-of-order frames. Then several venues together: a
 * silent venue drops out of the pair's price while another is fresh; all silent, no price.
 */

const CRYPTO = INSTRUMENTS.filter((i) => i.kind === "crypto");
const OKX = fixtureLines("okx-public-stream.jsonl");
const BYBIT = fixtureLines("bybit-spot-stream.jsonl");

describe("the instrument table names each venue's instruments", () => {
  it("derives OKX's and Bybit's names from base and quote", () => {
    const btc = CRYPTO[0];
    expect([btc.binance, btc.okx, btc.bybit]).toEqual(["BTCUSDT", "BTC-USDT", "BTCUSDT"]);
    expect(CRYPTO.every((i) => i.okx === `${i.base}-USDT` && i.bybit === `${i.base}USDT`)).toBe(true);
  });
});

describe("OKX frames", () => {
  const names = new Map(CRYPTO.map((i) => [i.okx as string, i.symbol]));
  it("reads tickers, trades and books5; answers and pongs carry nothing; the rest is dropped", () => {
    const parsed = OKX.map((line) => parseOkxFrame(line, names));
    expect(parsed.slice(0, 3)).toEqual([[], [], []]);
    expect(parsed[3]).toEqual([{ type: "quote", symbol: "BTC/USDT", bid: "65010.1", ask: "65010.2", atMs: 1767600000100 }]);
    expect(parsed[4]).toEqual([{ type: "trade", symbol: "BTC/USDT", price: "65010.2", quantity: "0.015", side: "buy", atMs: 1767600000150 }]);
    expect(parsed[5]?.[0]).toMatchObject({ type: "book", symbol: "BTC/USDT", atMs: 1767600000200, bids: [["65010.1", "0.8"], ["65009.9", "1.5"], ["65009.2", "0.3"], ["65008.7", "2.2"], ["65008", "4"]] });
    expect(parsed[6]).toEqual([{ type: "trade", symbol: "ETH/USDT", price: "3201.4", quantity: "0.5", side: "sell", atMs: 1767600000300 }]);
    expect(parsed[7]).toEqual([]); // pong
    expect(parsed.slice(8, 13).map((p) => (p === null ? null : p.length))).toEqual([null, null, 1, null, null]); // error, malformed, older trade (the feed drops it), unknown pair, bad price
  });
});

describe("Bybit frames", () => {
  it("keeps the book from its snapshot and deltas, drops a delta out of order, reads trades", () => {
    const reader = new BybitProtocol(new Map(CRYPTO.map((i) => [i.bybit as string, i.symbol])));
    const parsed = BYBIT.map((line) => reader.parse(line));
    expect(parsed[0]).toEqual([]);
    expect(parsed[1]?.[0]).toMatchObject({ type: "book", bids: [["65008.5", "0.5"], ["65008", "1.1"], ["65007.2", "0.25"], ["65006.9", "2"], ["65006", "3.5"], ["65005.1", "1"]] });
    expect(parsed[1]?.[1]).toEqual({ type: "quote", symbol: "BTC/USDT", bid: "65008.5", ask: "65009", atMs: 1767600000100 });
    expect(parsed[2]).toEqual([{ type: "trade", symbol: "BTC/USDT", price: "65009", quantity: "0.002", side: "buy", atMs: 1767600000158 }]);
    expect(parsed[3]).toEqual([]); // spot tickers carry no bid or ask
    // The delta removes 65008.5 and adds 65008.8 on the bids, changes 65009's size on the asks.
    expect(parsed[4]?.[0]).toMatchObject({ bids: [["65008.8", "0.7"], ["65008", "1.1"], ["65007.2", "0.25"], ["65006.9", "2"], ["65006", "3.5"], ["65005.1", "1"]], asks: expect.arrayContaining([["65009", "0.1"]]) });
    expect(parsed[5]).toBeNull(); // an older delta
    expect(parsed[6]).toEqual([]); // pong
    expect(parsed.slice(7, 13).map((p) => (p === null ? null : p.length))).toEqual([1, null, null, null, 1, null]);
  });

  it("waits for a snapshot before applying deltas", () => {
    const reader = new BybitProtocol(new Map([["BTCUSDT", "BTC/USDT"]]));
    expect(reader.parse(BYBIT[4])).toBeNull();
  });
});

const venues: Array<{ name: string; lines: string[]; make: (url: string, options: { staleMs?: number; pingMs?: number }) => WsVenueFeed; pings: (frames: string[]) => boolean; subscribed: (frames: string[]) => boolean; trades: number; dropped: number }> = [
  {
    name: "OKX",
    lines: OKX,
    make: (url, options) => new OkxFeed({ instruments: CRYPTO, clock: systemClock, url, reconnectMinMs: 30, reconnectMaxMs: 120, staleMs: options.staleMs ?? 10_000, pingMs: options.pingMs }),
    pings: (frames) => frames.includes("ping"),
    subscribed: (frames) => frames.some((f) => f.includes('"op":"subscribe"') && f.includes('{"channel":"books5","instId":"DOT-USDT"}')),
    trades: 3,
    // error, malformed, older trade, unknown pair, bad price
    dropped: 5,
  },
  {
    name: "Bybit",
    lines: BYBIT,
    make: (url, options) => new BybitFeed({ instruments: CRYPTO, clock: systemClock, url, reconnectMinMs: 30, reconnectMaxMs: 120, staleMs: options.staleMs ?? 10_000, pingMs: options.pingMs }),
    pings: (frames) => frames.some((f) => JSON.parse(f).op === "ping"),
    // 30 topics in three requests of ten.
    subscribed: (frames) => frames.filter((f) => JSON.parse(f).op === "subscribe").length === 3 && frames.some((f) => f.includes("orderbook.50.DOTUSDT")),
    trades: 3,
    // older delta, older trade, unknown pair, bad side, malformed, refused subscription
    dropped: 6,
  },
];

describe.each(venues)("$name against a local replay server", (venue) => {
  let server: WsReplay | null = null;
  let feed: WsVenueFeed | null = null;

  afterEach(async () => {
    await feed?.stop();
    feed = null;
    await server?.close();
    server = null;
  });

  function collect(url: string, options: { staleMs?: number; pingMs?: number } = {}) {
    const ticks: Tick[] = [];
    const quotes: VenueQuote[] = [];
    const books: VenueBook[] = [];
    feed = venue.make(url, options);
    feed.start({ tick: (t) => ticks.push(t), quote: (q) => quotes.push(q), book: (b) => books.push(b) });
    return { ticks, quotes, books, feed };
  }

  it("subscribes, keeps alive as documented, reads every frame, drops the bad ones, and reconnects when dropped", async () => {
    server = await replayWs((socket, count) => {
      let replayed = false;
      socket.on("message", (data) => {
        if (!String(data).includes("subscribe") || count !== 1 || replayed) return;
        replayed = true;
        for (const line of venue.lines) socket.send(line);
      });
      if (count === 1) setTimeout(() => socket.terminate(), 300);
    });
    const { ticks, quotes, books, feed: adapter } = collect(server.url, { pingMs: 50 });
    await until(() => adapter.connections >= 2 && server!.received.length >= 2 && venue.subscribed(server!.received[1]));
    expect(venue.subscribed(server.received[0])).toBe(true);
    expect(venue.pings(server.received[0])).toBe(true);
    expect(ticks.length).toBe(venue.trades);
    expect(ticks.every((t) => t.source === t.venue && t.side)).toBe(true);
    expect(quotes.length).toBeGreaterThan(0);
    expect(books[0]).toMatchObject({ symbol: "BTC/USDT", source: ticks[0].venue });
    expect(adapter.dropped).toBe(venue.dropped);
    expect(adapter.reconnects).toBeGreaterThanOrEqual(1);
    expect(adapter.connectedVenues()).toEqual([ticks[0].venue]);
  });

  it("treats a silent connection as dead and reconnects", async () => {
    server = await replayWs((socket, count) => {
      if (count > 1) socket.send(venue.lines.find((l) => l.includes("BTC") && l.includes('"data"') && (l.includes('"trades"') || l.includes("publicTrade")))!);
    });
    const { ticks, feed: adapter } = collect(server.url, { staleMs: 300 });
    await until(() => ticks.length === 1);
    expect(adapter.connections).toBe(2);
  });
});

describe("several venues pricing one pair", () => {
  const t0 = Date.UTC(2026, 0, 5, 8, 0, 0);
  const trade = (venue: string, price: string, atMs: number): Tick => ({ symbol: "BTC/USDT", price, quantity: "0.1", atMs, source: venue as Tick["source"], venue, side: "buy" });

  function mixOf(clock: ManualClock, off = new Set<string>()) {
    const children = ["binance", "okx", "bybit"].map((id) => ({ source: id, symbols: ["BTC/USDT"], venues: [{ id, name: id, source: id }], connectedVenues: () => [id], start() {}, stop() {} }) as unknown as FeedAdapter);
    const mix = new VenueMix(children, { clock, maxAgeMs: () => 5_000, isOff: (v) => off.has(v) });
    const ticks: Tick[] = [];
    const trades: VenueTrade[] = [];
    void mix.start({ tick: (t) => ticks.push(t), quote: () => {}, trade: (t) => trades.push(t) });
    return { mix, ticks, trades };
  }

  it("prices at the fresh venues' median; a silent venue drops out, the pair goes on; a late burst makes no tick", () => {
    const clock = new ManualClock(t0);
    const { mix, ticks, trades } = mixOf(clock);
    mix.onVenueTick(trade("binance", "100", t0));
    mix.onVenueTick(trade("okx", "102", t0 + 10));
    mix.onVenueTick(trade("bybit", "101.5", t0 + 20));
    expect(ticks.map((t) => t.price)).toEqual(["100", "101", "101.5"]);
    expect(trades.map((t) => `${t.venue} ${t.price}`)).toEqual(["binance 100", "okx 102", "bybit 101.5"]);
    // Six seconds on, Binance and Bybit are silent: OKX alone prices the pair.
    clock.advance(6_000);
    mix.onVenueTick(trade("okx", "103", t0 + 6_000));
    expect(ticks[3]).toMatchObject({ price: "103", atMs: t0 + 6_000, venue: "okx" });
    // A burst of Bybit's trades from five seconds ago arrives late: stale, no tick, no trade.
    mix.onVenueTick(trade("bybit", "90", t0 + 900));
    expect(ticks.length).toBe(4);
    expect(mix.stale).toBe(1);
    // Bybit back: the median of two.
    mix.onVenueTick(trade("bybit", "104", t0 + 6_010));
    expect(ticks[4].price).toBe("103.5");
  });

  it("makes no tick once every venue is silent (the pair pauses on its age), and ignores a venue switched off", () => {
    const clock = new ManualClock(t0);
    const off = new Set(["okx"]);
    const { mix, ticks } = mixOf(clock, off);
    mix.onVenueTick(trade("binance", "100", t0));
    mix.onVenueTick(trade("okx", "200", t0));
    expect(ticks.map((t) => t.price)).toEqual(["100"]);
    expect(mix.connectedVenues()).toEqual(["binance", "bybit"]);
    clock.advance(60_000);
    expect(ticks.length).toBe(1);
  });
});
