import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket } from "./fake-websocket";
import { RealtimeSocket, socketUrl, topicKey } from "./socket";

let token: string | null = null;
let randomValue = 0;
let socket: RealtimeSocket;

const make = () =>
  new RealtimeSocket({
    url: () => "ws://test/ws",
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
    getToken: () => token,
    random: () => randomValue,
    now: () => Date.now(),
  });

const btc = { channel: "ticker", symbol: "BTC/USDT" };
const btc1m = { channel: "kline", symbol: "BTC/USDT", interval: "1m" };

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  token = null;
  randomValue = 0;
  socket = make();
});
afterEach(() => {
  socket.close();
  vi.useRealTimers();
});

describe("realtime socket", () => {
  it("builds ws:// or wss:// on the page's own origin", () => {
    expect(socketUrl("http://app.test/#/pages/market/index")).toBe("ws://app.test/ws");
    expect(socketUrl("https://app.test/backoffice.html#/pairs")).toBe("wss://app.test/ws");
  });

  it("names topics by channel, symbol and interval", () => {
    expect(topicKey(btc)).toBe("ticker|BTC/USDT");
    expect(topicKey(btc1m)).toBe("kline|BTC/USDT|1m");
    expect(topicKey({ channel: "orders" })).toBe("orders");
  });

  it("connects on the first subscription and subscribes once per topic however many listen", () => {
    expect(FakeWebSocket.instances).toHaveLength(0);
    const a = vi.fn();
    const b = vi.fn();
    const stopA = socket.subscribe(btc, a);
    const stopB = socket.subscribe(btc, b);
    expect(socket.getStatus()).toBe("connecting");
    const ws = FakeWebSocket.last;
    ws.accept();
    expect(socket.getStatus()).toBe("open");
    expect(ws.ops("subscribe")).toEqual([{ op: "subscribe", channel: "ticker", symbol: "BTC/USDT" }]);

    ws.receive({ channel: "ticker", symbol: "BTC/USDT", data: { last: "1" } });
    ws.receive({ channel: "ticker", symbol: "ETH/USDT", data: { last: "2" } });
    ws.receive("not json");
    expect(a).toHaveBeenCalledTimes(1);
    expect(a.mock.calls[0][0]).toEqual({ last: "1" });
    expect(b).toHaveBeenCalledTimes(1);

    stopA();
    stopA(); // a second call changes nothing
    expect(ws.ops("unsubscribe")).toHaveLength(0);
    stopB();
    expect(ws.ops("unsubscribe")).toEqual([{ op: "unsubscribe", channel: "ticker", symbol: "BTC/USDT" }]);
    ws.receive({ channel: "ticker", symbol: "BTC/USDT", data: { last: "3" } });
    expect(a).toHaveBeenCalledTimes(1);
  });

  it("routes kline messages by interval", () => {
    const one = vi.fn();
    const five = vi.fn();
    socket.subscribe(btc1m, one);
    socket.subscribe({ ...btc1m, interval: "5m" }, five);
    FakeWebSocket.last.accept();
    FakeWebSocket.last.receive({ channel: "kline", symbol: "BTC/USDT", interval: "5m", data: { t: 300 } });
    expect(one).not.toHaveBeenCalled();
    expect(five).toHaveBeenCalledWith({ t: 300 }, expect.objectContaining({ interval: "5m" }));
  });

  it("gives up on a connection that does not open within 20 s, then retries after 1-5 s", () => {
    socket.subscribe(btc, vi.fn());
    const first = FakeWebSocket.last;
    vi.advanceTimersByTime(19_999);
    expect(socket.getStatus()).toBe("connecting");
    vi.advanceTimersByTime(1);
    expect(socket.getStatus()).toBe("down");
    expect(first.closedByClient).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(socket.getStatus()).toBe("connecting");
  });

  it("counts a connection as live only once the server answers, and gives up on a silent one after 20 s", () => {
    socket.subscribe(btc, vi.fn());
    const ws = FakeWebSocket.last;
    ws.open();
    expect(socket.getStatus()).toBe("connecting");
    expect(ws.ops("subscribe")).toHaveLength(1); // subscriptions go out as soon as the wire is open
    vi.advanceTimersByTime(20_000);
    expect(socket.getStatus()).toBe("down");
    expect(ws.closedByClient).toBe(true);
    vi.advanceTimersByTime(1_000);
    FakeWebSocket.last.open();
    FakeWebSocket.last.receive({ op: "subscribed", channel: "ticker", symbol: "BTC/USDT" });
    expect(socket.getStatus()).toBe("open");
  });

  it("hands listeners topic data, and no data when the topic is (again) subscribed; never an error", () => {
    const listener = vi.fn();
    socket.subscribe(btc, listener);
    FakeWebSocket.last.open();
    FakeWebSocket.last.receive({ op: "error", code: "PAIR_NOT_FOUND", channel: "ticker", symbol: "BTC/USDT" });
    expect(listener).not.toHaveBeenCalled();
    FakeWebSocket.last.receive({ op: "subscribed", channel: "ticker", symbol: "BTC/USDT" });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0][0]).toBeUndefined();
    FakeWebSocket.last.receive({ channel: "ticker", symbol: "BTC/USDT", data: { price: "1" } });
    expect(listener.mock.calls[1][0]).toEqual({ price: "1" });
  });

  it("never counts as live a connection that opens and closes at once (a proxy refusing it)", () => {
    const seen: string[] = [];
    socket.onStatus(() => seen.push(socket.getStatus()));
    socket.subscribe(btc, vi.fn());
    for (let i = 0; i < 3; i++) {
      FakeWebSocket.last.open();
      FakeWebSocket.last.drop();
      vi.advanceTimersByTime(5_000);
    }
    expect(seen).not.toContain("open");
  });

  it("waits a random 1 to 5 s before reconnecting", () => {
    randomValue = 0.999999;
    socket.subscribe(btc, vi.fn());
    FakeWebSocket.last.accept();
    FakeWebSocket.last.drop();
    expect(socket.getStatus()).toBe("down");
    vi.advanceTimersByTime(4_999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    randomValue = 0.5;
    FakeWebSocket.last.drop();
    vi.advanceTimersByTime(2_999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it("subscribes again to every topic still listened to after a reconnect, and not to dropped ones", () => {
    const stopEth = socket.subscribe({ channel: "ticker", symbol: "ETH/USDT" }, vi.fn());
    const listener = vi.fn();
    socket.subscribe(btc, listener);
    socket.subscribe(btc1m, vi.fn());
    FakeWebSocket.last.accept();
    FakeWebSocket.last.drop();
    stopEth(); // left while the socket was down: nothing to send, and not resubscribed
    vi.advanceTimersByTime(5_000);
    const second = FakeWebSocket.last;
    expect(FakeWebSocket.instances).toHaveLength(2);
    second.accept();
    expect(second.ops("subscribe")).toEqual([
      { op: "subscribe", channel: "ticker", symbol: "BTC/USDT" },
      { op: "subscribe", channel: "kline", symbol: "BTC/USDT", interval: "1m" },
    ]);
    second.receive({ channel: "ticker", symbol: "BTC/USDT", data: { last: "9" } });
    expect(listener).toHaveBeenCalledWith({ last: "9" }, expect.anything());
    expect(socket.reconnects).toBe(1);
  });

  it("reports its status to listeners: connecting, open, down, and back", () => {
    const seen: string[] = [];
    socket.onStatus(() => seen.push(socket.getStatus()));
    socket.subscribe(btc, vi.fn());
    FakeWebSocket.last.accept();
    FakeWebSocket.last.drop();
    vi.advanceTimersByTime(5_000);
    FakeWebSocket.last.accept();
    expect(seen).toEqual(["connecting", "open", "down", "connecting", "open"]);
  });

  it("pings to keep the connection alive and drops a silent one", () => {
    socket.subscribe(btc, vi.fn());
    const ws = FakeWebSocket.last;
    ws.accept();
    expect(ws.ops("ping")).toHaveLength(1); // asked for a first answer on open
    vi.advanceTimersByTime(15_000);
    expect(ws.ops("ping")).toHaveLength(2);
    ws.receive({ op: "pong" });
    vi.advanceTimersByTime(15_000);
    expect(ws.ops("ping")).toHaveLength(3);
    // No answer at all for 45 s: dead.
    vi.advanceTimersByTime(30_000);
    expect(socket.getStatus()).toBe("down");
    expect(ws.closedByClient).toBe(true);
  });

  it("authenticates with the session token before a user channel and again when the token changes", () => {
    token = "tok-1";
    socket.subscribe(btc, vi.fn());
    const orders = vi.fn();
    socket.subscribe({ channel: "orders" }, orders, { user: true });
    const ws = FakeWebSocket.last;
    ws.accept();
    const sent = () => ws.sent.filter((m) => m.op !== "ping");
    expect(sent()).toEqual([
      { op: "subscribe", channel: "ticker", symbol: "BTC/USDT" },
      { op: "auth", token: "tok-1" },
      { op: "subscribe", channel: "orders" },
    ]);
    ws.receive({ channel: "orders", data: { id: 1 } });
    expect(orders).toHaveBeenCalledWith({ id: 1 }, expect.anything());

    token = "tok-2";
    socket.tokenChanged();
    expect(sent().slice(3)).toEqual([{ op: "auth", token: "tok-2" }, { op: "subscribe", channel: "orders" }]);

    // Logged out: a fresh connection forgets the session.
    token = null;
    socket.tokenChanged();
    expect(ws.closedByClient).toBe(true);
    const next = FakeWebSocket.last;
    expect(next).not.toBe(ws);
    next.accept();
    expect(next.ops("auth")).toHaveLength(0);
    expect(next.ops("subscribe")).toEqual([{ op: "subscribe", channel: "ticker", symbol: "BTC/USDT" }]);
  });

  it("does not authenticate when only public topics are listened to", () => {
    token = "tok-1";
    socket.subscribe(btc, vi.fn());
    FakeWebSocket.last.accept();
    expect(FakeWebSocket.last.ops("auth")).toHaveLength(0);
  });

  it("closes a while after the last listener leaves, and does not reconnect", () => {
    const stop = socket.subscribe(btc, vi.fn());
    const ws = FakeWebSocket.last;
    ws.accept();
    stop();
    vi.advanceTimersByTime(29_999);
    expect(socket.getStatus()).toBe("open");
    vi.advanceTimersByTime(1);
    expect(socket.getStatus()).toBe("down");
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    // A new listener connects again.
    socket.subscribe(btc, vi.fn());
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it("keeps the connection when a listener comes back before the idle timeout", () => {
    const stop = socket.subscribe(btc, vi.fn());
    FakeWebSocket.last.accept();
    stop();
    vi.advanceTimersByTime(10_000);
    socket.subscribe(btc1m, vi.fn());
    vi.advanceTimersByTime(25_000); // past the first listener's idle timeout
    expect(socket.getStatus()).toBe("open");
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("reconnects at once when the browser is back online", () => {
    socket.subscribe(btc, vi.fn());
    FakeWebSocket.last.accept();
    FakeWebSocket.last.drop();
    socket.retryNow();
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it("keeps delivering to other listeners when one throws", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const good = vi.fn();
    socket.subscribe(btc, () => {
      throw new Error("boom");
    });
    socket.subscribe(btc, good);
    FakeWebSocket.last.accept();
    FakeWebSocket.last.receive({ channel: "ticker", symbol: "BTC/USDT", data: {} });
    expect(good).toHaveBeenCalled();
    error.mockRestore();
  });
});
