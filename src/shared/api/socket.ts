/**
 * The one realtime connection: a WebSocket to the same origin's `/ws`, shared by every
 * screen. Screens subscribe to topics (a ticker, a kline interval, a user channel); the socket keeps one
 * subscription per topic on the wire however many screens listen (reference counting), and:
 *  - counts as live only once the server has said something (an acknowledgement, a pong, a tick): a proxy that
 *    accepts the connection and drops it at once, or never answers, must not stop the polling fallback;
 *  - gives up on a connection that is not live after 20 s (socket timeout 20000 ms);
 *  - reconnects after a random 1-5 s (seed: reconnect delay 1000 to 5000 ms), so a restarted server is not hit by
 *    every phone in the same instant, and subscribes again to every topic still listened to;
 *  - pings every 15 s and treats 45 s of silence as a dead connection (a phone changing networks often leaves a
 *    socket that never closes on its own);
 *  - sends `auth` with the session token before a user channel's subscribe, and again when the token changes;
 *  - closes itself a while after the last listener leaves, so an idle app holds no connection.
 * While the socket is not open, hooks poll the HTTP calls instead (`useLiveSWR` in ./realtime.ts).
 */

/** `open`: connected and the server has answered; `connecting`: not yet; `down`: waiting to reconnect (or idle). */
export type SocketStatus = "connecting" | "open" | "down";

/** What a message is about: `{channel:"ticker",symbol}`, `{channel:"kline",symbol,interval}`, `{channel:"orders"}`. */
export interface Topic {
  channel: string;
  symbol?: string;
  interval?: string;
}

/** A server message on a topic: the topic's fields plus `data`. */
export interface TopicMessage<T = unknown> extends Topic {
  data: T;
}

export type TopicListener<T = unknown> = (data: T, message: TopicMessage<T>) => void;

export interface SubscribeOptions {
  /** A user channel (orders, positions, notices): the socket authenticates with the session token first. */
  user?: boolean;
}

export interface RealtimeOptions {
  url: () => string;
  /** The WebSocket constructor (a fake in tests). */
  WebSocketImpl?: typeof WebSocket;
  getToken?: () => string | null;
  connectTimeoutMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  heartbeatMs?: number;
  /** No message at all (not even a pong) for this long: the connection is dead. */
  staleMs?: number;
  /** Close the connection this long after the last topic is dropped. */
  idleCloseMs?: number;
  random?: () => number;
  now?: () => number;
}

export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;
export const SOCKET_RECONNECT_MIN_MS = 1_000;
export const SOCKET_RECONNECT_MAX_MS = 5_000;

interface Entry {
  topic: Topic;
  listeners: Set<TopicListener>;
  user: boolean;
}

/** One key per topic on the wire: `ticker|BTC/USDT`, `kline|BTC/USDT|1m`, `orders`. */
export const topicKey = (topic: Topic): string => [topic.channel, topic.symbol, topic.interval].filter((part) => part !== undefined && part !== "").join("|");

const OPEN = 1;

export class RealtimeSocket {
  private readonly options: Required<Omit<RealtimeOptions, "WebSocketImpl" | "getToken">> & Pick<RealtimeOptions, "WebSocketImpl" | "getToken">;
  private readonly entries = new Map<string, Entry>();
  private readonly statusListeners = new Set<() => void>();
  private ws: WebSocket | null = null;
  private status: SocketStatus = "down";
  /** The token the open connection authenticated with (null: not authenticated). */
  private authedToken: string | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private lastMessageAt = 0;
  /** Times the connection was lost since the page started (a test and a diagnostic read it). */
  reconnects = 0;

  constructor(options: RealtimeOptions) {
    this.options = {
      connectTimeoutMs: SOCKET_CONNECT_TIMEOUT_MS,
      reconnectMinMs: SOCKET_RECONNECT_MIN_MS,
      reconnectMaxMs: SOCKET_RECONNECT_MAX_MS,
      heartbeatMs: 15_000,
      staleMs: 45_000,
      idleCloseMs: 30_000,
      random: Math.random,
      now: Date.now,
      ...options,
    };
  }

  getStatus = (): SocketStatus => this.status;

  /** Status changes (useSyncExternalStore's subscribe). */
  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Listens to a topic; the returned function stops listening. The first listener subscribes on the wire, the last one unsubscribes. */
  subscribe<T>(topic: Topic, listener: TopicListener<T>, options: SubscribeOptions = {}): () => void {
    const key = topicKey(topic);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { topic: { ...topic }, listeners: new Set(), user: options.user ?? false };
      this.entries.set(key, entry);
      if (this.isOpen()) this.sendSubscribe(entry);
    }
    entry.listeners.add(listener as TopicListener);
    clearTimeout(this.idleTimer);
    this.ensureConnected();
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.release(key, listener as TopicListener);
    };
  }

  /** The session token changed (login, logout): authenticate again, or drop the user channels' session. */
  tokenChanged(): void {
    if (!this.isOpen()) return;
    const token = this.options.getToken?.() ?? null;
    if (token === this.authedToken) return;
    if (token && this.hasUserTopics()) {
      this.sendAuth(token);
      for (const entry of this.entries.values()) if (entry.user) this.sendSubscribe(entry);
    } else if (this.authedToken) {
      // The server has no "log out" op: a fresh connection forgets the old session.
      this.restart();
    }
  }

  /** Connects now when it was waiting to reconnect (the browser says it is online again). */
  retryNow(): void {
    if (this.status === "down" && this.entries.size > 0) {
      clearTimeout(this.reconnectTimer);
      this.connect();
    }
  }

  /** Closes the connection and forgets every topic (tests, and a page being thrown away). */
  close(): void {
    this.entries.clear();
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.idleTimer);
    this.teardown();
    this.setStatus("down");
  }

  private release(key: string, listener: TopicListener): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    this.entries.delete(key);
    if (this.isOpen()) this.send({ op: "unsubscribe", ...entry.topic });
    if (this.entries.size === 0) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => {
        if (this.entries.size > 0) return;
        clearTimeout(this.reconnectTimer);
        this.teardown();
        this.setStatus("down");
      }, this.options.idleCloseMs);
    }
  }

  /** The wire is open (messages can be sent), whether or not the server has answered yet. */
  private isOpen(): boolean {
    return this.ws !== null && this.ws.readyState === OPEN;
  }

  private hasUserTopics(): boolean {
    for (const entry of this.entries.values()) if (entry.user) return true;
    return false;
  }

  private ensureConnected(): void {
    if (this.ws || this.reconnectTimer !== undefined) return;
    this.connect();
  }

  private connect(): void {
    this.reconnectTimer = undefined;
    this.teardown();
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    let ws: WebSocket;
    try {
      ws = new Impl(this.options.url());
    } catch {
      this.fail();
      return;
    }
    this.ws = ws;
    this.setStatus("connecting");
    this.connectTimer = setTimeout(() => this.fail(), this.options.connectTimeoutMs);
    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.lastMessageAt = this.options.now();
      this.authedToken = null;
      for (const entry of this.entries.values()) this.sendSubscribe(entry);
      this.heartbeatTimer = setInterval(() => this.heartbeat(), this.options.heartbeatMs);
      // Ask for an answer at once: the subscriptions' acknowledgements usually come first, this covers none.
      this.send({ op: "ping" });
    };
    ws.onmessage = (event: MessageEvent) => {
      if (ws !== this.ws) return;
      this.lastMessageAt = this.options.now();
      if (this.status !== "open") {
        clearTimeout(this.connectTimer);
        this.setStatus("open");
      }
      this.dispatch(event.data);
    };
    ws.onclose = () => {
      if (ws === this.ws) this.fail();
    };
    ws.onerror = () => {
      if (ws === this.ws) this.fail();
    };
  }

  private heartbeat(): void {
    if (this.options.now() - this.lastMessageAt >= this.options.staleMs) {
      this.fail();
      return;
    }
    this.send({ op: "ping" });
  }

  private dispatch(raw: unknown): void {
    if (typeof raw !== "string") return;
    let message: Partial<TopicMessage> & { op?: string };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (!message || typeof message !== "object" || typeof message.channel !== "string") return;
    // An error names a channel but is nothing to fold. A `subscribed` acknowledgement reaches the listeners with no
    // data: the topic is (again) live, so whatever changed while nobody listened should be fetched (lists refetch).
    if (message.op !== undefined && message.op !== "subscribed") return;
    const entry = this.entries.get(topicKey(message as Topic));
    if (!entry) return;
    for (const listener of [...entry.listeners]) {
      try {
        listener(message.data, message as TopicMessage);
      } catch (error) {
        // One broken screen must not starve the others of updates.
        console.error(error);
      }
    }
  }

  private sendSubscribe(entry: Entry): void {
    if (entry.user) {
      const token = this.options.getToken?.() ?? null;
      // Without a session a user channel has nothing to say; it subscribes once a token arrives.
      if (!token) return;
      if (token !== this.authedToken) this.sendAuth(token);
    }
    this.send({ op: "subscribe", ...entry.topic });
  }

  private sendAuth(token: string): void {
    this.authedToken = token;
    this.send({ op: "auth", token });
  }

  private send(message: Record<string, unknown>): void {
    if (!this.ws || this.ws.readyState !== OPEN) return;
    try {
      this.ws.send(JSON.stringify(message));
    } catch {
      this.fail();
    }
  }

  /** The connection failed or died: tear it down and come back after a random 1-5 s if anybody still listens. */
  private fail(): void {
    const wasConnected = this.ws !== null;
    this.teardown();
    if (wasConnected) this.reconnects++;
    this.setStatus("down");
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    if (this.entries.size === 0) return;
    const { reconnectMinMs: min, reconnectMaxMs: max } = this.options;
    const delay = min + Math.floor(this.options.random() * (max - min + 1));
    this.reconnectTimer = setTimeout(() => this.connect(), Math.min(delay, max));
  }

  private restart(): void {
    this.teardown();
    this.connect();
  }

  private teardown(): void {
    clearTimeout(this.connectTimer);
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    this.authedToken = null;
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    try {
      ws.close();
    } catch {
      // already closed
    }
  }

  private setStatus(status: SocketStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }
}

/** `/ws` on the page's own origin, ws:// or wss:// like the page. */
export function socketUrl(base = document.baseURI): string {
  const url = new URL("ws", base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.hash = "";
  url.search = "";
  return url.toString();
}
