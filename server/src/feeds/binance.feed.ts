import type { VenueInfo } from "./feed";
import type { Instrument } from "./instruments";
import { frameObject, trimDecimal, venueDecimal, venueLevels, WsVenueFeed, type VenueEvent, type VenueProtocol, type WsVenueOptions } from "./ws-venue";

/**
 * Binance's public spot market stream (MARKET_VENUES=binance, or MARKET_SOURCE=binance), its documented
 * combined-stream format: `wss://stream.binance.com:9443/stream?streams=btcusdt@aggTrade/btcusdt@bookTicker/...`
 * delivers `{"stream":"<name>","data":<payload>}` frames:
 * - aggTrade: `{"e":"aggTrade","E":event ms,"s":"BTCUSDT","a":id,"p":"price","q":"qty","f","l","T":trade ms,"m","M"}`
 * - trade:    `{"e":"trade","E","s","t":id,"p","q","T":trade ms,"m","M"}` (`m`: the buyer made the book: a sell)
 * - bookTicker: `{"u":update id,"s":"BTCUSDT","b":"best bid","B":"bid qty","a":"best ask","A":"ask qty"}`
 * - depth5@100ms: `{"lastUpdateId":id,"bids":[["price","qty"]],"asks":[...]}` (the pair only in the stream's name)
 * Trades become ticks, book tickers the venue's quote, depth its book. The server pings every 20 s (the ws library
 * answers with a pong) and closes every connection after 24 h; ws-venue.ts reconnects.
 */

export const BINANCE_STREAM_URL = "wss://stream.binance.com:9443";
export const BINANCE_VENUE: VenueInfo = { id: "binance", name: "Binance", source: "binance" };

export { trimDecimal };

/**
 * Parses one frame of the combined stream. Returns null for anything that is not a trade, book ticker or depth of a
 * known pair (subscription answers, unknown streams, malformed frames): a bad frame is dropped, never a crash.
 * `symbols` maps Binance names ("BTCUSDT") to ours ("BTC/USDT"). A depth frame's time is `nowMs` (it carries none).
 */
export function parseBinanceFrame(raw: string, symbols: ReadonlyMap<string, string>, nowMs = Date.now()): VenueEvent | null {
  const frame = frameObject(raw);
  if (!frame) return null;
  // Combined streams wrap the payload; a raw stream (/ws/<name>) sends it bare.
  const combined = "stream" in frame && "data" in frame;
  const data = (combined ? (frame as { data: unknown }).data : frame) as Record<string, unknown> | null;
  if (!data || typeof data !== "object") return null;
  const stream = combined ? String((frame as { stream: unknown }).stream) : "";
  if (/@depth\d+/.test(stream) && "lastUpdateId" in data) {
    const symbol = symbols.get(stream.split("@")[0].toUpperCase());
    const bids = venueLevels(data.bids);
    const asks = venueLevels(data.asks);
    if (!symbol || !bids || !asks) return null;
    return { type: "book", symbol, bids, asks, atMs: nowMs };
  }
  const symbol = typeof data.s === "string" ? symbols.get(data.s.toUpperCase()) : undefined;
  if (!symbol) return null;
  if (data.e === "aggTrade" || data.e === "trade") {
    const price = venueDecimal(data.p);
    const quantity = venueDecimal(data.q, true);
    const { T } = data;
    if (price === null || quantity === null) return null;
    if (typeof T !== "number" || !Number.isSafeInteger(T) || T <= 0) return null;
    return { type: "trade", symbol, price, quantity, side: data.m === true ? "sell" : "buy", atMs: T };
  }
  if (data.e === undefined && "u" in data && "b" in data && "a" in data) {
    const bid = venueDecimal(data.b);
    const ask = venueDecimal(data.a);
    if (bid === null || ask === null) return null;
    return { type: "quote", symbol, bid, ask };
  }
  return null;
}

/** The combined-stream URL for the pairs. */
export function binanceStreamUrl(base: string, instruments: readonly Instrument[]): string {
  const streams = instruments.flatMap((i) => {
    const name = (i.binance ?? "").toLowerCase();
    return [`${name}@aggTrade`, `${name}@bookTicker`, `${name}@depth5@100ms`];
  });
  return `${base.replace(/\/$/, "")}/stream?streams=${streams.join("/")}`;
}

export interface BinanceFeedOptions extends WsVenueOptions {
  instruments: readonly Instrument[];
  /** Base URL (a local replay server in tests). */
  url?: string;
}

/** Binance as a venue: the combined stream subscribes in its URL, and Binance pings (ws answers). */
export class BinanceFeed extends WsVenueFeed {
  constructor(options: BinanceFeedOptions) {
    const listed = options.instruments.filter((i) => i.binance);
    const names = new Map(listed.map((i) => [i.binance as string, i.symbol]));
    const url = binanceStreamUrl(options.url ?? BINANCE_STREAM_URL, listed);
    const protocol: VenueProtocol = {
      venue: BINANCE_VENUE,
      symbols: listed.map((i) => i.symbol),
      url: () => url,
      subscribe: () => [],
      parse: (raw) => {
        const event = parseBinanceFrame(raw, names, options.clock.now().getTime());
        return event ? [event] : null;
      },
    };
    super(protocol, options);
  }
}
