import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import type { Depth, RecentTrade } from "@contract/market";
import { renderScreen } from "@/shared/testing/render-screen";
import { stubApi } from "@/shared/testing/answers";
import { MarketDepth } from "./order-book";

/** The venue's sizes are a column of one width: every size at the pair's step decimals (issue 40: "4.458" under "0.2691"). */

const book: Depth = {
  symbol: "BTC/USDT",
  venue: "sim-a",
  bids: [["39987.01", "2.1404"], ["39983.01", "4.458"]],
  asks: [["40007.88", "0.2691"], ["40011.88", "3"]],
  at_ms: 1_796_278_800_000,
  source: "sim",
};
const trades: RecentTrade[] = [{ price: "39988.03", quantity: "0.318", side: "buy", at_ms: 1_796_278_800_000, venue: "sim-a" }];

beforeEach(() => {
  stubApi({ "currency/depth": book, "currency/trades": { list: trades } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("venue book", () => {
  it("writes every book and trade size at the decimals of the pair's quantity step", async () => {
    renderScreen(<MarketDepth symbol="BTC/USDT" precision={2} quantityStep="0.0001" />);
    const bids = await screen.findByTestId("book-bids");
    expect(await within(bids).findByText("4.4580")).toBeTruthy();
    expect(within(screen.getByTestId("book-asks")).getByText("3.0000")).toBeTruthy();
    expect(await within(screen.getByTestId("recent-trades")).findByText("0.3180")).toBeTruthy();
  });

  it("writes lots at the forex step's two decimals", async () => {
    renderScreen(<MarketDepth symbol="BTC/USDT" precision={2} quantityStep="0.01" />);
    expect(await within(await screen.findByTestId("book-asks")).findByText("0.26")).toBeTruthy();
    expect(within(screen.getByTestId("book-asks")).getByText("3.00")).toBeTruthy();
  });
});
