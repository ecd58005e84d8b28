import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { money, transfers } from "../ledger";
import { TriggerBook } from "../triggers";
import { averageCost, byTickThenUser, crosses, fillAt, firstCrossing, holdOf, holdPriceOf, limitRefusal, onTrigger, stopCrossed, stopRefusal, stopTriggerOf, triggerOf, worstBuyPrice, type Quote } from "./spot.engine";

const BTC = { base: "BTC", quote: "USDT" };
const q = (bid: string, ask: string, atMs = 0): Quote & { atMs: number } => ({ bid, ask, atMs });

/** Sums legs per currency: a balanced entry is all zeros. */
const sums = (legs: { currency: string; amount: unknown }[]) => {
  const out: Record<string, string> = {};
  for (const l of legs) out[l.currency] = money(out[l.currency] ?? 0).plus(String(l.amount)).toFixed();
  return out;
};

describe("which tick fills a limit order", () => {
  const cases: Array<{ name: string; side: "buy" | "sell"; limit: string; path: Array<[string, string]>; fillsAt: number | null }> = [
    { name: "buy: the ask exactly at the limit fills (exact-at-limit)", side: "buy", limit: "100.00", path: [["99.90", "100.10"], ["99.80", "100.00"]], fillsAt: 1 },
    { name: "buy: the ask one cent above does not", side: "buy", limit: "100.00", path: [["99.90", "100.01"]], fillsAt: null },
    { name: "buy: the bid under the limit is not enough (the ask must reach it)", side: "buy", limit: "100.00", path: [["99.00", "100.50"]], fillsAt: null },
    { name: "buy: a gap far below fills on the gap tick", side: "buy", limit: "100.00", path: [["101", "102"], ["80", "81"], ["70", "71"]], fillsAt: 1 },
    { name: "sell: the bid exactly at the limit fills", side: "sell", limit: "105.00", path: [["104.99", "105.10"], ["105.00", "105.20"]], fillsAt: 1 },
    { name: "sell: the ask above the limit is not enough (the bid must reach it)", side: "sell", limit: "105.00", path: [["104.99", "106"]], fillsAt: null },
    { name: "sell: a gap far above fills on the first tick that crosses", side: "sell", limit: "105.00", path: [["100", "101"], ["150", "151"], ["200", "201"]], fillsAt: 1 },
    { name: "the first crossing tick wins, not a later better one", side: "buy", limit: "100", path: [["99", "99.5"], ["50", "51"]], fillsAt: 0 },
  ];
  it.each(cases)("$name", ({ side, limit, path, fillsAt }) => {
    const ticks = path.map(([bid, ask], i) => q(bid, ask, i));
    const found = firstCrossing(side, limit, "0.5", "0.001", ticks);
    expect(found?.tick.atMs ?? null).toBe(fillsAt);
    if (found) {
      // At the limit price, whatever the gap: never worse than the limit, and the crossing quote was at least as good.
      expect(found.fill.price).toBe(limit);
      if (side === "buy") expect(money(found.tick.ask).lte(limit)).toBe(true);
      else expect(money(found.tick.bid).gte(limit)).toBe(true);
    }
  });

  it("the trigger names the order's user (a tick's fills are batched by it)", () => {
    expect(triggerOf({ id: 1, symbol: "BTC/USDT", side: "buy", price: "100", spread: "0", userId: 5 }).user).toBe(5);
  });

  it("the trigger book agrees with the engine on which tick crosses", () => {
    for (const c of cases) {
      const book = new TriggerBook();
      book.add(triggerOf({ id: 1, symbol: "BTC/USDT", side: c.side, price: c.limit, spread: "0", userId: 1 }));
      let firedAt: number | null = null;
      c.path.forEach(([bid, ask], i) => {
        if (firedAt === null && book.evaluate({ symbol: "BTC/USDT", price: bid, bid, ask, atMs: i }).length) firedAt = i;
      });
      expect(firedAt, c.name).toBe(c.fillsAt);
    }
  });
});

describe("the order fills settle in", () => {
  const fill = (id: number, atMs: number, user: number) => ({ id, tick: { atMs }, user });
  it.each([
    ["one tick: by user", [fill(1, 5, 3), fill(2, 5, 1), fill(3, 5, 2)], [2, 3, 1]],
    ["earlier ticks first, whatever their users", [fill(1, 7, 1), fill(2, 5, 9), fill(3, 6, 4)], [2, 3, 1]],
    ["by tick, then by user within each", [fill(1, 6, 2), fill(2, 5, 2), fill(3, 6, 1), fill(4, 5, 1)], [4, 2, 3, 1]],
    ["one user's fills of one tick keep their order", [fill(1, 5, 2), fill(2, 5, 1), fill(3, 5, 2)], [2, 1, 3]],
  ])("%s", (_name, fills, ids) => {
    expect(byTickThenUser(fills).map((f) => f.id)).toEqual(ids);
    expect(fills.map((f) => f.id)).toEqual([...fills.keys()].map((i) => i + 1));
  });
});

describe("limit prices against the current price", () => {
  const cases: Array<[side: "buy" | "sell", limit: string, last: string, refusal: string | null]> = [
    ["sell", "99.99", "100.00", "LIMIT_SELL_BELOW_PRICE"],
    ["sell", "100.00", "100.00", null],
    ["sell", "120", "100.00", null],
    ["buy", "100.01", "100.00", "LIMIT_BUY_ABOVE_PRICE"],
    ["buy", "100.00", "100.00", null],
    ["buy", "80", "100.00", null],
  ];
  it.each(cases)("%s at %s with last %s -> %s", (side, limit, last, refusal) => {
    expect(limitRefusal(side, limit, last)).toBe(refusal);
  });
});

describe("amounts, fees and holds", () => {
  it("a buy fill: amount = quantity x price, fee on the amount rounded down to 8 decimals", () => {
    const fill = fillAt("0.0003", "60012.01", "0.001");
    expect(fill.amount.toFixed()).toBe("18.003603");
    expect(fill.fee.toFixed()).toBe("0.0180036"); // 0.018003603 rounded down
  });
  it("a limit buy holds exactly what its fill settles; a limit sell holds the coins", () => {
    const hold = holdOf("buy", BTC, "0.5", "59000.00", "0.001");
    expect(hold).toEqual({ currency: "USDT", amount: money("29529.5") });
    const fill = fillAt("0.5", "59000.00", "0.001");
    const settled = transfers.spotSettle({ side: "buy", pair: BTC, quantity: "0.5", fill }).legs.reduce((s, l) => s.plus(String(l.amount)), money(0));
    expect(settled.toFixed()).toBe(hold.amount.toFixed());
    expect(holdOf("sell", BTC, "0.5", "61000", "0.001")).toEqual({ currency: "BTC", amount: money("0.5") });
  });
  it("crossing is decided on decimals", () => {
    expect(crosses("buy", "0.1", q("0.05", "0.1"))).toBe(true);
    expect(crosses("sell", "0.3", q("0.3", "0.31"))).toBe(true);
  });
});

describe("ledger legs balance", () => {
  it("for any quantity, price and fee rate, market and limit fills sum to zero per currency; the user pays amount + fee or receives amount - fee", () => {
    const decimal = (max: number, places: number) => fc.integer({ min: 1, max: max * 10 ** places }).map((n) => (n / 10 ** places).toFixed(places));
    fc.assert(
      fc.property(fc.constantFrom<"buy" | "sell">("buy", "sell"), decimal(100, 4), decimal(100_000, 2), fc.constantFrom("0", "0.001", "0.002", "0.0005"), (side, quantity, price, rate) => {
        const fill = fillAt(quantity, price, rate);
        const market = transfers.spotFill({ userId: 7, side, pair: BTC, quantity, fill }).legs;
        expect(Object.values(sums(market)).every((v) => v === "0")).toBe(true);
        const user = market.filter((l) => "user" in l.account && l.currency === "USDT")[0];
        expect(money(String(user.amount)).toFixed()).toBe((side === "buy" ? fill.amount.plus(fill.fee).negated() : fill.amount.minus(fill.fee)).toFixed());
        // A limit fill: the hold's settlement plus the delivery balance against the held amount.
        const hold = holdOf(side, BTC, quantity, price, rate);
        const settled = transfers.spotSettle({ side, pair: BTC, quantity, fill }).legs;
        expect(settled.reduce((s, l) => s.plus(String(l.amount)), money(0)).toFixed()).toBe(hold.amount.toFixed());
        const all = [...settled, { account: { user: 7 }, currency: hold.currency, amount: hold.amount.negated() }, ...transfers.spotDelivery({ userId: 7, side, pair: BTC, quantity, fill, orderId: 1 }).legs];
        expect(Object.values(sums(all)).every((v) => v === "0")).toBe(true);
        expect(fill.fee.lte(fill.amount.times(rate))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("average cost", () => {
  it("moving average: buys add their cost with fees, sells leave the average", () => {
    expect(averageCost([])).toBeNull();
    expect(averageCost([{ side: "buy", quantity: "1", amount: "100", fee: "0.1" }])!.toFixed()).toBe("100.1");
    const fills = [
      { side: "buy" as const, quantity: "1", amount: "100", fee: "0" },
      { side: "buy" as const, quantity: "1", amount: "200", fee: "0" },
      { side: "sell" as const, quantity: "1", amount: "300", fee: "0" },
    ];
    expect(averageCost(fills)!.toFixed()).toBe("150");
    expect(averageCost([...fills, { side: "sell", quantity: "1", amount: "1", fee: "0" }])).toBeNull();
  });
});

describe("stop orders", () => {
  const refusals: Array<[side: "buy" | "sell", stop: string, bid: string, ask: string, refusal: string | null]> = [
    ["buy", "100.01", "99.90", "100.00", null],
    ["buy", "100.00", "99.90", "100.00", "STOP_BUY_NOT_ABOVE_ASK"],
    ["buy", "99.95", "99.90", "100.00", "STOP_BUY_NOT_ABOVE_ASK"],
    ["sell", "99.89", "99.90", "100.00", null],
    ["sell", "99.90", "99.90", "100.00", "STOP_SELL_NOT_BELOW_BID"],
    ["sell", "99.95", "99.90", "100.00", "STOP_SELL_NOT_BELOW_BID"],
  ];
  it.each(refusals)("a %s stop at %s with bid %s / ask %s -> %s (strict)", (side, stop, bid, ask, refusal) => {
    expect(stopRefusal(side, stop, { bid, ask })).toBe(refusal);
  });

  const triggers: Array<{ name: string; order: Parameters<typeof onTrigger>[0]; quote: Quote; crossed: boolean; outcome?: ReturnType<typeof onTrigger> }> = [
    { name: "stop-market buy: the ask exactly at the stop triggers and fills at that ask", order: { type: "stop_market", side: "buy", price: null, stopPrice: "100.00", pricePrecision: 2 }, quote: q("99.90", "100.00"), crossed: true, outcome: { fill: "100.00" } },
    { name: "stop-market buy: a cent below does not trigger", order: { type: "stop_market", side: "buy", price: null, stopPrice: "100.00", pricePrecision: 2 }, quote: q("99.89", "99.99"), crossed: false },
    { name: "stop-market buy: a gap within 5 % fills at the gap's ask", order: { type: "stop_market", side: "buy", price: null, stopPrice: "100.00", pricePrecision: 2 }, quote: q("104.90", "105.00"), crossed: true, outcome: { fill: "105.00" } },
    { name: "stop-market buy: a gap beyond 5 % waits as a limit at its worst allowed fill", order: { type: "stop_market", side: "buy", price: null, stopPrice: "100.00", pricePrecision: 2 }, quote: q("105.00", "105.01"), crossed: true, outcome: { limit: "105.00" } },
    { name: "stop-market sell: a gap through the stop fills at the gap's bid", order: { type: "stop_market", side: "sell", price: null, stopPrice: "100.00", pricePrecision: 2 }, quote: q("80.00", "80.10"), crossed: true, outcome: { fill: "80.00" } },
    { name: "stop-limit buy: triggered above its limit, it waits as that limit", order: { type: "stop_limit", side: "buy", price: "100.50", stopPrice: "100.00", pricePrecision: 2 }, quote: q("100.90", "101.00"), crossed: true, outcome: { limit: "100.50" } },
    { name: "stop-limit buy: a trigger tick that crosses its limit fills at the limit", order: { type: "stop_limit", side: "buy", price: "101.50", stopPrice: "100.00", pricePrecision: 2 }, quote: q("100.90", "101.00"), crossed: true, outcome: { fill: "101.50" } },
    { name: "stop-limit sell: the bid exactly at the stop triggers", order: { type: "stop_limit", side: "sell", price: "99.00", stopPrice: "100.00", pricePrecision: 2 }, quote: q("100.00", "100.10"), crossed: true, outcome: { fill: "99.00" } },
  ];
  it.each(triggers)("$name", ({ order, quote, crossed, outcome }) => {
    expect(stopCrossed(order.side, order.stopPrice, quote)).toBe(crossed);
    // The book arms the same rule: the trigger fires on exactly this quote.
    const book = new TriggerBook();
    book.add(stopTriggerOf({ id: 1, symbol: "X", side: order.side, stop: order.stopPrice, spread: "0", userId: 1 }));
    expect(book.evaluate({ symbol: "X", price: quote.bid, bid: quote.bid, ask: quote.ask, atMs: 1 }).length).toBe(crossed ? 1 : 0);
    if (outcome) expect(onTrigger(order, quote)).toEqual(outcome);
  });

  it("a stop-market buy's worst allowed fill is its stop + 5 %, rounded up", () => {
    expect(worstBuyPrice("100.00", 2)).toBe("105.00");
    expect(worstBuyPrice("100.01", 2)).toBe("105.02");
  });

  it("property: whatever the trigger tick, a buy's fill never costs more than it holds, and the hold's rest comes back to the user", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 1, max: 1000 }), fc.boolean(), (stopCents, gapBps, qty, isLimit) => {
        const stop = (stopCents / 100).toFixed(2);
        const ask = money(stop).times(1 + gapBps / 10_000).toDecimalPlaces(2).toFixed(2);
        const quote = { bid: money(ask).minus("0.01").toFixed(2), ask };
        const order = { type: isLimit ? ("stop_limit" as const) : ("stop_market" as const), side: "buy" as const, price: isLimit ? money(stop).times(1.01).toDecimalPlaces(2).toFixed(2) : null, stopPrice: stop, pricePrecision: 2 };
        const quantity = (qty / 100).toFixed(2);
        const held = holdOf("buy", BTC, quantity, holdPriceOf(order)!, "0.001").amount;
        const outcome = onTrigger(order, quote);
        const at = "fill" in outcome ? outcome.fill : outcome.limit;
        const fill = fillAt(quantity, at, "0.001");
        expect(fill.amount.plus(fill.fee).lte(held)).toBe(true);
        const legs = transfers.spotSettle({ side: "buy", pair: BTC, quantity, fill, held, userId: 7 }).legs;
        // What the hold pays out is exactly what it held.
        expect(legs.reduce((sum, leg) => sum.plus(String(leg.amount)), money(0)).toFixed()).toBe(held.toFixed());
      }),
    );
  });
});
