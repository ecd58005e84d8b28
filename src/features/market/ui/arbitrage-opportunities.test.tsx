import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import { stubApi } from "@/shared/testing/answers";
import { ArbitrageOpportunities } from "./arbitrage-opportunities";

/** A column of rates has one number of decimals: "+0.10%" above "+0.19%", not "+0.1%" (issue 40's screenshots). */

const row = (symbol: string, spread_rate: string, fee_rate: string, net_rate: string) => ({
  symbol, kind: "crypto", ask_venue: "sim-a", best_ask: "100.00", bid_venue: "sim-b", best_bid: "100.10", spread: "0.10",
  spread_rate, fee_rate, net_rate, profitable: true, venues: 2, updated_at: 1_796_278_720,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ArbitrageOpportunities", () => {
  it("writes every spread, fee and net rate to two decimals", async () => {
    stubApi({
      "arbitrage/opportunities": {
        connected_venues: 2,
        venues: [],
        list: [row("BTC/USDT", "0.0019", "0.002", "0.0011"), row("ETH/USDT", "0.001", "0.0015", "0.0005")],
        opportunities: 2,
        updated_at: 1_796_278_720,
      },
    });
    renderScreen(<ArbitrageOpportunities />);
    const eth = within(await screen.findByTestId("arb-ETH/USDT"));
    expect(eth.getByText(/Spread/).textContent).toContain("+0.10%");
    expect(eth.getByText(/Fees/).textContent).toContain("0.15%");
    expect(eth.getByText(/Net/).textContent).toContain("+0.05%");
    const btc = within(screen.getByTestId("arb-BTC/USDT"));
    expect(btc.getByText(/Fees/).textContent).toContain("0.20%");
    expect(btc.getByText(/Spread/).textContent).toContain("+0.19%");
  });
});
