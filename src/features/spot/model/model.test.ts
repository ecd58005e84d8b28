import { describe, expect, it } from "vitest";
import type { SpotTicket } from "@contract/spot";
import { ocoError, percentForQuantity, percentToRate, previewOrder, priceError, quantityError, quantityForPercent, stopError, trailError, trailLevelNow } from "./ticket";

const ticket: SpotTicket = {
  symbol: "BTC/USDT",
  base: "BTC",
  quote: "USDT",
  bid: "59988.00",
  ask: "60012.00",
  last: "60000.00",
  tick: { price: "60000", at_ms: 0 },
  fee_rate: "0.001",
  quantity_step: "0.0001",
  quantity_min: "0.0001",
  quantity_max: "100",
  price_precision: 2,
  trading: true,
  demo: true,
  quote_available: "1000",
  base_available: "0.5",
};

describe("the spot ticket's preview", () => {
  it("a market buy costs amount + fee at the ask", () => {
    expect(previewOrder(ticket, { side: "buy", type: "market", quantity: "0.01", price: "" })).toEqual({
      price: "60012.00",
      amount: "600.12",
      fee: "0.60012",
      total: "600.72012",
      needs: "600.72012",
      needs_currency: "USDT",
      enough: true,
    });
  });
  it("a sell brings amount - fee at the bid and needs the coins", () => {
    const p = previewOrder(ticket, { side: "sell", type: "market", quantity: "0.6", price: "" })!;
    expect(p).toMatchObject({ amount: "35992.8", fee: "35.9928", total: "35956.8072", needs: "0.6", needs_currency: "BTC", enough: false });
  });
  it("a limit order at its price; nothing without a quantity", () => {
    expect(previewOrder(ticket, { side: "buy", type: "limit", quantity: "0.01", price: "59000" })).toMatchObject({ amount: "590", fee: "0.59", total: "590.59" });
    expect(previewOrder(ticket, { side: "buy", type: "limit", quantity: "", price: "59000" })).toBeNull();
  });
});

describe("percentage of the balance", () => {
  it("a buy spends the share on amount + fee, rounded down to the step", () => {
    // 1000 / (60012 x 1.001) = 0.016646... -> 0.0166
    expect(quantityForPercent(ticket, "buy", "60012.00", 100)).toBe("0.0166");
    expect(quantityForPercent(ticket, "buy", "60012.00", 50)).toBe("0.0083");
    expect(previewOrder(ticket, { side: "buy", type: "market", quantity: "0.0166", price: "" })!.enough).toBe(true);
  });
  it("a sell sells the share of the coins; below the minimum gives nothing", () => {
    expect(quantityForPercent(ticket, "sell", null, 25)).toBe("0.125");
    expect(quantityForPercent({ ...ticket, base_available: "0.00005" }, "sell", null, 100)).toBe("");
  });
  it("the slider follows a typed quantity: its share of what is available, at most 100 %", () => {
    expect(percentForQuantity(ticket, "sell", null, "0.125")).toBe(25);
    expect(percentForQuantity(ticket, "sell", null, "50")).toBe(100);
    expect(percentForQuantity(ticket, "buy", "60012.00", "0.0083")).toBe(49);
    expect(percentForQuantity(ticket, "buy", null, "0.01")).toBe(0);
    expect(percentForQuantity(ticket, "sell", null, "abc")).toBe(0);
  });
});

describe("the server's rules, said before sending", () => {
  it("quantity: step, minimum, maximum", () => {
    expect(quantityError(ticket, "0.00015")).toBe("QUANTITY_STEP");
    expect(quantityError(ticket, "101")).toBe("ORDER_ABOVE_MAX");
    expect(quantityError(ticket, "0")).toBe("QUANTITY_NOT_POSITIVE");
    expect(quantityError(ticket, "0.0101")).toBeNull();
  });
  it("limit price: a sell not below last, a buy not above, the pair's decimals", () => {
    expect(priceError(ticket, "sell", "59999.99")).toBe("LIMIT_SELL_BELOW_PRICE");
    expect(priceError(ticket, "buy", "60000.01")).toBe("LIMIT_BUY_ABOVE_PRICE");
    expect(priceError(ticket, "buy", "59000.001")).toBe("PRICE_PRECISION");
    expect(priceError(ticket, "sell", "60000")).toBeNull();
  });
  it("stop price: strictly beyond the quote (a buy above the ask, a sell below the bid), the pair's decimals", () => {
    expect(stopError(ticket, "buy", ticket.ask!)).toBe("STOP_BUY_NOT_ABOVE_ASK");
    expect(stopError(ticket, "sell", ticket.bid!)).toBe("STOP_SELL_NOT_BELOW_BID");
    expect(stopError(ticket, "buy", "61000")).toBeNull();
    expect(stopError(ticket, "sell", "59000")).toBeNull();
    expect(stopError(ticket, "buy", "61000.001")).toBe("PRICE_PRECISION");
    expect(stopError(ticket, "buy", "0")).toBe("PRICE_NOT_POSITIVE");
  });
  it("a stop-market buy needs its worst allowed fill (the stop + 5 %, rounded up) and the fee", () => {
    const preview = previewOrder(ticket, { side: "buy", type: "stop_market", quantity: "0.01", price: "", stop: "61000" })!;
    expect(preview.price).toBe("61000");
    expect(preview.needs).toBe("641.1405");
  });
});

describe("trailing stops and OCO on the ticket", () => {
  it("a trailing rate is typed in percent, 0.1 to 20 inclusive", () => {
    expect(percentToRate("1.5")).toBe("0.015");
    expect(trailError("0")).toBe("TRAILING_RATE_RANGE");
    expect(trailError("0.1")).toBeNull();
    expect(trailError("20")).toBeNull();
    expect(trailError("20.01")).toBe("TRAILING_RATE_RANGE");
  });
  it("the first level: a sell's bid less the rate rounded down, a buy's ask plus the rate rounded up", () => {
    expect(trailLevelNow(ticket, "sell", "1")).toBe("59388.12");
    expect(trailLevelNow(ticket, "buy", "2")).toBe("61212.24");
  });
  it("a trailing buy holds its worst allowed fill, as the server does", () => {
    expect(previewOrder(ticket, { side: "buy", type: "trailing_stop", quantity: "0.01", price: "", trailPercent: "2" })).toMatchObject({ price: "61212.24", needs: "643.3713286" });
  });
  it("an OCO's legs must not cross; a buy holds for its larger leg", () => {
    expect(ocoError("sell", "62000", "58000")).toBeNull();
    expect(ocoError("sell", "58000", "58000")).toBe("OCO_SELL_LIMIT_NOT_ABOVE_STOP");
    expect(ocoError("buy", "62000", "61000")).toBe("OCO_BUY_LIMIT_NOT_BELOW_STOP");
    expect(previewOrder(ticket, { side: "buy", type: "oco", quantity: "0.01", price: "58000", stop: "61000", stopLimit: "61500" })).toMatchObject({ price: "58000", needs: "615.615" });
  });
});
