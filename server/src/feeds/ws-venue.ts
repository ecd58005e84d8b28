import WebSocket from "ws";
import type { MarketSource } from "../../contract/market";
import type { Clock } from "../platform/clock";
import type { DepthLevel, FeedAdapter, FeedSink, VenueInfo, VenueStats } from "./feed";
import { Reconnects, type FeedLog } from "./stream-client";

/**
 * A crypto venue's public WebSocket stream behind the one adapter interface: connect, subscribe, keep alive the way
 * the venue documents it, parse frames into trades, quotes and books, and reconnect with a growing, jittered delay
 * when the connection drops or falls silent. Each venue's protocol (binance.feed.ts, okx.feed.ts, bybit.feed.ts)
 * only says what to send and how to read a frame. A frame it cannot read is dropped and counted, never a crash; a
 * trade or book older than the last one of its pair is dropped (out of order).
 */

export type VenueEvent =
  | { type: "trade"; symbol: string; price: string; quantity: string; side?: "buy" | "sell"; atMs: number }
  /** Best bid and ask; `atMs` absent: the venue gives no time for it (its arrival is used). */
  | { type: "quote"; symbol: string; bid: string; ask: string; atMs?: number }
  | { type: "book"; symbol: string; bids: DepthLevel[]; asks: DepthLevel[]; atMs: number };

export interface VenueProtocol {
  readonly venue: VenueInfo;
  /** Our symbols this protocol subscribes to. */
  readonly symbols: readonly string[];
  /** The URL to open. */
  url(): string;
  /** Frames sent once the connection is open (subscriptions); none when the URL subscribes. */
  subscribe(): string[];
  /** The client's keep-alive frame and how often it is sent (the venue closes a quiet connection without it). */
  readonly ping?: { everyMs: number; frame: string };
  /** Called on every new connection (a book kept from deltas starts again from the next snapshot). */
  reset?(): void;
  /** One frame in: the events it carries ([] for acknowledgements and pongs), or null when it cannot be read. */
  parse(raw: string): VenueEvent[] | null;
}

export interface WsVenueOptions {
  clock: Clock;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** No frame for this long: the connection is dead. */
  staleMs?: number;
  /** Overrides the protocol's keep-alive period (tests). */
  pingMs?: number;
  random?: () => number;
  log?: FeedLog;
}

export class WsVenueFeed implements FeedAdapter {
  readonly source: MarketSource;
  readonly symbols: readonly string[];
  readonly venues: readonly VenueInfo[];
  private ws: WebSocket | null = null;
  private sink: FeedSink | null = null;
  private stopped = true;
  private open = false;
  readonly reconnecting: Reconnects;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private lastFrameAt = 0;
  private readonly lastTradeAt = new Map<string, number>();
  private readonly lastBookAt = new Map<string, number>();
  /** Connections opened so far, reconnects, frames in and frames dropped (tests and the feed page read them). */
  connections = 0;
  frames = 0;
  dropped = 0;
  /** The venue's own time of its latest trade (the feed page's tick age). */
  lastTickAtMs: number | null = null;

  constructor(
    readonly protocol: VenueProtocol,
    private readonly options: WsVenueOptions,
  ) {
    this.source = protocol.venue.source;
    this.symbols = protocol.symbols;
    this.venues = [protocol.venue];
    this.reconnecting = new Reconnects(options);
  }

  connectedVenues(): string[] {
    return this.open ? [this.protocol.venue.id] : [];
  }

  venueStats(): Record<string, VenueStats> {
    return { [this.protocol.venue.id]: { connected: this.open, reconnects: this.reconnects, frames: this.frames, lastTickAtMs: this.lastTickAtMs } };
  }

  start(sink: FeedSink): void {
    this.sink = sink;
    this.stopped = false;
    this.connect();
    const staleMs = this.options.staleMs ?? 30_000;
    this.watchdog = setInterval(() => {
      if (this.ws && this.open && Date.now() - this.lastFrameAt > staleMs) {
        this.options.log?.warn({ venue: this.protocol.venue.id, staleMs }, "venue stream silent: reconnecting");
        this.ws.terminate();
      }
    }, Math.max(100, Math.min(staleMs / 2, 5_000)));
    this.watchdog.unref?.();
    const ping = this.protocol.ping;
    if (ping) {
      this.pinger = setInterval(() => {
        if (this.ws && this.open) this.ws.send(ping.frame);
      }, this.options.pingMs ?? ping.everyMs);
      this.pinger.unref?.();
    }
  }

  get reconnects(): number {
    return this.reconnecting.count;
  }

  private connect(): void {
    if (this.stopped) return;
    const venue = this.protocol.venue.id;
    const ws = new WebSocket(this.protocol.url(), { handshakeTimeout: 10_000 });
    this.ws = ws;
    ws.on("open", () => {
      this.open = true;
      this.connections++;
      this.lastFrameAt = Date.now();
      this.protocol.reset?.();
      for (const frame of this.protocol.subscribe()) ws.send(frame);
      this.options.log?.info({ venue, connections: this.connections }, "venue stream connected");
    });
    ws.on("message", (data) => {
      this.lastFrameAt = Date.now();
      this.onFrame(data.toString());
    });
    ws.on("error", (error) => {
      this.options.log?.warn({ venue, err: error.message }, "venue stream error");
    });
    ws.on("close", () => {
      this.open = false;
      if (this.ws === ws) this.ws = null;
      if (this.stopped) return;
      this.reconnecting.schedule(() => this.connect());
    });
  }

  /** One frame in: ticks (a venue's trades), quotes and books out (exposed for the recorded-frame tests). */
  onFrame(raw: string): void {
    this.frames++;
    const events = this.protocol.parse(raw);
    const sink = this.sink;
    if (!events || !sink) {
      this.dropped++;
      return;
    }
    // A connection that delivers is healthy: the next drop starts the back-off again from the minimum.
    if (events.length) this.reconnecting.delivered();
    const { id, source } = this.protocol.venue;
    for (const event of events) {
      if (event.type === "trade") {
        if (event.atMs < (this.lastTradeAt.get(event.symbol) ?? 0)) {
          this.dropped++;
          continue;
        }
        this.lastTradeAt.set(event.symbol, event.atMs);
        if (event.atMs > (this.lastTickAtMs ?? 0)) this.lastTickAtMs = event.atMs;
        sink.tick({ symbol: event.symbol, price: event.price, quantity: event.quantity, atMs: event.atMs, source, venue: id, ...(event.side ? { side: event.side } : {}) });
      } else if (event.type === "quote") {
        sink.quote({ venue: id, symbol: event.symbol, bid: event.bid, ask: event.ask, atMs: event.atMs ?? this.options.clock.now().getTime() });
      } else {
        if (event.atMs < (this.lastBookAt.get(event.symbol) ?? 0)) {
          this.dropped++;
          continue;
        }
        this.lastBookAt.set(event.symbol, event.atMs);
        sink.book?.({ venue: id, source, symbol: event.symbol, bids: event.bids, asks: event.asks, atMs: event.atMs });
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.sink = null;
    this.reconnecting.cancel();
    clearInterval(this.watchdog);
    clearInterval(this.pinger);
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

/** A venue's decimal field as we keep it: a positive decimal string, trailing zeros trimmed; null otherwise. */
/** A frame's JSON object, or null for one that is not JSON or not an object (dropped by every venue, never a crash). */
export function frameObject(raw: string): object | null {
  try {
    const frame: unknown = JSON.parse(raw);
    return frame && typeof frame === "object" ? frame : null;
  } catch {
    return null;
  }
}

export function venueDecimal(value: unknown, allowZero = false): string | null {
  if (typeof value !== "string" || !/^\d{1,20}(\.\d{1,20})?$/.test(value)) return null;
  const trimmed = trimDecimal(value);
  if (!allowZero && !(Number(trimmed) > 0)) return null;
  return trimmed;
}

/** "25.35190000" -> "25.3519"; "100.000" -> "100". */
export function trimDecimal(value: string): string {
  if (!value.includes(".")) return value;
  const trimmed = value.replace(/0+$/, "");
  return trimmed.endsWith(".") ? trimmed.slice(0, -1) : trimmed;
}

/** A list of [price, size, ...] levels as venues send them, best first; null when one is not a level. */
export function venueLevels(value: unknown, limit = 50): DepthLevel[] | null {
  if (!Array.isArray(value)) return null;
  const out: DepthLevel[] = [];
  for (const level of value.slice(0, limit)) {
    if (!Array.isArray(level)) return null;
    const price = venueDecimal(level[0]);
    const size = venueDecimal(level[1], true);
    if (price === null || size === null) return null;
    out.push([price, size]);
  }
  return out;
}

/** A venue's millisecond time, as a number or a string of digits; null otherwise. */
export function venueMs(value: unknown): number | null {
  const ms = typeof value === "string" && /^\d{10,16}$/.test(value) ? Number(value) : value;
  return typeof ms === "number" && Number.isSafeInteger(ms) && ms > 0 ? ms : null;
}
