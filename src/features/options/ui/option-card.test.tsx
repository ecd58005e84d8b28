import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { Option } from "@contract/options";
import { renderScreen } from "@/shared/testing/render-screen";
import { OptionCard } from "./option-card";

/** An option's tick prices are prices of its pair: written at the pair's precision, as the market shows them. */
const settled: Option = {
  id: 1, symbol: "BTC/USDT", kind: "crypto", price_precision: 2, direction: "up", seconds: 60, amount: "100", currency: "USDT", rate: "0.88",
  open_tick: { price: "64000.5", at_ms: Date.UTC(2026, 10, 25, 12, 0, 0) }, settle_at: 1795608060, expires_at_ms: Date.UTC(2026, 10, 25, 12, 1, 0),
  status: "settled", result: "win", payout: "188", payout_on_win: "188", close_tick: { price: "64010", at_ms: Date.UTC(2026, 10, 25, 12, 1, 0) },
  break_even_win_rate: "0.5319", created_at: 1795608000, settled_at: 1795608060,
};

describe("OptionCard", () => {
  it("writes the opening and closing ticks at the pair's precision", () => {
    renderScreen(<OptionCard option={settled} />);
    expect(screen.getByTestId("option-open-tick").textContent).toMatch(/^64,000\.50 · /);
    expect(screen.getByTestId("option-close-tick").textContent).toMatch(/^64,010\.00 · /);
  });

  it("writes the opening price and the price now at the pair's precision while open", () => {
    renderScreen(<OptionCard option={{ ...settled, status: "open", result: null, payout: null, close_tick: null, settled_at: null, expires_at_ms: Date.now() + 60_000 }} price="64001.1" />);
    expect(screen.getByTestId("option-open-price").textContent).toMatch(/^64,000\.50 · /);
    expect(screen.getByTestId("option-live-price").textContent).toBe("64,001.10");
  });
});
