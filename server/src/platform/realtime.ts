import type { Socket } from "node:net";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { errors, type ErrorCode } from "../../contract";
import { autoUserChannels, userChannels, wsClientMessage, type UserChannel, type WsClientMessage, type WsServerMessage } from "../../contract/market";
import type { Bus } from "./bus";
import type { Authenticator } from "./http";

/**
 * The realtime socket `/ws`: clients subscribe to public channels (the market's tickers, depth, trades and klines,
 * served by the domain that plugs them in: `serve`), authenticate for their own channels (orders, positions,
 * notices, funding, KYC, support), and ping. Every process serves its own sockets from the public updates and the
 * user messages that reach it over the bus, so a client on any process gets everything.
 *
 * Each message is serialised once and written to every subscriber. A subscriber that cannot keep up (megabytes
 * queued) skips frames, then is cut off; a connection that stops answering pings is closed. A session that ends
 * (logout, password change, freeze, ended from the security centre) loses its sockets' user channels at once in every
 * process (the auth domain's announcement over the bus); the heartbeat re-checks the rest (a session run out).
 */

export const USER_TOPIC = "realtime.user";
/** Many users' messages of one channel in one bus message (a settled batch). */
export const USERS_TOPIC = "realtime.users";
/** Bus topics of the content domain: every user's notices, and `user:<id>:notice` for one user's messages. */
export const NOTICE_TOPIC = "notice";
const userNoticeTopic = (userId: number) => `user:${userId}:notice`;

export interface RealtimeOptions {
  heartbeatMs: number;
  maxTopics: number;
  /** Messages a client may send per second before it is refused; several times that and it is disconnected. */
  maxMessagesPerSecond: number;
  /** Bytes queued on a socket above which frames are skipped, and above which it is closed. */
  slowBytes: number;
  deadBytes: number;
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  heartbeatMs: 30_000,
  maxTopics: 300,
  maxMessagesPerSecond: 50,
  slowBytes: 1 << 20,
  deadBytes: 8 << 20,
};

interface Client {
  ws: WebSocket;
  topics: Set<string>;
  userId: number | null;
  sessionId: number | null;
  token: string | null;
  alive: boolean;
  /** Messages are handled one after the other: `auth` completes before the `subscribe` sent right behind it. */
  queue: Promise<void>;
  windowStartMs: number;
  windowCount: number;
}

interface UserMessage {
  userId: number;
  channel: UserChannel;
  data: unknown;
}

interface UsersMessage {
  channel: UserChannel;
  list: Array<{ userId: number; data: unknown }>;
}

const OPEN = 1;

/** A subscription to a public channel, as the client asked it. */
export type PublicRequest = Extract<WsClientMessage, { op: "subscribe" | "unsubscribe" }>;

/**
 * The public channels a domain serves on the hub. `resolve` names a request's topic and the ack's fields, or
 * refuses it; `current` is what a new subscriber gets at once, so a screen needn't wait for the next update.
 */
export interface PublicChannels {
  resolve(request: PublicRequest): { topic: string; ack: Record<string, unknown>; current: () => WsServerMessage[] } | { refused: ErrorCode };
}

export const topicKey = (channel: string, symbol?: string, interval?: string): string => [channel, symbol, interval].filter(Boolean).join("|");

export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly byTopic = new Map<string, Set<Client>>();
  private readonly byUser = new Map<number, Set<Client>>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  /** Sockets corked during a fan-out (null: not fanning out). */
  private corked: Socket[] | null = null;
  private readonly corkedSet = new Set<Socket>();
  private readonly off: Array<() => void> = [];
  private readonly userNoticeOff = new Map<number, () => void>();
  private publicChannels: PublicChannels | null = null;
  /** Frames written and skipped (slow clients), for the benchmark and the feed page. */
  stats = { sent: 0, skipped: 0, terminated: 0 };

  constructor(
    private readonly deps: {
      bus: Bus;
      authenticate: Authenticator;
      /** Tells of sessions that ended, on any process (returns the unsubscribe function). */
      sessionsEnded?: (listener: (sessionIds: readonly number[]) => void) => () => void;
      log: FastifyBaseLogger;
    },
    private readonly options: RealtimeOptions = DEFAULT_REALTIME_OPTIONS,
  ) {
    if (deps.sessionsEnded) this.off.push(deps.sessionsEnded((ids) => this.onSessionsEnded(ids)));
    this.off.push(deps.bus.subscribe(USER_TOPIC, (message) => this.onUser(message as UserMessage)));
    this.off.push(
      deps.bus.subscribe(USERS_TOPIC, (message) => {
        const { channel, list } = message as UsersMessage;
        for (const { userId, data } of list) this.onUser({ userId, channel, data });
      }),
    );
    // The content domain's announcements: a notice for everybody, a personal message for one user (content/).
    this.off.push(deps.bus.subscribe(NOTICE_TOPIC, (data) => this.onNotice(null, data)));
  }

  get connections(): number {
    return this.clients.size;
  }

  /** The public channels (one domain serves them: the market's). */
  serve(channels: PublicChannels): void {
    this.publicChannels = channels;
  }

  /** Registers `GET /ws` (the websocket plugin must be registered before). */
  register(app: FastifyInstance): void {
    app.get("/ws", { websocket: true }, (socket) => this.accept(socket));
    app.addHook("onClose", async () => this.close());
  }

  /**
   * Sends `data` on a user channel to every socket of that user, on every process (through the bus). The domains
   * call this when an order fills, a position moves or a notice arrives.
   */
  publishToUser(userId: number, channel: UserChannel, data: unknown): void {
    this.deps.bus.publish(USER_TOPIC, { userId, channel, data } satisfies UserMessage);
  }

  /** As `publishToUser` for many users of one channel, in one bus message (a batch that settled together). */
  publishToUsers(channel: UserChannel, list: ReadonlyArray<{ userId: number; data: unknown }>): void {
    if (list.length === 1) return this.publishToUser(list[0].userId, channel, list[0].data);
    if (list.length) this.deps.bus.publish(USERS_TOPIC, { channel, list: list.map(({ userId, data }) => ({ userId, data })) } satisfies UsersMessage);
  }

  private accept(ws: WebSocket): void {
    const client: Client = { ws, topics: new Set(), userId: null, sessionId: null, token: null, alive: true, queue: Promise.resolve(), windowStartMs: Date.now(), windowCount: 0 };
    this.clients.add(client);
    this.startHeartbeat();
    ws.on("pong", () => {
      client.alive = true;
    });
    ws.on("message", (raw, isBinary) => {
      client.alive = true;
      if (!this.withinRate(client)) return;
      const text = isBinary ? "" : raw.toString();
      client.queue = client.queue.then(() => this.handle(client, text)).catch((error: unknown) => this.deps.log.warn({ err: error }, "ws: message failed"));
    });
    ws.on("close", () => this.drop(client));
    ws.on("error", () => this.drop(client));
  }

  private withinRate(client: Client): boolean {
    const nowMs = Date.now();
    if (nowMs - client.windowStartMs >= 1000) {
      client.windowStartMs = nowMs;
      client.windowCount = 0;
    }
    client.windowCount++;
    if (client.windowCount > this.options.maxMessagesPerSecond * 4) {
      client.ws.close(1008, "too many messages");
      return false;
    }
    if (client.windowCount > this.options.maxMessagesPerSecond) {
      this.error(client, "TOO_MANY_REQUESTS");
      return false;
    }
    return true;
  }

  private async handle(client: Client, text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.error(client, "PARAMETER_ERROR");
    }
    const parsed = wsClientMessage.safeParse(json);
    if (!parsed.success) return this.error(client, "PARAMETER_ERROR", json);
    const message = parsed.data;
    switch (message.op) {
      case "ping":
        return this.send(client, { op: "pong" });
      case "auth":
        return this.auth(client, message.token);
      case "subscribe":
      case "unsubscribe":
        return this.subscription(client, message);
    }
  }

  private async auth(client: Client, raw: string): Promise<void> {
    // As on HTTP, `Bearer <token>` is accepted too.
    const token = raw.startsWith("Bearer ") ? raw.slice(7).trim() : raw.trim();
    const user = await this.deps.authenticate(token).catch(() => null);
    if (client.userId !== null) this.unbindUser(client);
    if (!user) return this.error(client, "LOGIN_REQUIRED", { op: "auth" });
    client.userId = user.id;
    client.sessionId = user.sessionId;
    client.token = token;
    let set = this.byUser.get(user.id);
    if (!set) {
      this.byUser.set(user.id, (set = new Set()));
      this.userNoticeOff.set(user.id, this.deps.bus.subscribe(userNoticeTopic(user.id), (data) => this.onNotice(user.id, data)));
    }
    set.add(client);
    this.send(client, { op: "auth", ok: true, user_id: user.id });
  }

  private subscription(client: Client, message: PublicRequest): void {
    const request = { op: message.op, channel: message.channel, symbol: message.symbol, interval: message.interval };
    let key: string;
    let ack: Record<string, unknown>;
    let current: () => WsServerMessage[] = () => [];
    const isPublic = !(userChannels as readonly string[]).includes(message.channel);
    if (!isPublic) {
      if (message.op === "subscribe" && client.userId === null) return this.error(client, "LOGIN_REQUIRED", request);
      key = topicKey(message.channel);
      ack = { channel: message.channel };
    } else {
      const resolved = this.publicChannels?.resolve(message) ?? { refused: "PARAMETER_ERROR" as const };
      if ("refused" in resolved) return this.error(client, resolved.refused, request);
      ({ topic: key, ack, current } = resolved);
    }
    if (message.op === "unsubscribe") {
      this.leave(client, key);
      return this.send(client, { op: "unsubscribed", ...ack } as WsServerMessage);
    }
    if (!client.topics.has(key)) {
      if (client.topics.size >= this.options.maxTopics) return this.error(client, "TOO_MANY_REQUESTS", request);
      client.topics.add(key);
      let set = this.byTopic.get(key);
      if (!set) this.byTopic.set(key, (set = new Set()));
      set.add(client);
    }
    this.send(client, { op: "subscribed", ...ack } as WsServerMessage);
    for (const frame of current()) this.send(client, frame);
  }

  private leave(client: Client, key: string): void {
    client.topics.delete(key);
    const set = this.byTopic.get(key);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byTopic.delete(key);
  }

  private unbindUser(client: Client): void {
    if (client.userId === null) return;
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set && set.size === 0) {
      this.byUser.delete(client.userId);
      this.userNoticeOff.get(client.userId)?.();
      this.userNoticeOff.delete(client.userId);
    }
    client.userId = null;
    client.sessionId = null;
    client.token = null;
    for (const channel of userChannels) this.leave(client, topicKey(channel));
  }

  /** Sockets of sessions that ended lose their user channels now, and are told so (as `auth` refused). */
  private onSessionsEnded(sessionIds: readonly number[]): void {
    const ended = new Set(sessionIds);
    for (const client of this.clients) {
      if (client.sessionId === null || !ended.has(client.sessionId)) continue;
      this.unbindUser(client);
      this.error(client, "LOGIN_REQUIRED", { op: "auth" });
    }
  }

  private drop(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const key of [...client.topics]) this.leave(client, key);
    this.unbindUser(client);
    if (this.clients.size === 0) this.stopHeartbeat();
  }

  /** Whether any socket of this process listens to the topic (a domain then builds its frame). */
  hasTopic(topic: string): boolean {
    return this.byTopic.has(topic);
  }

  /**
   * One public update: `fill` writes its frames with `publish`; every socket gets one write for the whole update
   * instead of one per frame (system calls were the cost).
   */
  update(fill: (publish: (topic: string, message: WsServerMessage) => void) => void): void {
    if (this.clients.size === 0) return;
    this.corked = [];
    try {
      fill((topic, message) => {
        const set = this.byTopic.get(topic);
        if (set) this.broadcast(set, JSON.stringify(message));
      });
    } finally {
      for (const socket of this.corked) socket.uncork();
      this.corked = null;
      this.corkedSet.clear();
    }
  }

  private onUser(message: UserMessage): void {
    const clients = this.byUser.get(message.userId);
    if (!clients) return;
    const frame = Buffer.from(JSON.stringify({ channel: message.channel, data: message.data }));
    const key = topicKey(message.channel);
    const always = autoUserChannels.includes(message.channel);
    for (const client of clients) if (always || client.topics.has(key)) this.write(client, frame);
  }

  /** A notice (userId null: for everybody) to the authenticated sockets listening to `notices`. */
  private onNotice(userId: number | null, data: unknown): void {
    const key = topicKey("notices");
    const set = userId === null ? this.byTopic.get(key) : this.byUser.get(userId);
    if (!set) return;
    const frame = Buffer.from(JSON.stringify({ channel: "notices", data }));
    for (const client of set) if (client.userId !== null && client.topics.has(key)) this.write(client, frame);
  }

  /** Encodes the frame once for all its subscribers (ws would otherwise convert the string for each socket). */
  private broadcast(set: Set<Client>, frame: string): void {
    const data = Buffer.from(frame);
    for (const client of set) this.write(client, data);
  }

  private write(client: Client, frame: string | Buffer): void {
    const { ws } = client;
    if (ws.readyState !== OPEN) return;
    if (ws.bufferedAmount > this.options.deadBytes) {
      this.stats.terminated++;
      ws.terminate();
      return;
    }
    if (ws.bufferedAmount > this.options.slowBytes) {
      this.stats.skipped++;
      return;
    }
    if (this.corked) {
      // ws keeps its TCP socket private; corking it (counted, so ws's own cork/uncork nest inside) batches frames.
      const socket = (ws as unknown as { _socket?: Socket })._socket;
      if (socket && !this.corkedSet.has(socket)) {
        socket.cork();
        this.corked.push(socket);
        this.corkedSet.add(socket);
      }
    }
    this.stats.sent++;
    ws.send(frame, { binary: false });
  }

  private send(client: Client, message: WsServerMessage): void {
    this.write(client, JSON.stringify(message));
  }

  private error(client: Client, code: ErrorCode, request?: unknown): void {
    this.send(client, { op: "error", code, message: errors[code].key, ...(request === undefined ? {} : { request }) });
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref?.();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /** Closes silent connections, pings the others, and checks that authenticated sessions still hold. */
  async beat(): Promise<void> {
    for (const client of [...this.clients]) {
      if (!client.alive) {
        this.stats.terminated++;
        client.ws.terminate();
        this.drop(client);
        continue;
      }
      client.alive = false;
      try {
        client.ws.ping();
      } catch {
        this.drop(client);
      }
    }
    for (const client of [...this.clients]) {
      if (client.token === null) continue;
      const user = await this.deps.authenticate(client.token).catch(() => null);
      if (!user && this.clients.has(client)) {
        this.unbindUser(client);
        this.error(client, "LOGIN_REQUIRED", { op: "auth" });
      }
    }
  }

  async close(): Promise<void> {
    this.stopHeartbeat();
    for (const off of this.off) off();
    this.off.length = 0;
    for (const off of this.userNoticeOff.values()) off();
    this.userNoticeOff.clear();
    for (const client of this.clients) client.ws.terminate();
    this.clients.clear();
    this.byTopic.clear();
    this.byUser.clear();
  }
}
