import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import type { Holding } from "@contract/spot";
import { hasLoginAtom, store } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { stubApi } from "@/shared/testing/answers";
import { SpotAccountPage } from "./spot-account-page";

/** Balances are money: each in its currency's decimals, as the wallets screen writes them (issue 40's screenshots). */

const holdings: Holding[] = [
  { currency: "USDT", balance: "1234246.82765", available: "1231918.88965", frozen: "2327.938", price: "1", value_usdt: "1234246.82765", average_cost: null, price_precision: null, symbol: null },
  { currency: "BTC", balance: "0.01", available: "0.01", frozen: "0", price: "39955.12", value_usdt: "399.5512", average_cost: "40048.01", price_precision: 2, symbol: "BTC/USDT" },
];

beforeEach(() => {
  store.set(hasLoginAtom, true);
  stubApi({ "coin/account": { holdings, total_usdt: "1234646.37885" } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("spot account page", () => {
  it("writes every balance with the money formatter of its currency, never the raw digits", async () => {
    renderScreen(<SpotAccountPage />);
    const usdt = await screen.findByRole("article", { name: "USDT" });
    expect(usdt.textContent).toContain("1,234,246.8276");
    expect(usdt.textContent).toContain("1,231,918.8896");
    expect(usdt.textContent).not.toContain("88965");
    const btc = screen.getByRole("article", { name: "BTC" });
    // Frozen nothing is "0.00" beside "0.01", not a bare "0".
    expect(within(btc).getByText("Frozen").closest("div")?.textContent).toContain("0.00");
  });
});
