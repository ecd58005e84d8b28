import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { renderScreen } from "../testing/render-screen";
import { FakeWebSocket } from "./fake-websocket";
import { RealtimeSocket } from "./socket";
import { useLiveSWR, useSocketStatus } from "./realtime";

let socket: RealtimeSocket;
let fetches = 0;
let serverPrice = "100";

/** The server's answer; a test may hold it back to land a socket message while the call is in flight. */
let hold: Promise<void> | null = null;
const fetcher = async () => {
  fetches++;
  const price = serverPrice;
  if (hold) await hold;
  return { last: price };
};

function Price() {
  const { data, live } = useLiveSWR("price", fetcher, {
    topics: [{ channel: "ticker", symbol: "BTC/USDT" }],
    onMessage: (message, mutate) => void mutate(message.data as { last: string }, { revalidate: false }),
    pollMs: 3_000,
    socket,
  });
  return (
    <div>
      <span data-testid="price">{data?.last ?? "-"}</span>
      <span data-testid="live">{live ? "live" : "polling"}</span>
    </div>
  );
}

function Status() {
  return <span data-testid="status">{useSocketStatus(socket)}</span>;
}

/** Lets timers and the promises they resolve run. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  fetches = 0;
  serverPrice = "100";
  hold = null;
  socket = new RealtimeSocket({
    url: () => "ws://test/ws",
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
    random: () => 0,
    now: () => Date.now(),
  });
});
afterEach(() => {
  socket.close();
  vi.useRealTimers();
});

describe("useLiveSWR", () => {
  it("updates from the socket while it is open, polls while it is down, and stops polling when it is back", async () => {
    renderScreen(<><Price /><Status /></>);
    await advance(0);
    expect(fetches).toBe(1);
    expect(screen.getByTestId("price").textContent).toBe("100");
    expect(screen.getByTestId("status").textContent).toBe("connecting");

    // Open: no polling, messages update the data in place.
    act(() => FakeWebSocket.last.accept());
    expect(screen.getByTestId("live").textContent).toBe("live");
    expect(FakeWebSocket.last.ops("subscribe")).toEqual([{ op: "subscribe", channel: "ticker", symbol: "BTC/USDT" }]);
    await advance(10_000);
    expect(fetches).toBe(1);
    act(() => FakeWebSocket.last.receive({ channel: "ticker", symbol: "BTC/USDT", data: { last: "101" } }));
    expect(screen.getByTestId("price").textContent).toBe("101");

    // Down: the HTTP call is polled every 3 s.
    act(() => FakeWebSocket.last.drop());
    expect(screen.getByTestId("live").textContent).toBe("polling");
    // The reconnect attempt hangs (the server is away) and times out after 20 s; polling goes on meanwhile.
    serverPrice = "102";
    await advance(3_000);
    expect(fetches).toBe(2);
    expect(screen.getByTestId("price").textContent).toBe("102");
    await advance(9_000);
    expect(fetches).toBe(5);

    // Back: one catch-up fetch, subscriptions restored, then no more polling.
    serverPrice = "103";
    act(() => FakeWebSocket.last.accept());
    await advance(0);
    expect(screen.getByTestId("live").textContent).toBe("live");
    expect(FakeWebSocket.last.ops("subscribe")).toHaveLength(1);
    const afterReconnect = fetches;
    expect(screen.getByTestId("price").textContent).toBe("103");
    await advance(30_000);
    expect(fetches).toBe(afterReconnect);
    act(() => FakeWebSocket.last.receive({ channel: "ticker", symbol: "BTC/USDT", data: { last: "104" } }));
    expect(screen.getByTestId("price").textContent).toBe("104");
  });

  it("keeps polling steadily while connections open and drop at once", async () => {
    renderScreen(<Price />);
    await advance(0);
    expect(fetches).toBe(1);
    for (let i = 0; i < 9; i++) {
      act(() => {
        FakeWebSocket.last.open();
        FakeWebSocket.last.drop();
      });
      await advance(1_000);
    }
    expect(screen.getByTestId("live").textContent).toBe("polling");
    expect(fetches).toBe(4);
  });

  it("keeps the first answer when a message lands while it is in flight", async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    renderScreen(<Price />);
    await advance(0);
    act(() => FakeWebSocket.last.accept());
    act(() => FakeWebSocket.last.receive({ channel: "ticker", symbol: "BTC/USDT", data: { last: "99" } }));
    release();
    await advance(0);
    // SWR would have thrown the answer away had the message been applied meanwhile.
    expect(screen.getByTestId("price").textContent).toBe("100");
    act(() => FakeWebSocket.last.receive({ channel: "ticker", symbol: "BTC/USDT", data: { last: "101" } }));
    expect(screen.getByTestId("price").textContent).toBe("101");
  });

  it("unsubscribes when the screen goes away", async () => {
    const { unmount } = renderScreen(<Price />);
    await advance(0);
    act(() => FakeWebSocket.last.accept());
    unmount();
    expect(FakeWebSocket.last.ops("unsubscribe")).toEqual([{ op: "unsubscribe", channel: "ticker", symbol: "BTC/USDT" }]);
  });

  it("shares one subscription between two screens on the same topic", async () => {
    renderScreen(<><Price /><Price /></>);
    await advance(0);
    act(() => FakeWebSocket.last.accept());
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.last.ops("subscribe")).toHaveLength(1);
  });
});
