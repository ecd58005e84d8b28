import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { money } from "../ledger";
import { quantityRefusal } from "../market";
import { crossedBy, TriggerBook, type Observation } from "../triggers";
import { quoteAround } from "../market";
import {
  byUrgency,
  closeAt,
  closePriceAt,
  feeFor,
  grossPnl,
  isLiquidated,
  liquidationPrice,
  maintenanceFor,
  marginFor,
  reasonOf,
  sessionAt,
  sessionCovers,
  splitClose,
  stopRefusal,
  swapCharge,
  triggersOf,
  warningPrice,
  type PositionTerms,
} from "./positions.engine";

const btc = (direction: "long" | "short", leverage = 10, quantity = "0.1"): PositionTerms => ({
  kind: "crypto",
  direction,
  quantity,
  contractSize: "1",
  leverage,
  pricePrecision: 2,
  quoteRate: "1",
  feeRate: "0.0005",
  maintenanceRate: "0.005",
});
const eurusd = (direction: "long" | "short", leverage = 30, quantity = "0.5"): PositionTerms => ({
  kind: "forex",
  direction,
  quantity,
  contractSize: "100000",
  leverage,
  pricePrecision: 5,
  quoteRate: "1",
  feeRate: "0.00007",
  maintenanceRate: "0",
});

describe("margin, fees and P&L", () => {
  it.each([
    { name: "BTC long 0.1 at 60000, 10x", t: btc("long"), open: "60000", close: "61000", margin: "600", fee: "3", gross: "100" },
    { name: "BTC short 0.1 at 60000, 10x: a rise loses", t: btc("short"), open: "60000", close: "61000", margin: "600", fee: "3", gross: "-100" },
    { name: "EUR/USD long 0.5 lot at 1.08, 30x", t: eurusd("long"), open: "1.08", close: "1.081", margin: "1800", fee: "3.78", gross: "50" },
    { name: "USD/JPY long 1 lot at 150 (JPY converted at 1/150)", t: { ...eurusd("long", 30, "1"), pricePrecision: 3, quoteRate: "0.00666666666666666667" }, open: "150", close: "151", margin: "3333.33333333", fee: "7", gross: "666.666666666666667" },
  ])("$name", ({ t, open, close, margin, fee, gross }) => {
    expect(marginFor(t, open).toFixed()).toBe(money(margin).toFixed());
    expect(feeFor(t, open).toFixed()).toBe(money(fee).toFixed());
    expect(grossPnl(t, open, close).toDecimalPlaces(9).toFixed()).toBe(money(gross).toDecimalPlaces(9).toFixed());
  });

  it("forex and metals keep half the initial margin; crypto a share of the notional", () => {
    expect(maintenanceFor(eurusd("long"), "1.08", money(1800)).toFixed()).toBe("900");
    expect(maintenanceFor(btc("long"), "60000", money(600)).toFixed()).toBe("30");
  });
});

describe("liquidation price", () => {
  it.each([
    // margin 600 - maintenance 30 = 570 of cushion over 0.1 BTC: 5700 away from the open price.
    { name: "BTC long 10x", t: btc("long"), open: "60000", margin: "600", maint: "30", price: "54300.00" },
    { name: "BTC short 10x", t: btc("short"), open: "60000", margin: "600", maint: "30", price: "65700.00" },
    // 1800 - 900 = 900 over 50,000 units: 0.018 away.
    { name: "EUR/USD long 30x: half the margin", t: eurusd("long"), open: "1.08", margin: "1800", maint: "900", price: "1.06200" },
    { name: "a long at 1x with no maintenance never liquidates above zero", t: btc("long", 1), open: "60000", margin: "6000", maint: "0", price: null },
  ])("$name", ({ t, open, margin, maint, price }) => {
    expect(liquidationPrice(t, open, money(margin), money(maint))).toBe(price);
  });

  it("rounds towards the open price: a long is never liquidated below its true level", () => {
    const t = { ...btc("long", 7), quantity: "0.3" };
    const margin = marginFor(t, "60000.01");
    const maint = maintenanceFor(t, "60000.01", margin);
    const level = liquidationPrice(t, "60000.01", margin, maint)!;
    // At the level the equity is within one price step of maintenance, one step below it is under.
    const at = { openPrice: "60000.01", margin, swapDue: money(0), maintenance: maint };
    expect(isLiquidated(t, { ...at, price: money(level).minus("0.01").toFixed() })).toBe(true);
    expect(isLiquidated(t, { ...at, price: money(level).plus("0.01").toFixed() })).toBe(false);
  });

  it.each([
    { name: "BTC long 100x warns 150.03 under the open price", t: btc("long", 100), open: "60012", margin: "60.012", maint: "30.006", price: "59861.97" },
    { name: "BTC short 100x warns above", t: btc("short", 100), open: "60000", margin: "60", maint: "30", price: "60150.00" },
    { name: "no warning when the position opens at or below the level", t: btc("long", 100), open: "60000", margin: "40", maint: "30", price: null },
  ])("warning at 150 %: $name", ({ t, open, margin, maint, price }) => {
    expect(warningPrice(t, open, money(margin), money(maint), "150")).toBe(price);
  });

  it("owed swaps bring the level closer", () => {
    const without = liquidationPrice(btc("long"), "60000", money(600), money(30))!;
    const withSwap = liquidationPrice(btc("long"), "60000", money(600), money(30), money(57))!;
    expect(money(withSwap).gt(without)).toBe(true);
  });

  it("property: one price step beyond its liquidation price a position is under maintenance, one step short it is not", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<"long" | "short">("long", "short"),
        fc.integer({ min: 2, max: 100 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 100_000, max: 10_000_000 }),
        (direction, leverage, lots, cents) => {
          const t = { ...btc(direction, leverage), quantity: (lots / 1000).toFixed(3) };
          const open = (cents / 100).toFixed(2);
          const margin = marginFor(t, open);
          const maint = maintenanceFor(t, open, margin);
          const level = liquidationPrice(t, open, margin, maint);
          if (level === null) return;
          // The level is rounded towards the open price: one step beyond it is under maintenance, one step short is not.
          const step = direction === "long" ? money("-0.01") : money("0.01");
          const beyond = money(level).plus(step);
          if (beyond.gt(0)) expect(isLiquidated(t, { openPrice: open, price: beyond.toFixed(), margin, swapDue: money(0), maintenance: maint })).toBe(true);
          const short = money(level).minus(step);
          expect(isLiquidated(t, { openPrice: open, price: short.toFixed(), margin, swapDue: money(0), maintenance: maint })).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("TP/SL rules", () => {
  it.each([
    { d: "long", open: "100", last: "101", tp: "101", sl: "100", refusal: null },
    { d: "long", open: "100", last: "101", tp: "100.5", sl: null, refusal: "LONG_TP_TOO_LOW" },
    { d: "long", open: "100", last: "99", tp: null, sl: "99.5", refusal: "LONG_SL_TOO_HIGH" },
    { d: "long", open: "100", last: "99", tp: "0", sl: null, refusal: "TP_ZERO" },
    { d: "short", open: "100", last: "99", tp: "99", sl: "100", refusal: null },
    { d: "short", open: "100", last: "99", tp: "99.5", sl: null, refusal: "SHORT_TP_TOO_HIGH" },
    { d: "short", open: "100", last: "101", tp: null, sl: "100.5", refusal: "SHORT_SL_TOO_LOW" },
    { d: "short", open: "100", last: "101", tp: null, sl: "0", refusal: "SL_ZERO" },
  ] as const)("$d open $open last $last tp $tp sl $sl -> $refusal", ({ d, open, last, tp, sl, refusal }) => {
    expect(stopRefusal(d, open, last, tp, sl)).toBe(refusal);
  });

  it.each([
    { q: "0.1", refusal: null },
    { q: "0.15", refusal: "QUANTITY_STEP" },
    { q: "0", refusal: "QUANTITY_NOT_POSITIVE" },
    { q: "0.05", refusal: "QUANTITY_STEP" },
    { q: "200", refusal: "ORDER_ABOVE_MAX" },
  ])("quantity $q -> $refusal", ({ q, refusal }) => {
    expect(quantityRefusal(q, { quantity_step: "0.1", quantity_min: "0.1", quantity_max: "100" })).toBe(refusal);
  });
  it("below the minimum on the step", () => {
    expect(quantityRefusal("0.1", { quantity_step: "0.1", quantity_min: "0.2", quantity_max: "100" })).toBe("ORDER_BELOW_MIN");
  });
});

describe("triggers a position arms", () => {
  it("a long watches the bid: TP upwards, SL and liquidation downwards; a pending long limit watches the ask", () => {
    const open = triggersOf({ id: 7, symbol: "BTC/USDT", direction: "long", status: "open", limitPrice: null, tp: "70000", sl: "55000", liquidation: "54300", spread: "0.0004", userId: 3 });
    expect(open.map((t) => [t.key, t.watch, t.cross, t.level])).toEqual([
      ["positions:7:tp", "bid", "up", "70000"],
      ["positions:7:sl", "bid", "down", "55000"],
      ["positions:7:liquidation", "bid", "down", "54300"],
    ]);
    const pending = triggersOf({ id: 8, symbol: "BTC/USDT", direction: "long", status: "pending", limitPrice: "59000", tp: "70000", sl: null, liquidation: null, spread: "0.0004", userId: 3 });
    expect(pending.map((t) => [t.key, t.watch, t.cross])).toEqual([["positions:8:fill", "ask", "down"]]);
  });
  it("a short watches the ask", () => {
    const open = triggersOf({ id: 9, symbol: "BTC/USDT", direction: "short", status: "open", limitPrice: null, tp: "50000", sl: "65000", liquidation: null, spread: "0.0004", userId: 3 });
    expect(open.map((t) => [t.watch, t.cross])).toEqual([
      ["ask", "down"],
      ["ask", "up"],
    ]);
  });
  it("every level names the user whose money it moves (a tick's batches are ordered by it)", () => {
    const open = triggersOf({ id: 7, symbol: "BTC/USDT", direction: "long", status: "open", limitPrice: null, tp: "70000", sl: "55000", liquidation: "54300", spread: "0.0004", userId: 42 });
    expect(open.map((t) => t.user)).toEqual([42, 42, 42]);
  });
  it("every level keeps the spread the position was placed with", () => {
    const open = triggersOf({ id: 7, symbol: "BTC/USDT", direction: "long", status: "open", limitPrice: null, tp: "70000", sl: "55000", liquidation: "54300", spread: "0.0004", userId: 3 });
    expect(open.map((t) => t.spread)).toEqual(["0.0004", "0.0004", "0.0004"]);
  });
  it("the user's stop wins over liquidation on the same tick", () => {
    expect(reasonOf(["liquidation", "sl"])).toBe("sl");
    expect(reasonOf(["liquidation"])).toBe("liquidation");
  });
});

describe("closing splits", () => {
  const base = { margin: money(600), openFee: money(3), swapTotal: money(0), swapDue: money(0) };
  it("a gain: margin + P&L - fee to the user", () => {
    const s = splitClose({ ...base, gross: money(100), closeFee: money(3.05) });
    expect([s.payout.toFixed(), s.fee.toFixed(), s.gap.toFixed(), s.pnl.toFixed()]).toEqual(["696.95", "3.05", "0", "93.95"]);
  });
  it("a gap beyond the margin: the user gets nothing and owes nothing; insurance covers the rest", () => {
    const s = splitClose({ ...base, gross: money(-700), closeFee: money(2.5) });
    expect([s.payout.toFixed(), s.fee.toFixed(), s.gap.toFixed(), s.pnl.toFixed()]).toEqual(["0", "0", "100", "-603"]);
  });
  it("a loss leaving less than the fee: the fee takes what remains", () => {
    const s = splitClose({ ...base, gross: money(-599), closeFee: money(2.5) });
    expect([s.payout.toFixed(), s.fee.toFixed(), s.gap.toFixed()]).toEqual(["0", "1", "0"]);
  });
  it("property: never a negative payout, never a loss beyond margin + open fee + swaps paid", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: -50_000, max: 50_000 }), fc.integer({ min: 0, max: 100 }), (m, g, f) => {
        const s = splitClose({ margin: money(m), openFee: money(1), swapTotal: money(0), swapDue: money(0), gross: money(g), closeFee: money(f) });
        expect(s.payout.gte(0)).toBe(true);
        expect(s.pnl.gte(-(m + 1))).toBe(true);
        // Conservation: what the trading account receives back balances what it paid.
        expect(s.payout.plus(s.fee).minus(s.gap).toFixed()).toBe(money(m).plus(g).toFixed());
      }),
    );
  });
  it("property: closeAt splits exactly as splitClose of grossPnl and feeFor (crypto, forex, a converted quote)", () => {
    const terms = [btc("long"), btc("short", 100, "0.037"), eurusd("long"), eurusd("short", 500, "2.5"), { ...eurusd("short", 30, "1.3"), pricePrecision: 3, quoteRate: "0.00666666666666666667" }];
    fc.assert(
      fc.property(fc.constantFrom(...terms), fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 300 }), (t, open, exec, m, swap) => {
        const price = (n: number) => (n / 10 ** t.pricePrecision).toFixed(t.pricePrecision);
        const input = { margin: money(m), openFee: money("1.5"), swapTotal: money(swap), swapDue: money(swap).div(3).toDecimalPlaces(8) };
        const fast = closeAt(t, { ...input, openPrice: price(open), exec: price(exec) });
        const slow = splitClose({ ...input, gross: grossPnl(t, price(open), price(exec)), closeFee: feeFor(t, price(exec)) });
        expect([fast.gross, fast.payout, fast.fee, fast.gap, fast.pnl].map((d) => d.toFixed())).toEqual([slow.gross, slow.payout, slow.fee, slow.gap, slow.pnl].map((d) => d.toFixed()));
      }),
    );
  });
});


describe("sessions and swaps", () => {
  const week = { close: "5 21:00", open: "0 21:00" };
  const at = (iso: string) => Date.parse(iso);
  it.each([
    { when: "2026-11-27T20:59:59Z", open: true, next: null }, // Friday before the close
    { when: "2026-11-27T21:00:00Z", open: false, next: "2026-11-29T21:00:00Z" }, // Friday at the close
    { when: "2026-11-28T12:00:00Z", open: false, next: "2026-11-29T21:00:00Z" }, // Saturday
    { when: "2026-11-29T21:00:00Z", open: true, next: null }, // Sunday at the open
    { when: "2026-11-25T03:00:00Z", open: true, next: null }, // Wednesday
  ])("forex at $when: open $open", ({ when, open, next }) => {
    const s = sessionAt("forex", week, at(when));
    expect(s.open).toBe(open);
    expect(s.nextOpenMs).toBe(next ? at(next) : null);
  });
  it("crypto never closes", () => {
    expect(sessionAt("crypto", week, at("2026-11-28T12:00:00Z")).open).toBe(true);
  });
  // An option opened at `from` expiring at `to` is offered only when the market stays open all along.
  it.each([
    { from: "2026-11-27T10:00:00Z", to: "2026-11-27T20:59:59Z", covers: true }, // Friday, expires before the close
    { from: "2026-11-27T10:00:00Z", to: "2026-11-27T21:00:00Z", covers: false }, // expires at the close
    { from: "2026-11-27T10:00:00Z", to: "2026-11-28T10:00:00Z", covers: false }, // a day on Friday: Saturday is closed
    { from: "2026-11-27T10:00:00Z", to: "2026-11-30T10:00:00Z", covers: false }, // across the weekend, open at expiry
    { from: "2026-11-28T10:00:00Z", to: "2026-11-28T10:01:00Z", covers: false }, // closed now
    { from: "2026-11-29T21:00:00Z", to: "2026-11-30T21:00:00Z", covers: true }, // Sunday's open, a day
    { from: "2026-11-25T10:00:00Z", to: "2026-11-26T10:00:00Z", covers: true }, // Wednesday, a day
  ])("forex from $from to $to: covered $covers", ({ from, to, covers }) => {
    expect(sessionCovers("metal", week, at(from), at(to))).toBe(covers);
  });
  it("a session that closes before it opens in the week (Saturday close, Monday open)", () => {
    const odd = { close: "6 00:00", open: "1 00:00" };
    expect(sessionCovers("forex", odd, at("2026-11-27T10:00:00Z"), at("2026-11-27T23:59:00Z"))).toBe(true);
    expect(sessionCovers("forex", odd, at("2026-11-27T10:00:00Z"), at("2026-11-28T00:00:00Z"))).toBe(false);
    expect(sessionCovers("forex", odd, at("2026-11-30T00:00:00Z"), at("2026-12-01T00:00:00Z"))).toBe(true);
  });
  it("crypto options are always covered", () => {
    expect(sessionCovers("crypto", week, at("2026-11-28T10:00:00Z"), at("2026-12-28T10:00:00Z"))).toBe(true);
  });
  it("Wednesday's swap is triple (the weekend's)", () => {
    const t = eurusd("long");
    const tuesday = swapCharge(t, "1.08", "0.0001", at("2026-11-24T21:00:00Z"));
    const wednesday = swapCharge(t, "1.08", "0.0001", at("2026-11-25T21:00:00Z"));
    expect(tuesday.toFixed()).toBe("5.4");
    expect(wednesday.toFixed()).toBe("16.2");
  });
});

describe("a position's own spread decides its close (an operator's later spread change does not)", () => {
  // The probe of issue 25: a 100x long, liquidation 55129.77, placed at spread 0.0004; the operator then sets 0.05.
  const long = { direction: "long" as const, spreadRate: "0.0004", pricePrecision: 2 };
  const levels = triggersOf({ id: 1, symbol: "BTC/USDT", direction: "long", status: "open", limitPrice: null, tp: "56000", sl: null, liquidation: "55129.77", spread: "0.0004", userId: 3 });
  /** A tick as the runner builds it: the pair's current quote (spread `pairSpread`) and the quote at any spread. */
  const observe = (price: string, pairSpread: string): Observation => ({ symbol: "BTC/USDT", price, atMs: 1, ...quoteAround(price, pairSpread, 2), quoteAt: (spread) => quoteAround(price, spread, 2) });
  /** The lowest tick (in cents) whose bid at 0.04 % stays above 55129.77, and the one under it (bid exactly 55129.77). */
  const above = "55140.81";
  const at = "55140.80";

  it.each([
    ["55407", "0.0004", "not at the old spread"],
    ["55407", "0.05", "not when the pair's spread becomes 5 % (bid 54021.82 at the pair's spread)"],
    [above, "0.05", "not on the last cent above the level"],
  ])("a tick at %s with the pair at spread %s does not liquidate: %s", (price, pairSpread) => {
    expect(money(closePriceAt(long, price)).gt("55129.77")).toBe(true);
    expect(crossedBy(levels, observe(price, pairSpread))).toEqual([]);
    const book = new TriggerBook();
    book.addMany(levels);
    expect(book.evaluate(observe(price, pairSpread))).toEqual([]);
  });

  it.each([["0.0004"], ["0.05"], ["0"]])("the tick whose own-spread bid reaches the level liquidates, whatever the pair's spread (%s)", (pairSpread) => {
    expect(closePriceAt(long, above)).toBe("55129.78");
    // 55140.80 gives a bid of exactly 55129.77: the level itself crosses.
    expect(closePriceAt(long, at)).toBe("55129.77");
    const book = new TriggerBook();
    book.addMany(levels);
    expect(book.evaluate(observe(above, pairSpread))).toEqual([]);
    const fired = book.evaluate(observe(at, pairSpread));
    expect(fired.map((f) => f.fired.map((x) => [x.trigger.key, x.observed]))).toEqual([[["positions:1:liquidation", "55129.77"]]]);
  });

  it("a take-profit fires on the tick whose own-spread bid reaches it, not earlier when the pair's spread narrows", () => {
    const book = new TriggerBook();
    book.addMany(levels);
    // At spread 0 the pair's bid would be 56011.20 >= 56000; the position's own bid is 56000.00 - 0.01: not yet.
    const before = "56011.20";
    expect(quoteAround(before, "0.0004", 2).bid).toBe("55999.99");
    expect(book.evaluate(observe(before, "0"))).toEqual([]);
    expect(book.evaluate(observe("56011.21", "0")).map((f) => f.fired[0].trigger.key)).toEqual(["positions:1:tp"]);
  });

  it("a short closes at the ask of its own spread", () => {
    expect(closePriceAt({ direction: "short", spreadRate: "0.0004", pricePrecision: 2 }, "60000")).toBe("60012.00");
    expect(closePriceAt({ direction: "short", spreadRate: "0.05", pricePrecision: 2 }, "60000")).toBe("61500.00");
  });
});

describe("the order a tick's firings settle in", () => {
  // A long's levels on one tick at 50,000 (bid): which fired, at which level, for which user.
  const firing = (id: number, user: number, fired: Array<[name: string, level: string]>) => {
    const owner = `positions:${id}`;
    const item = {
      owner,
      tick: { symbol: "BTC/USDT", price: "50000", bid: "50000", ask: "50000", atMs: 1 },
      fired: fired.map(([name, level]) => ({ trigger: { key: `${owner}:${name}`, owner, symbol: "BTC/USDT", watch: "bid" as const, cross: "down" as const, level, user }, observed: "50000" })),
    };
    return { id, item, reason: reasonOf(fired.map(([name]) => name)) };
  };
  it.each([
    {
      name: "liquidations first, the deepest past its level first, whoever owns them",
      firings: [firing(1, 1, [["sl", "51000"]]), firing(2, 2, [["liquidation", "50500"]]), firing(3, 1, [["liquidation", "52000"]])],
      order: [3, 2, 1],
    },
    {
      name: "liquidations as deep as each other: by user",
      firings: [firing(1, 9, [["liquidation", "51000"]]), firing(2, 4, [["liquidation", "51000"]])],
      order: [2, 1],
    },
    {
      name: "stops and take-profits by user (the batches at once lock different accounts), then fills, then warnings",
      firings: [firing(1, 3, [["warning", "50100"]]), firing(2, 2, [["fill", "50100"]]), firing(3, 3, [["sl", "50100"]]), firing(4, 1, [["tp", "49000"]]), firing(5, 3, [["sl", "50200"]]), firing(6, 1, [["sl", "50100"]])],
      order: [4, 6, 3, 5, 2, 1],
    },
  ])("$name", ({ firings, order }) => {
    expect(byUrgency(firings).map((f) => f.id)).toEqual(order);
  });
});
