import WebSocket from "ws";
import type { Clock } from "../platform/clock";
import type { FeedAdapter, FeedSink, VenueInfo } from "./feed";
import type { Instrument } from "./instruments";
import { MONEY_PATTERN } from "../../contract/common";

/**
 * Binance's public spot market stream (MARKET_SOURCE=binance), its documented combined-stream format:
 * `wss://stream.binance.com:9443/stream?streams=btcusdt@aggTrade/btcusdt@bookTicker/...` delivers
 * `{"stream":"<name>","data":<payload>}` frames:
 * - aggTrade: `{"e":"aggTrade","E":event ms,"s":"BTCUSDT","a":id,"p":"price","q":"qty","f","l","T":trade ms,"m","M"}`
 * - trade:    `{"e":"trade","E","s","t":id,"p","q","T":trade ms,"m","M"}`
 * - bookTicker: `{"u":update id,"s":"BTCUSDT","b":"best bid","B":"bid qty","a":"best ask","A":"ask qty"}`
 * Trades become ticks, book tickers become the venue's quote. The server pings every 20 s (the ws library answers
 * with a pong) and closes every connection after 24 h; this adapter reconnects with a growing, jittered delay and
 * treats a silent connection as dead.
 */

export const BINANCE_STREAM_URL = "wss://stream.binance.com:9443";
export const BINANCE_VENUE: VenueInfo = { id: "binance", name: "Binance", source: "binance" };

export type BinanceEvent =
  | { type: "trade"; symbol: string; price: string; quantity: string; atMs: number }
  | { type: "book"; symbol: string; bid: string; ask: string };

const DECIMAL = MONEY_PATTERN;

/** "25.35190000" -> "25.3519"; "100.000" -> "100". */
export function trimDecimal(value: string): string {
  if (!value.includes(".")) return value;
  const trimmed = value.replace(/0+$/, "");
  return trimmed.endsWith(".") ? trimmed.slice(0, -1) : trimmed;
}

/**
 * Parses one frame of the combined stream. Returns null for anything that is not a trade or book ticker of a
 * known pair (subscription answers, unknown streams, malformed frames): a bad frame is dropped, never a crash.
 * `symbols` maps Binance names ("BTCUSDT") to ours ("BTC/USDT").
 */
export function parseBinanceFrame(raw: string, symbols: ReadonlyMap<string, string>): BinanceEvent | null {
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!frame || typeof frame !== "object") return null;
  // Combined streams wrap the payload; a raw stream (/ws/<name>) sends it bare.
  const data = ("stream" in frame && "data" in frame ? (frame as { data: unknown }).data : frame) as Record<string, unknown> | null;
  if (!data || typeof data !== "object") return null;
  const symbol = typeof data.s === "string" ? symbols.get(data.s.toUpperCase()) : undefined;
  if (!symbol) return null;
  if (data.e === "aggTrade" || data.e === "trade") {
    const { p, q, T } = data;
    if (typeof p !== "string" || typeof q !== "string" || !DECIMAL.test(p) || !DECIMAL.test(q)) return null;
    if (typeof T !== "number" || !Number.isSafeInteger(T) || T <= 0) return null;
    const price = trimDecimal(p);
    if (Number(price) <= 0) return null;
    return { type: "trade", symbol, price, quantity: trimDecimal(q), atMs: T };
  }
  if (data.e === undefined && "u" in data && "b" in data && "a" in data) {
    const { b, a } = data;
    if (typeof b !== "string" || typeof a !== "string" || !DECIMAL.test(b) || !DECIMAL.test(a)) return null;
    if (Number(b) <= 0 || Number(a) <= 0) return null;
    return { type: "book", symbol, bid: trimDecimal(b), ask: trimDecimal(a) };
  }
  return null;
}

/** The combined-stream URL for the pairs. */
export function binanceStreamUrl(base: string, instruments: readonly Instrument[]): string {
  const streams = instruments.flatMap((i) => {
    const name = (i.binance ?? "").toLowerCase();
    return [`${name}@aggTrade`, `${name}@bookTicker`];
  });
  return `${base.replace(/\/$/, "")}/stream?streams=${streams.join("/")}`;
}

export interface BinanceFeedOptions {
  instruments: readonly Instrument[];
  clock: Clock;
  /** Base URL (a local replay server in tests). */
  url?: string;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** No frame for this long: the connection is dead (Binance sends book tickers many times a second). */
  staleMs?: number;
  random?: () => number;
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

export class BinanceFeed implements FeedAdapter {
  readonly source = "binance" as const;
  readonly symbols: readonly string[];
  readonly venues: readonly VenueInfo[] = [BINANCE_VENUE];
  private readonly names: Map<string, string>;
  private readonly url: string;
  private ws: WebSocket | null = null;
  private sink: FeedSink | null = null;
  private stopped = true;
  private open = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private lastFrameAt = 0;
  /** Connections opened so far (tests and the feed page read it). */
  connections = 0;
  frames = 0;
  dropped = 0;

  constructor(private readonly options: BinanceFeedOptions) {
    const listed = options.instruments.filter((i) => i.binance);
    this.symbols = listed.map((i) => i.symbol);
    this.names = new Map(listed.map((i) => [i.binance as string, i.symbol]));
    this.url = binanceStreamUrl(options.url ?? BINANCE_STREAM_URL, listed);
  }

  connectedVenues(): string[] {
    return this.open ? [BINANCE_VENUE.id] : [];
  }

  start(sink: FeedSink): void {
    this.sink = sink;
    this.stopped = false;
    this.connect();
    const staleMs = this.options.staleMs ?? 30_000;
    this.watchdog = setInterval(() => {
      if (this.ws && this.open && Date.now() - this.lastFrameAt > staleMs) {
        this.options.log?.warn({ staleMs }, "binance stream silent: reconnecting");
        this.ws.terminate();
      }
    }, Math.max(250, Math.min(staleMs / 2, 5_000)));
    this.watchdog.unref?.();
  }

  /** The delay before reconnect attempt `attempt` (1, 2, ...): doubling from the minimum, capped, with jitter. */
  reconnectDelay(attempt: number): number {
    const min = this.options.reconnectMinMs ?? 1_000;
    const max = this.options.reconnectMaxMs ?? 30_000;
    const base = Math.min(max, min * 2 ** Math.max(0, attempt - 1));
    const random = this.options.random ?? Math.random;
    return Math.round(base / 2 + (random() * base) / 2);
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.url, { handshakeTimeout: 10_000 });
    this.ws = ws;
    ws.on("open", () => {
      this.open = true;
      this.connections++;
      this.lastFrameAt = Date.now();
      this.options.log?.info({ connections: this.connections }, "binance stream connected");
    });
    ws.on("message", (data) => {
      this.lastFrameAt = Date.now();
      // A connection that delivers is healthy: the next drop starts the back-off again from the minimum.
      this.attempt = 0;
      this.onFrame(data.toString());
    });
    ws.on("error", (error) => {
      this.options.log?.warn({ err: error.message }, "binance stream error");
    });
    ws.on("close", () => {
      this.open = false;
      if (this.ws === ws) this.ws = null;
      if (this.stopped) return;
      this.attempt++;
      const delay = this.reconnectDelay(this.attempt);
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
      this.reconnectTimer.unref?.();
    });
  }

  /** One frame in: a tick or a quote out (exposed for the recorded-message tests). */
  onFrame(raw: string): void {
    this.frames++;
    const event = parseBinanceFrame(raw, this.names);
    if (!event || !this.sink) {
      this.dropped++;
      return;
    }
    if (event.type === "trade") {
      this.sink.tick({ symbol: event.symbol, price: event.price, quantity: event.quantity, atMs: event.atMs, source: "binance" });
    } else {
      this.sink.quote({ venue: BINANCE_VENUE.id, symbol: event.symbol, bid: event.bid, ask: event.ask, atMs: this.options.clock.now().getTime() });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.sink = null;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.watchdog);
    const ws = this.ws;
    this.ws = null;
    this.open = false;
    if (ws && ws.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        ws.once("close", () => resolve());
        ws.terminate();
      });
    }
  }
}
