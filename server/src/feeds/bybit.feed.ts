import { Dec } from "./decimal";
import type { DepthLevel, VenueInfo } from "./feed";
import type { Instrument } from "./instruments";
import { frameObject, venueDecimal, venueLevels, venueMs, WsVenueFeed, type VenueEvent, type WsVenueOptions } from "./ws-venue";

/**
 * Bybit's v5 public spot stream (MARKET_VENUES=...,bybit), its documented format: after
 * `{"req_id","op":"subscribe","args":["tickers.BTCUSDT","publicTrade.BTCUSDT","orderbook.50.BTCUSDT"]}` (at most 10
 * topics a request on spot) the server answers `{"success":true,"ret_msg":"subscribe","conn_id","req_id","op"}`, then
 * pushes `{"topic","type":"snapshot"|"delta","ts","data"}`:
 * - publicTrade.<S>: `data: [{"T":ms,"s","S":"Buy"|"Sell","v":"qty","p":"price","L","i","BT"}]` -> ticks
 * - orderbook.50.<S>: a snapshot `{"s","b":[["px","sz"]],"a":[...],"u":update id,"seq"}`, then deltas (size "0"
 *   removes a level; `u` 1 is a new snapshot) -> its book, and its best levels the venue's quote
 * - tickers.<S>: 24 h figures without a bid or ask on spot: read and ignored.
 * The client sends `{"op":"ping"}` every 20 s (answered `{"op":"ping","ret_msg":"pong",...}`).
 */

export const BYBIT_STREAM_URL = "wss://stream.bybit.com/v5/public/spot";
export const BYBIT_VENUE: VenueInfo = { id: "bybit", name: "Bybit", source: "bybit" };

interface LocalBook {
  bids: Map<string, string>;
  asks: Map<string, string>;
  u: number;
}

const sorted = (side: Map<string, string>, descending: boolean): DepthLevel[] =>
  [...side.entries()].sort((a, b) => (descending ? new Dec(b[0]).comparedTo(a[0]) : new Dec(a[0]).comparedTo(b[0]))).slice(0, 50);

/** Reads Bybit frames; keeps each pair's book from its snapshot and deltas (a delta out of order is dropped). */
export class BybitProtocol {
  private books = new Map<string, LocalBook>();

  constructor(private readonly names: ReadonlyMap<string, string>) {}

  reset(): void {
    this.books.clear();
  }

  parse(raw: string): VenueEvent[] | null {
    const frame = frameObject(raw);
    if (!frame) return null;
    const f = frame as { op?: unknown; success?: unknown; topic?: unknown; type?: unknown; ts?: unknown; data?: unknown };
    if (f.op === "subscribe" || f.op === "ping" || f.op === "pong") return f.success === false ? null : [];
    if (typeof f.topic !== "string") return null;
    const [channel, ...rest] = f.topic.split(".");
    const symbol = this.names.get(rest[rest.length - 1] ?? "");
    if (!symbol) return null;
    if (channel === "tickers") return [];
    if (channel === "publicTrade" && Array.isArray(f.data)) {
      const events: VenueEvent[] = [];
      for (const t of f.data as Record<string, unknown>[]) {
        const price = venueDecimal(t?.p);
        const quantity = venueDecimal(t?.v, true);
        const atMs = venueMs(t?.T);
        if (price === null || quantity === null || atMs === null || (t.S !== "Buy" && t.S !== "Sell")) return null;
        events.push({ type: "trade", symbol, price, quantity, side: t.S === "Buy" ? "buy" : "sell", atMs });
      }
      return events;
    }
    if (channel === "orderbook" && f.data && typeof f.data === "object") return this.book(symbol, f.type, venueMs(f.ts), f.data as Record<string, unknown>);
    return null;
  }

  private book(symbol: string, type: unknown, atMs: number | null, data: Record<string, unknown>): VenueEvent[] | null {
    const bids = venueLevels(data.b, 200) ?? (Array.isArray(data.b) ? null : []);
    const asks = venueLevels(data.a, 200) ?? (Array.isArray(data.a) ? null : []);
    const u = data.u;
    if (atMs === null || !bids || !asks || typeof u !== "number" || !Number.isSafeInteger(u)) return null;
    let book = this.books.get(symbol);
    if (type === "snapshot" || u === 1) {
      book = { bids: new Map(), asks: new Map(), u };
      this.books.set(symbol, book);
    } else if (type !== "delta" || !book || u <= book.u) return null;
    book.u = u;
    for (const [side, levels] of [[book.bids, bids] as const, [book.asks, asks] as const]) {
      for (const [price, size] of levels) {
        if (Number(size) === 0) side.delete(price);
        else side.set(price, size);
      }
    }
    const bestBids = sorted(book.bids, true);
    const bestAsks = sorted(book.asks, false);
    const events: VenueEvent[] = [{ type: "book", symbol, bids: bestBids, asks: bestAsks, atMs }];
    if (bestBids.length && bestAsks.length) events.push({ type: "quote", symbol, bid: bestBids[0][0], ask: bestAsks[0][0], atMs });
    return events;
  }
}

export interface BybitFeedOptions extends WsVenueOptions {
  instruments: readonly Instrument[];
  url?: string;
}

export class BybitFeed extends WsVenueFeed {
  constructor(options: BybitFeedOptions) {
    const listed = options.instruments.filter((i) => i.bybit);
    const reader = new BybitProtocol(new Map(listed.map((i) => [i.bybit as string, i.symbol])));
    const topics = listed.flatMap((i) => [`tickers.${i.bybit}`, `publicTrade.${i.bybit}`, `orderbook.50.${i.bybit}`]);
    const url = options.url ?? BYBIT_STREAM_URL;
    super(
      {
        venue: BYBIT_VENUE,
        symbols: listed.map((i) => i.symbol),
        url: () => url,
        // Spot takes at most 10 topics per request.
        subscribe: () => Array.from({ length: Math.ceil(topics.length / 10) }, (_, n) => JSON.stringify({ req_id: `sub-${n + 1}`, op: "subscribe", args: topics.slice(n * 10, n * 10 + 10) })),
        ping: { everyMs: 20_000, frame: JSON.stringify({ req_id: "ping", op: "ping" }) },
        reset: () => reader.reset(),
        parse: (raw) => reader.parse(raw),
      },
      options,
    );
  }
}
