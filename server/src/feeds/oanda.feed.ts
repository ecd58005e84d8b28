import { Dec, plain } from "./decimal";
import type { DepthLevel, FeedAdapter, FeedSink, VenueInfo, VenueStats } from "./feed";
import type { Instrument } from "./instruments";
import { MONEY_PATTERN } from "../../contract/common";
import { Reconnects, type FeedLog } from "./stream-client";

/**
 * OANDA's v20 pricing stream for forex and metals (FX_SOURCE=oanda), its documented format:
 * `GET <OANDA_STREAM_URL>/v3/accounts/<account>/pricing/stream?instruments=EUR_USD,XAU_USD` with
 * `Authorization: Bearer <token>` answers a chunked body of JSON lines:
 * - `{"type":"PRICE","instrument":"EUR_USD","time":"2026-01-05T08:00:00.123456789Z","tradeable":true,
 *    "bids":[{"price":"1.08501","liquidity":1000000}],"asks":[{"price":"1.08509","liquidity":1000000}],...}`
 * - `{"type":"HEARTBEAT","time":"..."}` every 5 s.
 * A price becomes a tick at the mid of its best bid and ask, timed by its own `time` (never by its arrival); its
 * levels become the venue's book. `tradeable: false` (the market closed, a halt) pauses the pair until a tradeable
 * price comes; heartbeats keep the connection alive and never refresh a price. A silent stream is dead: it is cut
 * and reopened with a growing, jittered delay. The token goes in the header only and is never logged.
 */

export const OANDA_STREAM_URL = "https://stream-fxtrade.oanda.com";
export const OANDA_VENUE: VenueInfo = { id: "oanda", name: "OANDA", source: "oanda" };

export type OandaEvent =
  | { type: "price"; symbol: string; bids: DepthLevel[]; asks: DepthLevel[]; atMs: number; tradeable: boolean }
  | { type: "heartbeat"; atMs: number };

/**
 * An OANDA time in ms: RFC 3339 with up to nine decimals ("2026-01-05T08:00:00.123456789Z"), or the UNIX format
 * ("1767600000.123456789") an account may ask for. Null when it is neither.
 */
export function oandaTime(value: unknown): number | null {
  if (typeof value !== "string") return null;
  if (/^\d{9,11}(\.\d{1,9})?$/.test(value)) {
    const [seconds, fraction = ""] = value.split(".");
    return Number(seconds) * 1000 + Number(fraction.padEnd(3, "0").slice(0, 3));
  }
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/.exec(value);
  if (!match) return null;
  const ms = Date.parse(`${match[1]}.${(match[2] ?? "").padEnd(3, "0").slice(0, 3)}Z`);
  return Number.isFinite(ms) ? ms : null;
}

function levels(value: unknown): DepthLevel[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const out: DepthLevel[] = [];
  for (const level of value) {
    const price = (level as { price?: unknown })?.price;
    const liquidity = (level as { liquidity?: unknown })?.liquidity;
    if (typeof price !== "string" || !MONEY_PATTERN.test(price) || !(Number(price) > 0)) return null;
    const quantity = typeof liquidity === "number" && Number.isFinite(liquidity) && liquidity >= 0 ? plain(new Dec(liquidity)) : typeof liquidity === "string" && MONEY_PATTERN.test(liquidity) ? liquidity : "0";
    out.push([price, quantity]);
  }
  return out;
}

/**
 * Parses one line of the stream. Null for anything that is not a price of a listed instrument or a heartbeat
 * (malformed JSON, a missing side, an unknown instrument): a bad line is dropped, never a crash.
 * `names` maps OANDA's names ("EUR_USD") to ours ("EUR/USD").
 */
export function parseOandaLine(raw: string, names: ReadonlyMap<string, string>): OandaEvent | null {
  let line: unknown;
  try {
    line = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!line || typeof line !== "object") return null;
  const data = line as Record<string, unknown>;
  const atMs = oandaTime(data.time);
  if (atMs === null) return null;
  if (data.type === "HEARTBEAT") return { type: "heartbeat", atMs };
  if (data.type !== "PRICE") return null;
  const symbol = typeof data.instrument === "string" ? names.get(data.instrument) : undefined;
  if (!symbol) return null;
  const bids = levels(data.bids);
  const asks = levels(data.asks);
  if (!bids || !asks) return null;
  // Without the flag a price is tradeable (older stream versions sent `status` instead).
  const tradeable = data.tradeable === undefined ? data.status !== "non-tradeable" : data.tradeable === true;
  return { type: "price", symbol, bids, asks, atMs, tradeable };
}

/** The stream's URL for the instruments. */
export function oandaStreamUrl(base: string, accountId: string, instruments: readonly Instrument[]): string {
  const names = instruments.map((i) => i.oanda).filter(Boolean);
  return `${base.replace(/\/$/, "")}/v3/accounts/${encodeURIComponent(accountId)}/pricing/stream?instruments=${names.join("%2C")}`;
}

export interface OandaFeedOptions {
  instruments: readonly Instrument[];
  token: string;
  accountId: string;
  /** Base URL (a local replay server in tests). */
  url?: string;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** No line for this long (OANDA sends a heartbeat every 5 s): the stream is dead. */
  staleMs?: number;
  random?: () => number;
  log?: FeedLog;
}

export class OandaFeed implements FeedAdapter {
  readonly source = "oanda" as const;
  readonly symbols: readonly string[];
  readonly venues: readonly VenueInfo[] = [OANDA_VENUE];
  private readonly names: Map<string, string>;
  private readonly url: string;
  private sink: FeedSink | null = null;
  private stopped = true;
  private open = false;
  private abort: AbortController | null = null;
  private running: Promise<void> | null = null;
  readonly reconnecting: Reconnects;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private lastLineAt = 0;
  /** Each pair's latest price time: an older line arriving later is dropped. */
  private readonly lastAt = new Map<string, number>();
  private readonly halts = new Set<string>();
  /** Counters the feed page and the tests read. */
  connections = 0;
  frames = 0;
  dropped = 0;
  /** The time of the latest price line (OANDA's own `time`), for the feed page. */
  lastTickAtMs: number | null = null;

  constructor(private readonly options: OandaFeedOptions) {
    const listed = options.instruments.filter((i) => i.oanda);
    this.symbols = listed.map((i) => i.symbol);
    this.names = new Map(listed.map((i) => [i.oanda as string, i.symbol]));
    this.url = oandaStreamUrl(options.url ?? OANDA_STREAM_URL, options.accountId, listed);
    this.reconnecting = new Reconnects(options);
  }

  connectedVenues(): string[] {
    return this.open ? [OANDA_VENUE.id] : [];
  }

  venueStats(): Record<string, VenueStats> {
    return { [OANDA_VENUE.id]: { connected: this.open, reconnects: this.reconnects, frames: this.frames, lastTickAtMs: this.lastTickAtMs } };
  }

  /** Pairs whose last price said `tradeable: false`: paused until a tradeable one. */
  halted(): string[] {
    return [...this.halts];
  }

  start(sink: FeedSink): void {
    this.sink = sink;
    this.stopped = false;
    this.connect();
    const staleMs = this.options.staleMs ?? 20_000;
    this.watchdog = setInterval(() => {
      // Waiting for the answer counts too: a server that accepts and never answers is as dead as a silent one.
      if (this.abort && Date.now() - this.lastLineAt > staleMs) {
        this.options.log?.warn({ staleMs }, "oanda stream silent: reconnecting");
        this.abort?.abort();
      }
    }, Math.max(100, Math.min(staleMs / 2, 5_000)));
    this.watchdog.unref?.();
  }

  get reconnects(): number {
    return this.reconnecting.count;
  }

  private connect(): void {
    if (this.stopped) return;
    const abort = new AbortController();
    this.abort = abort;
    this.lastLineAt = Date.now();
    this.running = this.read(abort).finally(() => {
      this.open = false;
      if (this.abort === abort) this.abort = null;
      if (this.stopped) return;
      this.reconnecting.schedule(() => this.connect());
    });
  }

  private async read(abort: AbortController): Promise<void> {
    try {
      const response = await fetch(this.url, { headers: { Authorization: `Bearer ${this.options.token}`, "Accept-Datetime-Format": "RFC3339" }, signal: abort.signal });
      if (!response.ok || !response.body) {
        // The status only: OANDA's error body may echo the request, and the request carries the token.
        this.options.log?.warn({ status: response.status }, "oanda stream refused");
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      this.open = true;
      this.connections++;
      this.lastLineAt = Date.now();
      this.options.log?.info({ connections: this.connections }, "oanda stream connected");
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        this.lastLineAt = Date.now();
        buffer += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          if (line) this.onLine(line);
        }
        // A line longer than any price is not one: drop it instead of growing without end.
        if (buffer.length > 64_000) buffer = "";
      }
    } catch (error) {
      if (!abort.signal.aborted) this.options.log?.warn({ err: (error as Error).message }, "oanda stream error");
    }
  }

  /** One line in: a tick, a quote and a book out, or a pause (exposed for the recorded-line tests). */
  onLine(raw: string): void {
    this.frames++;
    const event = parseOandaLine(raw, this.names);
    const sink = this.sink;
    if (!event || !sink) {
      this.dropped++;
      return;
    }
    // A delivering stream is healthy: the next drop starts the back-off again from the minimum.
    this.reconnecting.delivered();
    if (event.type === "heartbeat") return;
    const last = this.lastAt.get(event.symbol);
    if (last !== undefined && event.atMs < last) {
      this.dropped++;
      return;
    }
    this.lastAt.set(event.symbol, event.atMs);
    if (event.atMs > (this.lastTickAtMs ?? 0)) this.lastTickAtMs = event.atMs;
    if (!event.tradeable) {
      this.halts.add(event.symbol);
      return;
    }
    this.halts.delete(event.symbol);
    const bid = event.bids[0][0];
    const ask = event.asks[0][0];
    const mid = plain(new Dec(bid).plus(ask).div(2));
    sink.tick({ symbol: event.symbol, price: mid, quantity: "0", atMs: event.atMs, source: "oanda", venue: OANDA_VENUE.id });
    sink.quote({ venue: OANDA_VENUE.id, symbol: event.symbol, bid, ask, atMs: event.atMs });
    sink.book?.({ venue: OANDA_VENUE.id, source: "oanda", symbol: event.symbol, bids: event.bids, asks: event.asks, atMs: event.atMs });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.sink = null;
    this.reconnecting.cancel();
    clearInterval(this.watchdog);
    this.abort?.abort();
    await this.running?.catch(() => undefined);
    this.open = false;
  }
}
