import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import type { home } from "@contract";
import type { Output } from "@contract/define";
import type { Quotation } from "@contract/market";
import { FakeWebSocket } from "@/shared/api/fake-websocket";
import { clearSession, setToken, setUserInfo } from "@/shared/state/store";
import { answerOk } from "@/shared/testing/answers";

type FirstData = Output<typeof home.firstData>;

const quotation = (symbol: string, last: string): Quotation => {
  const [base, quote] = symbol.split("/");
  return {
    symbol, base, quote, kind: "crypto", last, open_24h: last, high_24h: last, low_24h: last, change_24h: "1.00", volume_24h: "100",
    quote_volume_24h: "1000", bid: last, ask: last, price_precision: 2, trading: true, paused: false, tick_age_ms: 0, tick_max_age_ms: 5000, source: "sim", updated_at: 0,
  };
};

const first: FirstData = {
  user: {
    id: 41, account: "homer", email: null, invite_code: "ABCDEFGH", review_status: 2, has_trade_password: false, google_bound: false,
    frozen: false, locked: false, wallet_address: null, withdraw_locked_until: null, anti_phishing_set: false, lang: "en", created_at: 0,
  },
  wallets: [{ currency: "USDT", balance: "1234.5", available: "1200", frozen: "34.5", usdt_value: "1234.5" }],
  unread: { unread: 3, latest_at: 0 },
  notices: { list: [{ id: 9, kind: "notice", title: "Maintenance on Sunday", summary: "", cover_url: null, pinned: false, published_at: 0, lang: "en", fallback: false }], total: 1 },
  quotations: [quotation("BTC/USDT", "64000.00"), quotation("ETH/USDT", "3100.00")],
  support: {
    list: [{ id: 5, from: "agent", text: "Your deposit is credited.", image_url: null, image_id: null, created_at: 0, read: false }],
    unread: 1,
  },
};

/** Every request the app makes, by path under /api/. */
let requests: string[];

beforeAll(() => {
  // The app's socket is created when the realtime module loads: it must find the fake.
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

afterEach(async () => {
  const { realtime } = await import("@/shared/api/realtime");
  realtime.close();
  await clearSession();
  vi.unstubAllGlobals();
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

function answerEverything() {
  requests = [];
  // Every call answers (a stray one is counted, not hung): user/home with the first data, each part's own call with
  // that part, anything else with an empty page.
  const own: Record<string, unknown> = { "user/home": first, "user/info": first.user, "wallet/list": first.wallets, "user/usermessage_unread": first.unread, "news/list": first.notices, "currency/quotation_new": first.quotations, "support/messages": first.support };
  vi.stubGlobal("fetch", async (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^.*\/api\//, "");
    requests.push(path);
    const message = own[path] ?? { list: [], total: 0 };
    return answerOk(message);
  });
}

describe("the signed-in home at start-up", () => {
  it("gets its first data in one request, and no part is asked for again", async () => {
    answerEverything();
    await setToken("session-token");
    await setUserInfo(first.user);
    window.location.hash = "#/pages/index/index";
    const { App } = await import("../App");
    render(<App />);

    // Every part is on screen: balances, the bell's count, the notice strip, the markets and the Service tab's badge
    // (both lazy).
    // The home's chunk is lazy: the first load transforms it, which takes a while on a busy machine.
    await waitFor(() => expect(screen.getByTestId("total-assets").textContent).toContain("1,234.5"), { timeout: 10_000 });
    expect(await screen.findByRole("link", { name: "Notices, 3 unread" })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Notice: Maintenance on Sunday" })).toBeTruthy();
    expect(await screen.findByTestId("home-quotes", {}, { timeout: 10_000 })).toBeTruthy();
    const badge = await screen.findByTestId("service-badge", {}, { timeout: 10_000 });
    expect(badge.textContent).toBe("1");
    // One reply: the badge's spoken name is singular, never "1 unread replies".
    expect(badge.getAttribute("aria-label")).toBe("1 unread reply");
    await waitFor(() => expect(FakeWebSocket.last).toBeTruthy());
    act(() => FakeWebSocket.last.accept());
    // Later mounts (the PWA extras' notice watch) and revalidations would ask now: give them time to.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));

    expect(requests).toEqual(["user/home"]);
  });

  it("coming to the home from another screen, it again asks once for everything", async () => {
    answerEverything();
    await setToken("session-token");
    await setUserInfo(first.user);
    window.location.hash = "#/pages/login/index";
    const { App } = await import("../App");
    render(<App />);
    // Elsewhere, start-up loads the user and the wallets (each once).
    await waitFor(() => expect([...requests].sort()).toEqual(["user/info", "wallet/list"]), { timeout: 10_000 });

    // A home rendered within 2 s is served by the same ask (a double render): the last test's must be older.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_100)));
    requests = [];
    const { navigate } = await import("@/shared/lib/navigation");
    act(() => navigate("/pages/index/index"));
    await waitFor(() => expect(screen.getByTestId("total-assets").textContent).toContain("1,234.5"), { timeout: 10_000 });
    expect(await screen.findByTestId("home-quotes", {}, { timeout: 10_000 })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));

    expect(requests).toEqual(["user/home"]);
  });
});
