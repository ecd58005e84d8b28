import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Quotation } from "@contract/market";
import { FakeWebSocket } from "@/shared/api/fake-websocket";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

const quotation = (symbol: string, last: string, change: string, kind: Quotation["kind"] = "crypto"): Quotation => {
  const [base, quote] = symbol.split("/");
  return {
    symbol, base, quote, kind, last, open_24h: last, high_24h: last, low_24h: last, change_24h: change, volume_24h: "100", quote_volume_24h: "1000",
    bid: last, ask: last, price_precision: 2, trading: true, paused: false, tick_age_ms: 0, tick_max_age_ms: 5000, source: "sim", updated_at: 0,
  };
};

let list: Quotation[];
let fetches = 0;

beforeAll(() => {
  // The app's socket is created when the realtime module loads: it must find the fake.
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

beforeEach(() => {
  FakeWebSocket.reset();
  fetches = 0;
  list = [quotation("BTC/USDT", "64000.00", "1.50"), quotation("ETH/USDT", "3100.00", "-2.00"), quotation("EUR/USD", "1.08", "0.10", "forex")];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      fetches++;
      const path = new URL(request.url).pathname;
      const message = path.endsWith("currency/quotation_new") ? list : { connected_venues: 0, venues: [], list: [], opportunities: 0, updated_at: 0 };
      return answerOk(message);
    }),
  );
});

afterEach(async () => {
  const { realtime } = await import("@/shared/api/realtime");
  realtime.close();
  vi.unstubAllGlobals();
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

async function renderMarket() {
  const { MarketPage } = await import("./market-page");
  renderScreen(<MarketPage />);
  await screen.findByTestId("quote-BTC/USDT");
}

const rowSymbols = () => screen.getAllByTestId(/^quote-/).map((row) => row.dataset.testid?.replace("quote-", ""));
const ticker = (q: Quotation) => act(() => FakeWebSocket.last.receive({ channel: "ticker", symbol: q.symbol, data: q }));

describe("market screen", () => {
  it("subscribes to every pair's ticker and updates a row in place", async () => {
    await renderMarket();
    act(() => FakeWebSocket.last.accept());
    expect(FakeWebSocket.last.ops("subscribe").map((m) => m.symbol)).toEqual(["BTC/USDT", "ETH/USDT", "EUR/USD"]);
    expect(screen.getByTestId("live-status").dataset.status).toBe("live");
    expect(screen.getByTestId("demo-badge")).toBeTruthy();

    const btcRow = screen.getByTestId("quote-BTC/USDT");
    const ethPrice = within(screen.getByTestId("quote-ETH/USDT")).getByTestId("last-price");
    ticker({ ...list[0], last: "64123.456", change_24h: "1.70" });
    await waitFor(() => expect(within(btcRow).getByTestId("last-price").textContent).toBe("64,123.46"));
    // The same row element, now flashing up; the other row untouched.
    expect(screen.getByTestId("quote-BTC/USDT")).toBe(btcRow);
    expect(within(btcRow).getByTestId("last-price").className).toContain("flash-up");
    expect(within(screen.getByTestId("quote-ETH/USDT")).getByTestId("last-price")).toBe(ethPrice);
    expect(btcRow.textContent).toContain("+1.70%");
    expect(fetches).toBe(1);
  });

  it("keeps the row order while prices move, and re-sorts when asked", async () => {
    await renderMarket();
    act(() => FakeWebSocket.last.accept());
    fireEvent.click(screen.getByRole("button", { name: /24h change/ }));
    expect(rowSymbols()).toEqual(["BTC/USDT", "ETH/USDT"]);
    // ETH overtakes BTC: the rows stay where they are until the user sorts again.
    ticker({ ...list[1], change_24h: "5.00" });
    await waitFor(() => expect(screen.getByTestId("quote-ETH/USDT").textContent).toContain("+5.00%"));
    expect(rowSymbols()).toEqual(["BTC/USDT", "ETH/USDT"]);
    fireEvent.click(screen.getByRole("button", { name: /24h change/ })); // lowest first
    expect(rowSymbols()).toEqual(["BTC/USDT", "ETH/USDT"]);
    fireEvent.click(screen.getByRole("button", { name: /24h change/ })); // off
    fireEvent.click(screen.getByRole("button", { name: /24h change/ })); // highest first, with today's figures
    expect(rowSymbols()).toEqual(["ETH/USDT", "BTC/USDT"]);
  });

  it("filters by tab and search, and says when nothing matches", async () => {
    await renderMarket();
    fireEvent.click(screen.getByRole("tab", { name: "Forex & metals" }));
    expect(rowSymbols()).toEqual(["EUR/USD"]);
    fireEvent.click(screen.getByRole("tab", { name: "Crypto" }));
    fireEvent.change(screen.getByLabelText("Search pairs"), { target: { value: "eth" } });
    expect(rowSymbols()).toEqual(["ETH/USDT"]);
    fireEvent.change(screen.getByLabelText("Search pairs"), { target: { value: "zzz" } });
    expect(screen.getByText("No pair matches your search.")).toBeTruthy();
  });

  it("finds a pair by its asset's name in the user's language", async () => {
    list.push(quotation("XAU/USD", "2350.00", "0.20", "metal"));
    await renderMarket();
    const search = screen.getByLabelText("Search pairs");
    fireEvent.change(search, { target: { value: "Bitcoin" } });
    expect(rowSymbols()).toEqual(["BTC/USDT"]);
    fireEvent.click(screen.getByRole("tab", { name: "Forex & metals" }));
    fireEvent.change(search, { target: { value: "gold" } });
    expect(rowSymbols()).toEqual(["XAU/USD"]);
    fireEvent.change(search, { target: { value: "euro" } });
    expect(rowSymbols()).toEqual(["EUR/USD"]);
    // In Spanish gold is "oro" and the dollar "dólar", typed with or without its accent.
    const { activateLanguage, screensCatalogueReady } = await import("@/shared/i18n/i18n");
    await act(async () => {
      await screensCatalogueReady();
      await activateLanguage("es");
    });
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "oro" } });
    expect(rowSymbols()).toEqual(["XAU/USD"]);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "dolar" } });
    expect(rowSymbols()).toEqual(["EUR/USD", "XAU/USD"]);
    await act(() => activateLanguage("en"));
  });

  it("shows that it is polling while the socket is down", async () => {
    await renderMarket();
    act(() => FakeWebSocket.last.accept());
    act(() => FakeWebSocket.last.drop());
    expect(screen.getByTestId("live-status").dataset.status).toBe("polling");
  });
});
