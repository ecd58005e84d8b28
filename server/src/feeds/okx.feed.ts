import type { VenueInfo } from "./feed";
import type { Instrument } from "./instruments";
import { frameObject, venueDecimal, venueLevels, venueMs, WsVenueFeed, type VenueEvent, type WsVenueOptions } from "./ws-venue";

/**
 * OKX's v5 public WebSocket (MARKET_VENUES=...,okx), its documented format: after
 * `{"op":"subscribe","args":[{"channel":"tickers","instId":"BTC-USDT"},...]}` the server answers
 * `{"event":"subscribe","arg":{...},"connId"}` per channel (or `{"event":"error","code","msg"}`), then pushes
 * `{"arg":{"channel","instId"},"data":[...]}`:
 * - tickers: `{"instId","last","lastSz","askPx","askSz","bidPx","bidSz",...,"ts":"ms"}` -> the venue's quote
 * - trades:  `{"instId","tradeId","px","sz","side":"buy"|"sell","ts":"ms","count"}` -> ticks
 * - books5:  `{"asks":[["px","sz","0","orders"]],"bids":[...],"instId","ts":"ms","seqId"}` -> its book
 * OKX closes a connection silent for 30 s: the client sends the text `ping` (answered `pong`) every 20 s.
 */

export const OKX_STREAM_URL = "wss://ws.okx.com:8443/ws/v5/public";
export const OKX_VENUE: VenueInfo = { id: "okx", name: "OKX", source: "okx" };
const CHANNELS = ["tickers", "trades", "books5"] as const;

/** One frame's events; null for a frame that is not an answer, a pong or data of a listed pair. */
export function parseOkxFrame(raw: string, names: ReadonlyMap<string, string>): VenueEvent[] | null {
  if (raw === "pong") return [];
  const frame = frameObject(raw);
  if (!frame) return null;
  const f = frame as { event?: unknown; arg?: { channel?: unknown; instId?: unknown }; data?: unknown };
  if (f.event === "subscribe" || f.event === "unsubscribe") return [];
  if (!f.arg || !Array.isArray(f.data)) return null;
  const symbol = typeof f.arg.instId === "string" ? names.get(f.arg.instId) : undefined;
  if (!symbol) return null;
  const events: VenueEvent[] = [];
  for (const item of f.data as Record<string, unknown>[]) {
    if (!item || typeof item !== "object") return null;
    const atMs = venueMs(item.ts);
    if (atMs === null) return null;
    if (f.arg.channel === "trades") {
      const price = venueDecimal(item.px);
      const quantity = venueDecimal(item.sz, true);
      if (price === null || quantity === null || (item.side !== "buy" && item.side !== "sell")) return null;
      events.push({ type: "trade", symbol, price, quantity, side: item.side, atMs });
    } else if (f.arg.channel === "tickers") {
      const bid = venueDecimal(item.bidPx);
      const ask = venueDecimal(item.askPx);
      if (bid === null || ask === null) return null;
      events.push({ type: "quote", symbol, bid, ask, atMs });
    } else if (f.arg.channel === "books5") {
      const bids = venueLevels(item.bids);
      const asks = venueLevels(item.asks);
      if (!bids || !asks) return null;
      events.push({ type: "book", symbol, bids, asks, atMs });
    } else return null;
  }
  return events;
}

export interface OkxFeedOptions extends WsVenueOptions {
  instruments: readonly Instrument[];
  url?: string;
}

export class OkxFeed extends WsVenueFeed {
  constructor(options: OkxFeedOptions) {
    const listed = options.instruments.filter((i) => i.okx);
    const names = new Map(listed.map((i) => [i.okx as string, i.symbol]));
    const url = options.url ?? OKX_STREAM_URL;
    super(
      {
        venue: OKX_VENUE,
        symbols: listed.map((i) => i.symbol),
        url: () => url,
        subscribe: () => [JSON.stringify({ op: "subscribe", args: listed.flatMap((i) => CHANNELS.map((channel) => ({ channel, instId: i.okx }))) })],
        ping: { everyMs: 20_000, frame: "ping" },
        parse: (raw) => parseOkxFrame(raw, names),
      },
      options,
    );
  }
}
