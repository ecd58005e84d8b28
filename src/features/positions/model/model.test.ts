import { describe, expect, it } from "vitest";
import type { Position } from "@contract/positions";
import { isMarketable, liquidationPrice, openPriceOf, previewOrder, priceError, quantityError, stopErrors, type OrderDraft, type TicketRules } from "./ticket";
import { parseDecimal } from "./fixed";
import { liveAccount, livePosition, mergeAccounts, totalPnl } from "./live";
import { formatPrice } from "@/shared/market/format";
import { formatAmount } from "@/shared/i18n/format";

const btc: TicketRules = {
  kind: "crypto", contract_size: "1", fee_rate: "0.0005", maintenance_rate: "0.005", quantity_step: "0.001", quantity_min: "0.001", quantity_max: "100",
  price_precision: 2, available: "1000", leverages: [5, 10, 20, 50, 100],
};
const eurusd: TicketRules = { ...btc, kind: "forex", contract_size: "100000", fee_rate: "0.0001", price_precision: 5, quantity_step: "0.01", quantity_min: "0.01", quantity_max: "50" };
const xau: TicketRules = { ...btc, kind: "metal", contract_size: "100", fee_rate: "0.0002", price_precision: 2, quantity_step: "0.01", quantity_min: "0.01", quantity_max: "20" };
const draft = (d: Partial<OrderDraft>): OrderDraft => ({ direction: "long", type: "market", quantity: "0.01", price: "", leverage: 10, tp: "", sl: "", ...d });
const btcQuote = { bid: "63990", ask: "64000", last: "63995" };

describe("the ticket's preview", () => {
  const cases: { name: string; rules: TicketRules; draft: OrderDraft; quote: typeof btcQuote; expected: Record<string, unknown> | null }[] = [
    {
      name: "crypto long at the ask: notional 640, margin 64, fee 0.32, liquidation where margin + P&L = 0.5 % of the notional",
      rules: btc, draft: draft({}), quote: btcQuote,
      expected: { open_price: "64000", notional: "640", margin: "64", fee: "0.32", required: "64.32", liquidation_price: "57920", move_1pct: "6.4", move_1pct_of_margin: "10", enough: true },
    },
    {
      name: "crypto short at the bid, liquidation above",
      rules: btc, draft: draft({ direction: "short" }), quote: btcQuote,
      expected: { open_price: "63990", notional: "639.9", margin: "63.99", fee: "0.31995", required: "64.30995", liquidation_price: "70069.05", enough: true },
    },
    {
      name: "forex long: lots of 100,000, margin kept to 8 decimals, close-out at half the margin, liquidation rounded up (towards the open) to 5 decimals",
      rules: eurusd, draft: draft({ quantity: "0.1", leverage: 30 }), quote: { bid: "1.08502", ask: "1.08512", last: "1.08507" },
      expected: { open_price: "1.08512", notional: "10851.2", margin: "361.70666666", fee: "1.08512", liquidation_price: "1.06704", move_1pct: "108.512" },
    },
    {
      name: "metal limit short opens at its limit price",
      rules: xau, draft: draft({ direction: "short", type: "limit", price: "2400.5", leverage: 20 }), quote: { bid: "2390", ask: "2390.4", last: "2390.2" },
      expected: { open_price: "2400.5", notional: "2400.5", margin: "120.025", fee: "0.4801", liquidation_price: "2460.51" },
    },
    {
      name: "margin + fee above the available balance",
      rules: { ...btc, available: "64.31" }, draft: draft({}), quote: btcQuote,
      expected: { required: "64.32", enough: false },
    },
    {
      name: "a leverage whose margin is the maintenance margin liquidates at the open price",
      rules: btc, draft: draft({ leverage: 200 }), quote: btcQuote,
      expected: { margin: "3.2", liquidation_price: "64000" },
    },
    { name: "no quote yet", rules: btc, draft: draft({}), quote: { bid: null, ask: null, last: null } as never, expected: null },
    { name: "no quantity yet", rules: btc, draft: draft({ quantity: "" }), quote: btcQuote, expected: null },
    { name: "a limit order without its price", rules: btc, draft: draft({ type: "limit", price: "" }), quote: btcQuote, expected: null },
  ];
  it.each(cases)("$name", ({ rules, draft: d, quote, expected }) => {
    const preview = previewOrder(rules, d, quote);
    if (expected === null) expect(preview).toBeNull();
    else expect(preview).toMatchObject(expected);
  });

  const liq = (kind: "crypto" | "forex", direction: "long" | "short", margin: string, maintenance: string, precision = 2) =>
    liquidationPrice({ kind, direction, open: "100", units: parseDecimal("1")!, rate: parseDecimal("1")!, margin: parseDecimal(margin)!, maintenance: parseDecimal(maintenance)!, price_precision: precision });
  it.each([
    ["crypto long 5x, maintenance 1 %", liq("crypto", "long", "20", "1"), "81"],
    ["crypto short 5x", liq("crypto", "short", "20", "1"), "119"],
    ["forex short 20x, half the margin", liq("forex", "short", "5", "2.5", 3), "102.5"],
    ["a long at 1x falls to zero first", liq("crypto", "long", "100", "0"), null],
    ["a long rounds up, towards the open", liq("crypto", "long", "20.005", "1"), "81"],
    ["a short rounds down, towards the open", liq("crypto", "short", "20.005", "1"), "119"],
  ])("liquidation: %s", (_name, actual, expected) => expect(actual).toBe(expected));
});

describe("the seed's order rules", () => {
  it.each([
    ["", null],
    ["1", null],
    ["0", "QUANTITY_NOT_POSITIVE"],
    ["abc", "QUANTITY_NOT_POSITIVE"],
    ["0.0015", "QUANTITY_STEP"],
    ["100.001", "ORDER_ABOVE_MAX"],
    ["100", null],
  ])("quantity %s -> %s", (text, expected) => expect(quantityError(btc, text)).toBe(expected));

  it("the minimum", () => expect(quantityError({ ...btc, quantity_min: "0.002" }, "0.001")).toBe("ORDER_BELOW_MIN"));

  it.each([
    ["long", "0", "PRICE_NOT_POSITIVE"],
    ["long", "63000.123", "PRICE_PRECISION"],
    ["long", "63000.12", null],
  ] as const)("limit %s at %s -> %s", (_direction, price, expected) => expect(priceError(price, 2)).toBe(expected));

  it.each([
    ["long below the ask waits at its price", "long", "63000", "63000", false],
    ["long at or above the ask fills at the ask", "long", "64500", "64000", true],
    ["short above the bid waits at its price", "short", "65000", "65000", false],
    ["short at or below the bid fills at the bid", "short", "63990", "63990", true],
  ] as const)("a limit %s", (_name, direction, price, open, marketable) => {
    const d = { direction, type: "limit" as const, price };
    expect(openPriceOf(d, btcQuote)).toBe(open);
    expect(isMarketable(d, btcQuote)).toBe(marketable);
  });

  it.each([
    ["long", "64000", "", null, null],
    ["long", "63999", "", "LONG_TP_TOO_LOW", null],
    ["long", "", "63995", null, null],
    ["long", "", "63996", null, "LONG_SL_TOO_HIGH"],
    ["long", "0", "0", "TP_ZERO", "SL_ZERO"],
    ["long", "64000.123", "", "PRICE_PRECISION", null],
    ["short", "63995", "64000", null, null],
    ["short", "63996", "63999", "SHORT_TP_TOO_HIGH", "SHORT_SL_TOO_LOW"],
  ] as const)("%s with TP %s and SL %s (open 64000, last 63995)", (direction, tp, sl, tpError, slError) => {
    expect(stopErrors({ direction, open: "64000", last: "63995", tp, sl, precision: 2 })).toEqual({ tp: tpError, sl: slError });
  });
});

const position = (p: Partial<Position>): Position => ({
  id: 1, symbol: "BTC/USDT", kind: "crypto", direction: "long", type: "market", quantity: "0.01", contract_size: "1", leverage: 10, price: null, stop_price: null, sl_trail_rate: null,
  open_price: "64000", open_tick: { price: "63995", at_ms: 0 }, margin: "64", open_fee: "0.32", close_fee: "0", swap: "0", tp_price: null, sl_price: null,
  mark_price: "64000", pnl: "-0.64", liquidation_price: "57920", margin_level: "2000", status: "open", close_reason: null, close_price: null, close_tick: null,
  payout: null, created_at: 0, opened_at: 0, closed_at: null, ...p,
});

describe("live figures between server updates (the server's P&L includes the close fee it would pay now)", () => {
  it.each([
    ["long, the bid up 100: +1 gross, the close fee 0.0005 more", position({}), { bid: "64100", ask: "64110", last: "64105" }, { mark: "64100", pnl: "0.3595", margin_level: "2031.25", moved: "1", roe: "0.56", sl: null }],
    ["short, the ask up 100", position({ direction: "short" }), { bid: "64090", ask: "64100", last: "64095" }, { mark: "64100", pnl: "-1.6405", margin_level: "1968.75", moved: "-1", roe: "-2.56", sl: null }],
    ["no quote: the server's figures", position({}), undefined, { mark: "64000", pnl: "-0.64", margin_level: "2000", moved: "0", roe: "-1", sl: null }],
    ["a closed position does not move", position({ status: "closed", pnl: "5" }), { bid: "1", ask: "1", last: "1" }, { mark: "64000", pnl: "5", margin_level: "2000", moved: "0", roe: null, sl: null }],
    ["a JPY pair waits for the server", position({ symbol: "USD/JPY", kind: "forex" }), { bid: "1", ask: "1", last: "1" }, { mark: "64000", pnl: "-0.64", margin_level: "2000", moved: "0", roe: "-1", sl: null }],
  ] as const)("%s", (_name, p, quote, expected) => expect(livePosition(p, quote)).toEqual(expected));

  it("a trailing stop-loss shows where the live mark trails it, only in the position's favour", () => {
    const long = position({ sl_price: "63360.00", sl_trail_rate: "0.01" });
    // The bid up to 64100: 64100 x 0.99 = 63459.00; down to 63900: the level stays.
    expect(livePosition(long, { bid: "64100", ask: "64110", last: "64105" }).sl).toBe("63459");
    expect(livePosition(long, { bid: "63900", ask: "63910", last: "63905" }).sl).toBe("63360.00");
    const short = position({ direction: "short", sl_price: "64640.00", sl_trail_rate: "0.01" });
    // The ask down to 63900: 63900 x 1.01 = 64539.00.
    expect(livePosition(short, { bid: "63890", ask: "63900", last: "63895" }).sl).toBe("64539");
    expect(livePosition(position({ sl_price: "60000.00" }), { bid: "64100", ask: "64110", last: "64105" }).sl).toBe("60000.00");
  });

  it("the account moves with the positions: unrealised P&L, and with it equity and free margin; balance and margin stay", () => {
    const p = position({});
    const live = [livePosition(p, { bid: "64100", ask: "64110", last: "64105" })];
    // Available 936, one position holding 64 of margin: balance 1000, equity 1000 - 0.64, free margin equity - margin.
    const account = { balance: "1000", equity: "999.36", margin: "64", free_margin: "935.36", margin_level: "2000", maintenance: "3.2", unrealised_pnl: "-0.64" };
    const moved = liveAccount(account, [p], live);
    expect(moved).toEqual({ ...account, equity: "1000.3595", free_margin: "936.3595", margin_level: "2031.25", unrealised_pnl: "0.3595" });
    // The box adds up: equity = margin + free margin = balance + unrealised P&L.
    expect(Number(moved.margin) + Number(moved.free_margin)).toBeCloseTo(Number(moved.equity), 10);
    expect(Number(moved.balance) + Number(moved.unrealised_pnl)).toBeCloseTo(Number(moved.equity), 10);
    expect(totalPnl([...live, { pnl: "-2.5" }])).toBe("-2.1405");
  });

  it("forex and metals on one page: the available counts once, margins and P&L sum, the level from the summed maintenance", () => {
    // Available 500: forex holds 100 (level 200 %: own equity 99 over maintenance 49.5), metals 60 (own equity 50 over 50).
    const merged = mergeAccounts([
      { balance: "600", equity: "599", margin: "100", free_margin: "499", margin_level: "200", maintenance: "49.5", unrealised_pnl: "-1" },
      { balance: "560", equity: "550", margin: "60", free_margin: "490", margin_level: "100", maintenance: "50", unrealised_pnl: "-10" },
    ]);
    expect(merged).toEqual({ balance: "660", equity: "649", margin: "160", free_margin: "489", margin_level: "149.74", maintenance: "99.5", unrealised_pnl: "-11" });
    // Flat: equity is the balance (the available), never 0.
    const flat = { balance: "5", equity: "5", margin: "0", free_margin: "5", margin_level: null, maintenance: "0", unrealised_pnl: "0" };
    expect(mergeAccounts([flat, flat])).toMatchObject({ balance: "5", equity: "5", free_margin: "5", margin_level: null });
  });
});

describe("display", () => {
  it("prices keep the pair's precision, USDT two to four decimals, cut as every amount is", () => {
    expect(formatPrice("64210.5", 2)).toBe("64,210.50");
    expect(formatPrice("1.067034", 5)).toBe("1.06703");
    expect(formatAmount("361.706666666666666666", "USDT")).toBe("361.7066 USDT");
    expect(formatAmount("64", "USDT", { showCurrency: false })).toBe("64.00");
    expect(formatAmount("0.68", "USDT", { signed: true })).toBe("+0.68 USDT");
  });
});

describe("the margin currency rate", () => {
  it("is 1 for USD and USDT pairs, and what the ticket's 1 % value implies for others", async () => {
    const { marginRateOf } = await import("./ticket");
    expect(marginRateOf({ symbol: "EUR/USD", contract_size: "100000", value_per_lot_1pct: null }, "1.08")).toBe("1");
    // USD/JPY at 150: one lot (100,000 USD) moving 1 % is 150,000 JPY = 1,000 USD.
    expect(marginRateOf({ symbol: "USD/JPY", contract_size: "100000", value_per_lot_1pct: "1000" }, "150")).toBe("0.006666666666666666");
    expect(marginRateOf({ symbol: "USD/JPY", contract_size: "100000", value_per_lot_1pct: null }, "150")).toBeNull();
  });
});
