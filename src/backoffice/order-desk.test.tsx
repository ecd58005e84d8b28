import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import { ReadOnlyOrders, tickText, type OrderQuery } from "./order-desk";

type Status = "open" | "done";
interface Orders {
  list: { id: number; symbol: string }[];
  total: number;
  accounts: { currency: string; balance: string }[];
}

function renderDesk(load: (query: OrderQuery<Status>) => Promise<Orders>) {
  return renderScreen(
    <ReadOnlyOrders<Status, Orders>
      title="Orders"
      accountsTitle="Desk"
      accounts={(data) => data.accounts.map((a) => ({ key: a.currency, testId: `desk-${a.currency}`, label: a.currency, balance: a.balance }))}
      statuses={[
        { value: "open", name: "Open" },
        { value: "done", name: "Done" },
      ]}
      initialStatus="open"
      swrKey="test/orders"
      load={load}
      columns={[
        { head: "#", num: true, cell: (o) => o.id },
        { head: "Symbol", cell: (o) => o.symbol, tone: (o) => (o.symbol.startsWith("BTC") ? "up" : "") },
      ]}
      rowTestId={(o) => `order-${o.id}`}
      empty="Nothing here."
    />
  );
}

describe("ReadOnlyOrders", () => {
  it("shows the desk's accounts and a row per order by the page's columns", async () => {
    const load = vi.fn(async () => ({ list: [{ id: 7, symbol: "BTC/USDT" }], total: 1, accounts: [{ currency: "USDT", balance: "12.5" }] }));
    renderDesk(load);
    const row = await screen.findByTestId("order-7");
    expect(row.textContent).toBe("7BTC/USDT");
    expect(row.querySelectorAll("td")[1].className).toBe("up");
    expect(screen.getByTestId("desk-USDT").textContent).toBe("USDT12.5");
    expect(load).toHaveBeenCalledWith({ page: 1, limit: 30, status: "open", user_id: undefined, symbol: undefined });
  });

  it("sends the filters (user id as a number, symbol upper-cased) and shows the empty state", async () => {
    const load = vi.fn(async () => ({ list: [], total: 0, accounts: [] }));
    renderDesk(load);
    await screen.findByText("Nothing here.");
    fireEvent.change(screen.getByLabelText("User id"), { target: { value: "42" } });
    fireEvent.change(screen.getByLabelText("Symbol"), { target: { value: "eth/usdt" } });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "" } });
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ page: 1, limit: 30, status: undefined, user_id: 42, symbol: "ETH/USDT" }));
  });
});

describe("tickText", () => {
  it("shows a tick's price grouped and its time as every time is shown (local YYYY-MM-DD HH:mm:ss), not a raw ISO string", () => {
    const atMs = new Date(2026, 10, 25, 9, 5, 7, 250).getTime();
    expect(tickText({ price: "64210.5", at_ms: atMs })).toBe("64,210.5 @ 2026-11-25 09:05:07");
    expect(tickText(null)).toBe("-");
  });
});
