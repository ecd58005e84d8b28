import { act, fireEvent, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Quotation } from "@contract/market";
import { foldPushedRow } from "../api/pushed-row";
import { renderScreen } from "../testing/render-screen";
import { PairPicker, useRememberedSymbol } from "./pair-picker";

const quote = (symbol: string, last: string, change: string, source: Quotation["source"] = "sim") =>
  ({ symbol, last, change_24h: change, price_precision: 2, kind: "crypto", source }) as Quotation;

describe("the shared market layer", () => {
  it("shows the chosen pair's price on its grid, its change and the demo badge, and hands over a new choice", () => {
    const onChoose = vi.fn();
    const view = renderScreen(<PairPicker name="symbol" symbol="BTC/USDT" pairs={[quote("BTC/USDT", "64210.5", "1.234"), quote("ETH/USDT", "3000", "-2")]} onChoose={onChoose} priceTestId="price" />);
    expect(view.getByTestId("price").textContent).toBe("64,210.50");
    expect(view.getByTestId("price").className).toBe("up");
    expect(view.container.textContent).toContain("+1.23%");
    expect(view.getByTestId("demo-badge")).toBeTruthy();
    fireEvent.change(view.getByRole("combobox"), { target: { value: "ETH/USDT" } });
    expect(onChoose).toHaveBeenCalledWith("ETH/USDT");
  });

  it("remembers the last pair on the device, and a link's pair wins over it", () => {
    localStorage.removeItem("probe-symbol");
    const first = renderHook(() => useRememberedSymbol("probe-symbol"));
    expect(first.result.current[0]).toBe("BTC/USDT");
    act(() => first.result.current[1]("ETH/USDT"));
    expect(first.result.current[0]).toBe("ETH/USDT");
    expect(renderHook(() => useRememberedSymbol("probe-symbol")).result.current[0]).toBe("ETH/USDT");
    expect(renderHook(() => useRememberedSymbol("probe-symbol", "SOL/USDT")).result.current[0]).toBe("SOL/USDT");
  });

  it("folds a pushed row in place while it stays in its list, and refetches when it moved", async () => {
    type Row = { id: number; status: string; pnl: string };
    let page: { list: Row[] } = { list: [{ id: 1, status: "open", pnl: "1" }, { id: 2, status: "open", pnl: "2" }] };
    const update = vi.fn(async (fn: (p: typeof page) => typeof page) => (page = fn(page))) as never;
    const refetch = vi.fn();
    const before = page.list[1];
    foldPushedRow<Row, typeof page>(update, { id: 1, pnl: "5" }, (row) => row.status === "open", refetch);
    await Promise.resolve();
    await Promise.resolve();
    expect(page.list[0]).toEqual({ id: 1, status: "open", pnl: "5" });
    expect(page.list[1]).toBe(before);
    expect(refetch).not.toHaveBeenCalled();
    foldPushedRow<Row, typeof page>(update, { id: 2, status: "closed" }, () => false, refetch);
    foldPushedRow<Row, typeof page>(update, { id: 9, pnl: "1" }, () => true, refetch);
    await vi.waitFor(() => expect(refetch).toHaveBeenCalledTimes(2));
    expect(page.list[1].status).toBe("open");
  });
});
