import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { i18n } from "@lingui/core";
import { errors } from "@contract/messages";
import type { Quotation } from "@contract/market";
import type { Position } from "@contract/positions";
import { FakeWebSocket } from "@/shared/api/fake-websocket";
import { store, toastsAtom } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk, answerRefused } from "@/shared/testing/answers";

const quotation = (symbol: string, bid: string, ask: string): Quotation => ({
  symbol, base: symbol.split("/")[0], quote: symbol.split("/")[1], kind: "crypto", last: bid, open_24h: bid, high_24h: bid, low_24h: bid, change_24h: "0",
  volume_24h: "1", quote_volume_24h: "1", bid, ask, price_precision: 2, trading: true, paused: false, tick_age_ms: 0, tick_max_age_ms: 5000, source: "sim", updated_at: 0,
});

const position = (p: Partial<Position>): Position => ({
  id: 1, symbol: "BTC/USDT", kind: "crypto", direction: "long", type: "market", quantity: "0.01", contract_size: "1", leverage: 10, price: null, stop_price: null, sl_trail_rate: null,
  open_price: "64000.00", open_tick: { price: "63995.00", at_ms: Date.UTC(2026, 10, 25, 1, 2, 3) }, margin: "64", open_fee: "0.32", close_fee: "0", swap: "0",
  tp_price: "70000.00", sl_price: null, mark_price: "64000.00", pnl: "-0.64", liquidation_price: "57920.00", margin_level: "2000", status: "open", close_reason: null,
  close_price: null, close_tick: null, payout: null, created_at: 1_800_000_000, opened_at: 1_800_000_000, closed_at: null, ...p,
});

const account = { equity: "64", margin: "64", free_margin: "936", margin_level: "2000", unrealised_pnl: "-0.64" };
let lists: Record<string, Position[]>;
let calls: { path: string; body: Record<string, unknown> }[];
let refusal: { path: string; code: keyof typeof errors } | null;

beforeAll(() => vi.stubGlobal("WebSocket", FakeWebSocket));

beforeEach(() => {
  FakeWebSocket.reset();
  store.set(toastsAtom, []);
  calls = [];
  refusal = null;
  lists = {
    open: [position({})],
    pending: [position({ id: 2, type: "limit", price: "60000.00", status: "pending", open_price: null, open_tick: null, mark_price: null, pnl: "0", margin_level: null })],
    closed: [
      position({
        id: 3, status: "closed", close_reason: "tp", close_price: "70000.00", close_tick: { price: "70005.00", at_ms: Date.UTC(2026, 10, 25, 2, 3, 4) }, pnl: "59.01",
        payout: "123.65", close_fee: "0.35", closed_at: 1_800_000_100,
      }),
    ],
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api\//, "");
      const body = request.method === "POST" ? ((await request.json()) as Record<string, unknown>) : {};
      calls.push({ path, body });
      if (refusal && refusal.path === path) {
        return answerRefused(refusal.code);
      }
      if (path === "currency/quotation_new") return answerOk([quotation("BTC/USDT", "64000.00", "64010.00")]);
      if (path === "lever/my_trade") {
        const status = String(body.status);
        const list = body.kind === "crypto" ? lists[status] : [];
        return answerOk({ list, total: list.length, account });
      }
      if (path === "lever/close") return answerOk({ ...lists.open[0], status: "closed" });
      if (path === "lever/dealall") return answerOk({ closed: 1, pnl: "0.36", list: [] });
      if (path === "lever/cancel") return answerOk({ ...lists.pending[0], status: "cancelled" });
      if (path === "lever/setstop") return answerOk(lists.open[0]);
      return answerOk({});
    }),
  );
});

afterEach(async () => {
  const { realtime } = await import("@/shared/api/realtime");
  realtime.close();
  vi.unstubAllGlobals();
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

async function renderPage() {
  const { ContractOrdersPage } = await import("./positions-page");
  renderScreen(<ContractOrdersPage />);
  return screen.findByTestId("position-1");
}

const toasts = () => store.get(toastsAtom).map((t) => t.text);
const sent = (path: string) => calls.filter((c) => c.path === path);
const ticker = (bid: string, ask: string) =>
  act(() => FakeWebSocket.last.receive({ channel: "ticker", symbol: "BTC/USDT", data: quotation("BTC/USDT", bid, ask) }));

describe("contract orders", { timeout: 20_000 }, () => {
  it("shows the account and an open position, its P&L moving with the live bid", async () => {
    const card = await renderPage();
    expect(within(card).getByText("In transaction · position open")).toBeTruthy();
    expect(within(card).getByTestId("position-pnl").textContent).toBe("-0.64");
    expect(within(card).getByTestId("position-stops").textContent).toBe("70,000.00 / -");
    act(() => FakeWebSocket.last.accept());
    await waitFor(() => expect(FakeWebSocket.last.ops("subscribe").map((m) => m.symbol)).toContain("BTC/USDT"));
    ticker("64100.00", "64110.00");
    await waitFor(() => expect(within(card).getByTestId("position-pnl").textContent).toBe("+0.3595"));
    expect(within(card).getByTestId("position-mark").textContent).toBe("64,100.00");
    expect(within(card).getByTestId("position-level").textContent).toBe("2,031.25%");
    expect(screen.getByTestId("account-pnl").textContent).toBe("+0.3595");
  });

  it("closes a position only after the prompt, which shows the P&L", async () => {
    const card = await renderPage();
    fireEvent.click(within(card).getByRole("button", { name: "Close BTC/USDT position" }));
    const dialog = screen.getByRole("dialog", { name: "Close this position?" });
    expect(within(dialog).getByTestId("close-pnl").textContent).toBe("-0.64 USDT");
    expect(sent("lever/close")).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Close position" }));
    await waitFor(() => expect(sent("lever/close")).toHaveLength(1));
    expect(sent("lever/close")[0].body).toMatchObject({ id: 1 });
  });

  it("close all shows the total P&L it will realise first", async () => {
    await renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Close all" }));
    const dialog = screen.getByRole("dialog", { name: "Close all positions?" });
    expect(within(dialog).getByTestId("close-all-pnl").textContent).toBe("-0.64 USDT");
    // One open position: the count reads in the singular, never "1 positions".
    expect(dialog.textContent).toContain("1 position closes at the current price.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Close all" }));
    await waitFor(() => expect(sent("lever/dealall")).toHaveLength(1));
    expect(sent("lever/dealall")[0].body).toMatchObject({ kind: "crypto" });
  });

  it("edits TP/SL: an unchanged field is left out, an emptied one is sent empty, the seed's rule is checked first", async () => {
    const card = await renderPage();
    fireEvent.click(within(card).getByRole("button", { name: "Edit TP/SL of BTC/USDT" }));
    const dialog = screen.getByRole("dialog", { name: "Take-profit and stop-loss" });
    fireEvent.change(within(dialog).getByLabelText("Stop-loss"), { target: { value: "65000" } });
    expect(within(dialog).getByText(i18n._(errors.LONG_SL_TOO_HIGH.key))).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Stop-loss"), { target: { value: "60000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent("lever/setstop")).toHaveLength(1));
    expect(sent("lever/setstop")[0].body).toEqual(expect.objectContaining({ id: 1, sl_price: "60000" }));
    expect(sent("lever/setstop")[0].body).not.toHaveProperty("tp_price");

    fireEvent.click(within(card).getByRole("button", { name: "Edit TP/SL of BTC/USDT" }));
    const again = screen.getByRole("dialog", { name: "Take-profit and stop-loss" });
    fireEvent.change(within(again).getByLabelText("Take-profit"), { target: { value: "" } });
    fireEvent.click(within(again).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent("lever/setstop")).toHaveLength(2));
    expect(sent("lever/setstop")[1].body).toEqual(expect.objectContaining({ id: 1, tp_price: "" }));
  });

  it("a refused close says why and keeps the position", async () => {
    refusal = { path: "lever/close", code: "POSITION_CLOSING" };
    const card = await renderPage();
    fireEvent.click(within(card).getByRole("button", { name: "Close BTC/USDT position" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close position" }));
    await waitFor(() => expect(toasts()).toContain(i18n._(errors.POSITION_CLOSING.key)));
    expect(screen.getByTestId("position-1")).toBeTruthy();
  });

  it("offline: the list stays on screen and a close is refused before anything is sent", async () => {
    const card = await renderPage();
    Object.defineProperty(navigator, "onLine", { configurable: true, value: false });
    try {
      fireEvent.click(within(card).getByRole("button", { name: "Close BTC/USDT position" }));
      fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close position" }));
      await waitFor(() => expect(toasts()).toEqual(["You're offline. This needs a connection; nothing was sent."]));
      expect(sent("lever/close")).toEqual([]);
      expect(screen.getByTestId("position-1")).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, "onLine", { configurable: true, value: true });
    }
  });

  it("cancels a pending order after a confirmation", async () => {
    await renderPage();
    fireEvent.click(screen.getByRole("tab", { name: "Pending" }));
    const order = await screen.findByTestId("order-2");
    expect(within(order).getByText("Pending order")).toBeTruthy();
    expect(within(order).getByText("60,000.00")).toBeTruthy();
    fireEvent.click(within(order).getByRole("button", { name: "Cancel order" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Cancel this order?" })).getByRole("button", { name: "Cancel order" }));
    await waitFor(() => expect(sent("lever/cancel")).toHaveLength(1));
  });

  it("closed positions show both ticks with their times, the reason, payout and fees", async () => {
    await renderPage();
    fireEvent.click(screen.getByRole("tab", { name: "History" }));
    const closed = await screen.findByTestId("closed-3");
    expect(within(closed).getByText("Take-profit")).toBeTruthy();
    const ticks = within(closed).getAllByTestId("tick").map((t) => t.textContent);
    expect(ticks).toHaveLength(2);
    expect(ticks[0]).toMatch(/^tick 63,995\.00 · 2026-11-25 \d\d:02:03$/);
    expect(ticks[1]).toMatch(/^tick 70,005\.00 · 2026-11-25 \d\d:03:04$/);
    expect(closed.textContent).toContain("123.65");
    expect(closed.textContent).toContain("0.67");
  });
});
