import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { i18n } from "@lingui/core";
import { errors } from "@contract/messages";
import { successes } from "@contract/successes";
import type { Quotation } from "@contract/market";
import type { Ticket } from "@contract/positions";
import { FakeWebSocket } from "@/shared/api/fake-websocket";
import { store, toastsAtom } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerJson } from "@/shared/testing/answers";
import { activateLanguage, screensCatalogueReady } from "@/shared/i18n/i18n";

const btcTicket: Ticket = {
  symbol: "BTC/USDT", kind: "crypto", bid: "63990.00", ask: "64000.00", last: "63995.00", leverages: [5, 10, 20], max_leverage: 20, fee_rate: "0.0005",
  quantity_step: "0.001", quantity_min: "0.001", quantity_max: "100", contract_size: "1", price_precision: 2, margin_currency: "USDT", available: "1000",
  maintenance_rate: "0.005", trading: true, session_open: true, next_open_at: null, trading_hours: null, bank_card_required: false, bank_card_bound: false,
  value_per_lot_1pct: "640", swap_long_rate: "0", swap_short_rate: "0",
};
const eurTicket: Ticket = {
  ...btcTicket, symbol: "EUR/USD", kind: "forex", bid: "1.08502", ask: "1.08512", last: "1.08507", leverages: [10, 20, 30], max_leverage: 30, fee_rate: "0.0001",
  quantity_step: "0.01", quantity_min: "0.01", quantity_max: "50", contract_size: "100000", price_precision: 5, bank_card_required: true,
  trading_hours: { close: "5 21:00", open: "0 21:00" },
};
const quotation = (t: Ticket): Quotation => ({
  symbol: t.symbol, base: t.symbol.split("/")[0], quote: t.symbol.split("/")[1], kind: t.kind, last: t.last!, open_24h: t.last!, high_24h: t.last!, low_24h: t.last!,
  change_24h: "0.00", volume_24h: "1", quote_volume_24h: "1", bid: t.bid!, ask: t.ask!, price_precision: t.price_precision, trading: true, paused: false, tick_age_ms: 0, tick_max_age_ms: 5000, source: "sim", updated_at: 0,
});

let ticket: Ticket;
let submitAnswer: () => { status: number; body: unknown };
let submitted: Record<string, unknown>[];

beforeAll(() => vi.stubGlobal("WebSocket", FakeWebSocket));

beforeEach(() => {
  FakeWebSocket.reset();
  localStorage.removeItem("confirm-open-position");
  ticket = btcTicket;
  submitted = [];
  store.set(toastsAtom, []);
  submitAnswer = () => ({ status: 200, body: { type: "ok", message: { id: 1 } } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      let status = 200;
      let body: unknown;
      if (path.endsWith("currency/quotation_new")) body = { type: "ok", message: [quotation(btcTicket), quotation(eurTicket)] };
      else if (path.endsWith("lever/deal")) body = { type: "ok", message: ticket };
      else if (path.endsWith("lever/submit")) {
        submitted.push((await request.json()) as Record<string, unknown>);
        ({ status, body } = submitAnswer());
      } else body = { type: "ok", message: { list: [], total: 0, account: { equity: "0", margin: "0", free_margin: "0", margin_level: null, unrealised_pnl: "0" } } };
      return answerJson(body, status);
    }),
  );
});

afterEach(async () => {
  const { realtime } = await import("@/shared/api/realtime");
  realtime.close();
  vi.unstubAllGlobals();
  vi.stubGlobal("WebSocket", FakeWebSocket);
  Object.defineProperty(navigator, "onLine", { configurable: true, value: true });
});

async function renderTicket(symbol = "BTC/USDT") {
  const { TradeTicket } = await import("./trade-ticket");
  renderScreen(<TradeTicket symbol={symbol} />);
  return screen.findByRole("form", { name: "Order ticket" });
}

const toasts = () => store.get(toastsAtom).map((t) => t.text);
const preview = (id: string) => screen.getByTestId(`preview-${id}`).textContent;
const submitButton = (name: RegExp) => screen.getByRole("button", { name });
/** The ticket's submit, then the confirmation sheet's own button. */
async function submitAndConfirm(name: RegExp) {
  fireEvent.click(within(screen.getByRole("form", { name: "Order ticket" })).getByRole("button", { name }));
  const sheet = await screen.findByRole("dialog");
  fireEvent.click(within(sheet).getByRole("button", { name }));
}

describe("the order ticket", { timeout: 20_000 }, () => {
  it("shows margin, fee, liquidation, a 1 % move and the available balance before submit, and follows the inputs", async () => {
    await renderTicket();
    // Defaults: the minimum quantity (0.001) at 10x, a long at the ask.
    await waitFor(() => expect(preview("margin")).toBe("6.40 USDT"));
    fireEvent.change(screen.getByLabelText("Quantity"), { target: { value: "0.01" } });
    expect(preview("open")).toBe("64,000.00");
    expect(preview("margin")).toBe("64.00 USDT");
    expect(preview("fee")).toBe("0.32 USDT");
    expect(preview("liquidation")).toBe("57,920.00");
    expect(preview("move")).toBe("±6.40 USDT (±10% of margin)");
    expect(preview("available")).toBe("1,000.00 USDT"); // money in one format: two decimals at least, as the margin beside it

    fireEvent.click(screen.getByRole("radio", { name: "Short" }));
    expect(preview("open")).toBe("63,990.00");
    expect(preview("liquidation")).toBe("70,069.05");
    fireEvent.click(screen.getByRole("radio", { name: "20x" }));
    expect(preview("margin")).toBe("31.995 USDT");
    expect(submitButton(/Open short/).hasAttribute("disabled")).toBe(false);
  });

  it("moves with the live bid and ask", async () => {
    await renderTicket();
    await waitFor(() => expect(screen.getByTestId("ticket-ask").textContent).toBe("64,000.00"));
    act(() => FakeWebSocket.last.accept());
    act(() => FakeWebSocket.last.receive({ channel: "ticker", symbol: "BTC/USDT", data: { ...quotation(btcTicket), bid: "64090.00", ask: "64100.00", last: "64095.00" } }));
    await waitFor(() => expect(screen.getByTestId("ticket-ask").textContent).toBe("64,100.00"));
    expect(preview("open")).toBe("64,100.00");
  });

  it("refuses what the seed's rules refuse, with their messages, before anything is sent", async () => {
    await renderTicket();
    await screen.findByTestId("preview-margin");
    const quantity = screen.getByLabelText("Quantity");
    fireEvent.change(quantity, { target: { value: "0.0015" } });
    expect(screen.getByText(i18n._(errors.QUANTITY_STEP.key))).toBeTruthy();
    fireEvent.change(quantity, { target: { value: "0.01" } });
    fireEvent.change(screen.getByLabelText("Take-profit"), { target: { value: "63000" } });
    expect(screen.getByText(i18n._(errors.LONG_TP_TOO_LOW.key))).toBeTruthy();
    expect(submitButton(/Open long/).hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByLabelText("Take-profit"), { target: { value: "70000" } });
    fireEvent.change(screen.getByLabelText("Stop-loss"), { target: { value: "0" } });
    expect(screen.getByText(i18n._(errors.SL_ZERO.key))).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Stop-loss"), { target: { value: "60000" } });
    // More than the available balance.
    fireEvent.change(quantity, { target: { value: "0.2" } });
    expect(screen.getByText(/more than you have available/)).toBeTruthy();
    expect(submitButton(/Open long/).hasAttribute("disabled")).toBe(true);
    expect(submitted).toEqual([]);
  });

  it("a stop order: its field, the side rule and the reason beside the disabled button, then the confirm repeats the stop, TP and SL, and stop_price is sent", async () => {
    await renderTicket();
    await screen.findByTestId("preview-margin");
    fireEvent.click(screen.getByRole("radio", { name: "Stop entry" }));
    expect(screen.getByTestId("ticket-disabled-reason").textContent).toBe("Enter a stop price.");
    expect(submitButton(/Open long/).hasAttribute("disabled")).toBe(true);
    // At the ask (64000.00): refused, as the server would.
    fireEvent.change(screen.getByLabelText("Stop price"), { target: { value: "64000" } });
    expect(screen.getByText(i18n._(errors.LONG_STOP_NOT_ABOVE_ASK.key))).toBeTruthy();
    expect(screen.getByTestId("ticket-disabled-reason").textContent).toBe(`Check the stop price: ${i18n._(errors.LONG_STOP_NOT_ABOVE_ASK.key)}`);
    fireEvent.change(screen.getByLabelText("Stop price"), { target: { value: "65000" } });
    expect(screen.queryByTestId("ticket-disabled-reason")).toBeNull();
    // Margin and fee at the stop: 0.001 x 65000 / 10.
    expect(preview("margin")).toBe("6.50 USDT");
    fireEvent.change(screen.getByLabelText("Take-profit"), { target: { value: "70000" } });
    fireEvent.change(screen.getByLabelText("Stop-loss"), { target: { value: "60000" } });
    fireEvent.click(submitButton(/Open long/));
    const sheet = await screen.findByRole("dialog");
    expect(within(sheet).getByTestId("confirm-stop").textContent).toBe("65,000.00");
    expect(within(sheet).getByTestId("confirm-tp").textContent).toBe("70,000.00");
    expect(within(sheet).getByTestId("confirm-sl").textContent).toBe("60,000.00");
    fireEvent.click(within(sheet).getByRole("button", { name: /Open long/ }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ type: "stop", stop_price: "65000", tp_price: "70000", sl_price: "60000" });
    expect(submitted[0].price).toBeUndefined();
  });

  it("sends the order with its TP/SL and an idempotency key, and says so", async () => {
    await renderTicket();
    await screen.findByTestId("preview-margin");
    fireEvent.change(screen.getByLabelText("Quantity"), { target: { value: "0.01" } });
    fireEvent.change(screen.getByLabelText("Take-profit"), { target: { value: "70000" } });
    fireEvent.change(screen.getByLabelText("Stop-loss"), { target: { value: "60000" } });
    await submitAndConfirm(/Open long/);
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ symbol: "BTC/USDT", direction: "long", type: "market", quantity: "0.01", leverage: 10, tp_price: "70000", sl_price: "60000" });
    expect(String(submitted[0].idempotency_key)).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(toasts()).toContain(i18n._(successes.ORDER_PLACED.key)));
  });

  it("asks first with the preview's figures; nothing is sent until confirmed, and cancel sends nothing", async () => {
    await renderTicket();
    await waitFor(() => expect(preview("margin")).toBe("6.40 USDT"));
    fireEvent.click(screen.getByRole("radio", { name: "Short" }));
    fireEvent.click(submitButton(/Open short/));
    const sheet = await screen.findByRole("dialog", { name: "Open short BTC/USDT?" });
    // Direction, quantity, leverage, margin, fee and liquidation price: the same figures as the preview.
    for (const text of ["Short", "0.001 BTC", "10x", preview("margin")!, preview("fee")!, preview("liquidation")!]) expect(sheet.textContent).toContain(text);
    expect(submitted).toEqual([]);
    fireEvent.click(within(sheet).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(submitted).toEqual([]);
    await submitAndConfirm(/Open short/);
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ direction: "short", quantity: "0.001", leverage: 10 });
  });

  it("don't ask again: the next order goes at once, until the setting turns the question back on", async () => {
    const { setConfirmsOpening } = await import("../model/confirm-pref");
    await renderTicket();
    await screen.findByTestId("preview-margin");
    fireEvent.click(submitButton(/Open long/));
    const sheet = await screen.findByRole("dialog");
    fireEvent.click(within(sheet).getByRole("checkbox"));
    fireEvent.click(within(sheet).getByRole("button", { name: /Open long/ }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(submitButton(/Open long/));
    await waitFor(() => expect(submitted).toHaveLength(2));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => setConfirmsOpening(true));
    fireEvent.click(submitButton(/Open long/));
    await screen.findByRole("dialog");
    expect(submitted).toHaveLength(2);
  });

  it("shows the server's refusal and keeps the form", async () => {
    submitAnswer = () => ({ status: 400, body: { type: "error", code: "LEVERAGE_NOT_ALLOWED", message: errors.LEVERAGE_NOT_ALLOWED.key, fields: { leverage: errors.LEVERAGE_NOT_ALLOWED.key } } });
    await renderTicket();
    await screen.findByTestId("preview-margin");
    await submitAndConfirm(/Open long/);
    // The toast, and the message under the field the server named.
    await waitFor(() => expect(toasts()).toContain(i18n._(errors.LEVERAGE_NOT_ALLOWED.key)));
    expect(screen.getByRole("alert").textContent).toBe(i18n._(errors.LEVERAGE_NOT_ALLOWED.key));
    expect((screen.getByLabelText("Quantity") as HTMLInputElement).value).toBe("0.001");
  });

  it("refuses offline with the existing message and sends nothing", async () => {
    await renderTicket();
    await screen.findByTestId("preview-margin");
    Object.defineProperty(navigator, "onLine", { configurable: true, value: false });
    await submitAndConfirm(/Open long/);
    await waitFor(() => expect(toasts()).toEqual(["You're offline. This needs a connection; nothing was sent."]));
    expect(submitted).toEqual([]);
  });

  it("writes the 1 % move's share of the margin in the reader's digits (es: 1.000 %, not 1000)", async () => {
    await activateLanguage("es");
    await screensCatalogueReady();
    try {
      ticket = { ...btcTicket, leverages: [10, 1000], max_leverage: 1000 };
      const { TradeTicket } = await import("./trade-ticket");
      renderScreen(<TradeTicket symbol="BTC/USDT" />);
      fireEvent.click(await screen.findByRole("radio", { name: "1000x" }));
      await waitFor(() => expect(preview("move")).toBe("±0,64 USDT (±1.000% del margen)"));
    } finally {
      await activateLanguage("en");
    }
  });

  it("a forex pair without a bank card: says why and links to the bank card page", async () => {
    ticket = eurTicket;
    await renderTicket("EUR/USD");
    const note = await screen.findByText("Forex and metals trading needs a bound bank card.");
    const link = within(note.closest(".notice") as HTMLElement).getByRole("link", { name: "Bind a bank card" });
    expect(link.getAttribute("href")).toContain("/pages/me/bank");
    fireEvent.change(screen.getByLabelText("Quantity"), { target: { value: "0.1" } });
    fireEvent.click(screen.getByRole("radio", { name: "30x" }));
    expect(preview("margin")).toBe("361.7066 USDT");
    expect(preview("liquidation")).toBe("1.06704");
    expect(submitButton(/Open long/).hasAttribute("disabled")).toBe(true);
  });

  it("a closed session: says when trading opens", async () => {
    ticket = { ...eurTicket, bank_card_bound: true, session_open: false, next_open_at: Date.UTC(2026, 10, 29, 21, 0, 0) / 1000 };
    await renderTicket("EUR/USD");
    expect(await screen.findByText(/Trading is currently closed\. It opens at 2026-11-/)).toBeTruthy();
    expect(submitButton(/Open long/).hasAttribute("disabled")).toBe(true);
  });

  it("states a forex pair's weekly trading hours in the reader's time; crypto has none", async () => {
    ticket = { ...eurTicket, bank_card_bound: true };
    await renderTicket("EUR/USD");
    const hours = (await screen.findByTestId("trading-hours")).textContent;
    if (new Date().getTimezoneOffset() === 0) expect(hours).toBe("Trading hours: from Sunday 21:00 to Friday 21:00 (your time), every week");
    else expect(hours).toMatch(/^Trading hours: from \w+day \d\d:\d\d to \w+day \d\d:\d\d \(your time\), every week$/);
  });

  it("a crypto ticket shows no trading hours", async () => {
    await renderTicket();
    await screen.findByTestId("ticket-bid");
    expect(screen.queryByTestId("trading-hours")).toBeNull();
  });
});
