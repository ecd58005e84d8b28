import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Depth, Quotation, RecentTrade } from "../../contract/market";
import { createTestServer, type TestServer } from "../testing/harness";
import { openSocket, type SocketClient } from "../testing/socket";

/** `/ws` with a real ws client against the app listening on a random port. */

let server: TestServer;
let url: string;

async function client(options?: WebSocket.ClientOptions): Promise<SocketClient> {
  return openSocket(url, options);
}

async function step(): Promise<void> {
  server.clock.advance(1_000);
  await server.market.step();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

beforeAll(async () => {
  server = await createTestServer();
  await server.market.startManual({ historyCandles: 10, historyMinutes: 30 });
  await step();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/ws`;
});

afterAll(async () => {
  await server?.close();
});

describe("depth and recent trades of a simulated pair", () => {
  it("answers currency/depth and currency/trades, marked sim, and pushes them once per flush on their channels", async () => {
    const depth = (await server.call<Depth>("GET", "currency/depth", { symbol: "BTC/USDT", limit: 5 })).body.message;
    expect(depth).toMatchObject({ symbol: "BTC/USDT", venue: "sim-a", source: "sim" });
    expect([depth.bids.length, depth.asks.length]).toEqual([5, 5]);
    // Best first: bids falling, asks rising, the best bid under the best ask.
    expect(depth.bids.map(([p]) => Number(p))).toEqual([...depth.bids.map(([p]) => Number(p))].sort((a, b) => b - a));
    expect(depth.asks.map(([p]) => Number(p))).toEqual([...depth.asks.map(([p]) => Number(p))].sort((a, b) => a - b));
    expect(Number(depth.bids[0][0])).toBeLessThan(Number(depth.asks[0][0]));
    expect((await server.call<Depth>("GET", "currency/depth", { symbol: "BTC/USDT" })).body.message.bids.length).toBe(20);
    for (const limit of [4, 51, "x"]) expect((await server.call("GET", "currency/depth", { symbol: "BTC/USDT", limit })).body.code).toBe("PARAMETER_ERROR");
    expect((await server.call("GET", "currency/depth", { symbol: "NOPE/USDT" })).body.code).toBe("PAIR_NOT_FOUND");
    expect((await server.call("GET", "currency/trades", { symbol: "BTC/USDT", limit: 0 })).body.code).toBe("PARAMETER_ERROR");

    const c = await client();
    c.send({ op: "subscribe", channel: "depth", symbol: "BTC/USDT" });
    c.send({ op: "subscribe", channel: "trades", symbol: "BTC/USDT" });
    // The acknowledgements, then the current book and trades at once.
    const frame = (channel: string) => (m: Record<string, unknown>) => m.channel === channel && "data" in m;
    await c.next(frame("depth"));
    await c.next(frame("trades"));
    await step();
    const pushedDepth = (await c.next(frame("depth"))) as { data: Depth };
    const pushedTrades = (await c.next(frame("trades"))) as { data: { list: RecentTrade[] } };
    await settle();
    // One frame of each per flush (next() took them).
    expect(c.messages.filter((m) => frame("depth")(m) || frame("trades")(m))).toEqual([]);
    expect(pushedDepth.data).toEqual((await server.call<Depth>("GET", "currency/depth", { symbol: "BTC/USDT" })).body.message);
    const listed = (await server.call<{ list: RecentTrade[] }>("GET", "currency/trades", { symbol: "BTC/USDT", limit: 3 })).body.message.list;
    expect(listed[0]).toEqual(pushedTrades.data.list[0]);
    expect(listed[0]).toMatchObject({ venue: "sim-a", side: expect.stringMatching(/^(buy|sell)$/) });
    expect(listed.map((t) => t.at_ms)).toEqual([...listed.map((t) => t.at_ms)].sort((a, b) => b - a));
    c.close();
  });
});

describe("/ws public channels", () => {
  it("answers ping with pong", async () => {
    const c = await client();
    c.send({ op: "ping" });
    expect(await c.next((m) => m.op === "pong")).toEqual({ op: "pong" });
    c.close();
  });

  it("streams a ticker: the current one at once, then every tick, in the shape of quotation_new", async () => {
    const c = await client();
    c.send({ op: "subscribe", channel: "ticker", symbol: "btc/usdt" });
    expect(await c.next((m) => m.op === "subscribed")).toEqual({ op: "subscribed", channel: "ticker", symbol: "BTC/USDT" });
    const first = await c.next((m) => m.channel === "ticker");
    expect(first.symbol).toBe("BTC/USDT");
    await step();
    const live = await c.next((m) => m.channel === "ticker");
    const quotes = (await server.call<Quotation[]>("GET", "currency/quotation_new")).body.message;
    expect(live).toEqual({ channel: "ticker", symbol: "BTC/USDT", data: quotes.find((q) => q.symbol === "BTC/USDT") });
    // Only what was asked for.
    expect(c.messages.filter((m) => m.symbol && m.symbol !== "BTC/USDT")).toEqual([]);

    c.send({ op: "unsubscribe", channel: "ticker", symbol: "BTC/USDT" });
    await c.next((m) => m.op === "unsubscribed");
    await step();
    await settle();
    expect(c.messages.filter((m) => m.channel === "ticker")).toEqual([]);
    c.close();
  });

  it("streams a kline interval: the open candle moving, and the next one when a minute closes", async () => {
    const c = await client();
    c.send({ op: "subscribe", channel: "kline", symbol: "XAU/USD", interval: "1m" });
    await c.next((m) => m.op === "subscribed");
    const open = (await c.next((m) => m.channel === "kline")) as { data: { t: number; c: string } };
    server.clock.advance(60_000);
    await server.market.step();
    const updates: { interval: string; data: { t: number; c: string } }[] = [];
    for (;;) {
      const m = (await c.next((x) => x.channel === "kline")) as (typeof updates)[number];
      updates.push(m);
      if (m.data.t > open.data.t) break;
    }
    expect(updates.every((u) => u.interval === "1m")).toBe(true);
    expect(updates[updates.length - 1].data.t).toBe(open.data.t + 60);
    expect(updates[updates.length - 1].data.c).toMatch(/^\d+\.\d{2}$/);
    c.close();
  });

  it.each([
    [{ op: "subscribe", channel: "ticker", symbol: "NOPE/USDT" }, "PAIR_NOT_FOUND"],
    [{ op: "subscribe", channel: "ticker" }, "PAIR_NOT_FOUND"],
    [{ op: "subscribe", channel: "kline", symbol: "BTC/USDT" }, "PARAMETER_ERROR"],
    [{ op: "subscribe", channel: "kline", symbol: "BTC/USDT", interval: "2m" }, "PARAMETER_ERROR"],
    [{ op: "subscribe", channel: "weather" }, "PARAMETER_ERROR"],
    [{ op: "dance" }, "PARAMETER_ERROR"],
    ["{not json", "PARAMETER_ERROR"],
    [{ op: "subscribe", channel: "orders" }, "LOGIN_REQUIRED"],
  ])("refuses %j with %s and stays open", async (message, code) => {
    const c = await client();
    c.send(message);
    const error = await c.next((m) => m.op === "error");
    expect(error.code).toBe(code);
    expect(typeof error.message).toBe("string");
    c.send({ op: "ping" });
    await c.next((m) => m.op === "pong");
    c.close();
  });

  it("refuses a flood of messages", async () => {
    const c = await client();
    for (let i = 0; i < 60; i++) c.send({ op: "ping" });
    const error = await c.next((m) => m.op === "error");
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    c.close();
  });
});

describe("/ws user channels", () => {
  it("delivers a user's messages to that user's sockets only, after auth", async () => {
    const alice = await server.newUser();
    const bob = await server.newUser();
    const a = await client();
    const b = await client();
    a.send({ op: "auth", token: alice.token });
    a.send({ op: "subscribe", channel: "orders" });
    expect(await a.next((m) => m.op === "auth")).toEqual({ op: "auth", ok: true, user_id: alice.id });
    await a.next((m) => m.op === "subscribed");
    b.send({ op: "auth", token: `Bearer ${bob.token}` });
    b.send({ op: "subscribe", channel: "orders" });
    await b.next((m) => m.op === "subscribed");

    server.hub.publishToUser(alice.id, "orders", { id: 7, status: "filled" });
    server.hub.publishToUser(alice.id, "notices", { id: 1 });
    expect(await a.next((m) => m.channel === "orders")).toEqual({ channel: "orders", data: { id: 7, status: "filled" } });
    await settle();
    expect(a.messages.filter((m) => m.channel === "notices")).toEqual([]);
    expect(b.messages.filter((m) => m.channel)).toEqual([]);
    a.close();
    b.close();
  });

  it("delivers a batch of many users' messages (one bus message) to each user's own sockets", async () => {
    const alice = await server.newUser();
    const bob = await server.newUser();
    const a = await client();
    const b = await client();
    for (const [c, u] of [[a, alice], [b, bob]] as const) {
      c.send({ op: "auth", token: u.token });
      c.send({ op: "subscribe", channel: "positions" });
      await c.next((m) => m.op === "subscribed");
    }
    server.hub.publishToUsers("positions", [
      { userId: alice.id, data: { id: 1 } },
      { userId: bob.id, data: { id: 2 } },
      { userId: alice.id, data: { id: 3 } },
    ]);
    expect(await b.next((m) => m.channel === "positions")).toEqual({ channel: "positions", data: { id: 2 } });
    expect(await a.next((m) => m.channel === "positions")).toEqual({ channel: "positions", data: { id: 1 } });
    expect(await a.next((m) => m.channel === "positions")).toEqual({ channel: "positions", data: { id: 3 } });
    await settle();
    // Nothing else arrived (`next` takes what it answers): bob never saw alice's, and each was sent once.
    expect(a.messages.filter((m) => m.channel === "positions")).toEqual([]);
    expect(b.messages.filter((m) => m.channel === "positions")).toEqual([]);
    a.close();
    b.close();
  });

  it("relays the content domain's notices: everybody's, and a user's own messages", async () => {
    const alice = await server.newUser();
    const bob = await server.newUser();
    const a = await client();
    const b = await client();
    for (const [c, u] of [
      [a, alice],
      [b, bob],
    ] as const) {
      c.send({ op: "auth", token: u.token });
      c.send({ op: "subscribe", channel: "notices" });
      await c.next((m) => m.op === "subscribed");
    }
    server.ctx.bus.publish("notice", { kind: "notice", id: 1, title: "Maintenance" });
    server.ctx.bus.publish(`user:${alice.id}:notice`, { kind: "message", id: 9, title: "Hello" });
    expect(await a.next((m) => m.channel === "notices" && (m.data as { id: number }).id === 1)).toBeTruthy();
    expect(await b.next((m) => m.channel === "notices")).toEqual({ channel: "notices", data: { kind: "notice", id: 1, title: "Maintenance" } });
    expect(await a.next((m) => m.channel === "notices")).toEqual({ channel: "notices", data: { kind: "message", id: 9, title: "Hello" } });
    await settle();
    expect(b.messages.filter((m) => m.channel === "notices")).toEqual([]);
    a.close();
    b.close();
  });

  it("refuses a bad token", async () => {
    const c = await client();
    c.send({ op: "auth", token: "nope" });
    expect((await c.next((m) => m.op === "error")).code).toBe("LOGIN_REQUIRED");
    c.close();
  });

  it("drops the user channels of a session revoked since auth, at the next heartbeat", async () => {
    const user = await server.newUser();
    const c = await client();
    c.send({ op: "auth", token: user.token });
    c.send({ op: "subscribe", channel: "positions" });
    await c.next((m) => m.op === "subscribed");
    await server.call("POST", "user/logout", {}, { token: user.token });
    await server.hub.beat();
    expect((await c.next((m) => m.op === "error")).code).toBe("LOGIN_REQUIRED");
    server.hub.publishToUser(user.id, "positions", { id: 1 });
    await settle();
    expect(c.messages.filter((m) => m.channel === "positions")).toEqual([]);
    c.close();
  });
});

describe("/ws when its session ends", () => {
  type User = Awaited<ReturnType<TestServer["newUser"]>>;
  /** Each way a session ends, done by the user (or an operator) without waiting for any heartbeat. */
  const ENDINGS: [string, (user: User, socketToken: string) => Promise<unknown>][] = [
    ["logout", (_u, token) => server.call("POST", "user/logout", {}, { token })],
    ["a password change", (u, token) => server.call("POST", "safe/update_password", { type: "login", old_password: u.password, password: "another123", re_password: "another123" }, { token })],
    [
      "a freeze",
      async (u) => {
        const operator = await server.newOperator("admin");
        return server.call("POST", "backoffice/users/freeze", { user_id: u.id, reason: "test" }, { token: operator.token });
      },
    ],
    [
      "an end from the security centre (another session of the user)",
      async (u, token) => {
        const sessions = await server.call<{ list: { id: number; current: boolean }[] }>("POST", "safe/sessions", {}, { token: u.token });
        const other = await server.call<{ list: { id: number; current: boolean }[] }>("POST", "safe/sessions", {}, { token });
        const target = other.body.message.list.find((s) => s.current)!.id;
        expect(sessions.body.message.list.some((s) => s.id === target)).toBe(true);
        return server.call("POST", "safe/sessions/end", { id: target }, { token: u.token });
      },
    ],
  ];

  it.each(ENDINGS)("stops delivering private channels within a second of %s", async (_how, end) => {
    const user = await server.newUser();
    // The socket's own session: a second sign-in, so the security centre can end it from the first.
    const login = await server.call<{ token: string }>("POST", "user/login", { account: user.account, password: user.password }, { userAgent: "socket-device" });
    const token = login.body.message.token;
    const c = await client();
    c.send({ op: "auth", token });
    c.send({ op: "subscribe", channel: "positions" });
    await c.next((m) => m.op === "subscribed");
    server.hub.publishToUser(user.id, "support", { id: 1 });
    await c.next((m) => m.channel === "support");
    const answer = (await end(user, token)) as { status: number };
    expect(answer.status).toBe(200);
    const endedAt = Date.now();
    expect((await c.next((m) => m.op === "error", 1_000)).code).toBe("LOGIN_REQUIRED");
    expect(Date.now() - endedAt).toBeLessThan(1_000);
    server.hub.publishToUser(user.id, "positions", { id: 2 });
    server.hub.publishToUser(user.id, "support", { id: 3 });
    await settle();
    expect(c.messages.filter((m) => m.channel)).toEqual([]);
    c.close();
  });

  it("keeps the user's other sessions' sockets", async () => {
    const user = await server.newUser();
    const login = await server.call<{ token: string }>("POST", "user/login", { account: user.account, password: user.password });
    const [ending, staying] = [await client(), await client()];
    ending.send({ op: "auth", token: login.body.message.token });
    staying.send({ op: "auth", token: user.token });
    await ending.next((m) => m.op === "auth");
    await staying.next((m) => m.op === "auth");
    await server.call("POST", "user/logout", {}, { token: login.body.message.token });
    await ending.next((m) => m.op === "error", 1_000);
    server.hub.publishToUser(user.id, "support", { id: 4 });
    expect(await staying.next((m) => m.channel === "support")).toEqual({ channel: "support", data: { id: 4 } });
    ending.close();
    staying.close();
  });
});

describe("/ws heartbeats", () => {
  it("closes a connection that stops answering pings, and keeps the live ones", async () => {
    await settle();
    const before = server.hub.connections;
    const dead = await client({ autoPong: false });
    const live = await client();
    await settle();
    expect(server.hub.connections).toBe(before + 2);
    await server.hub.beat(); // pings both; only the live one answers
    await settle();
    await server.hub.beat(); // the silent one is closed
    await settle();
    expect(dead.closed).toBe(true);
    expect(live.closed).toBe(false);
    expect(server.hub.connections).toBe(before + 1);
    live.close();
    await settle();
    expect(server.hub.connections).toBe(before);
  });
});
