import { beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@lingui/core";
import { compareDecimal, roundDecimal, signOf } from "@/shared/lib/decimal";
import { formatPrice, precisionOf } from "@/shared/market/format";
import { applyTickers } from "@/shared/market/quotations";
import { formatCompact, formatPercent, formatRate } from "@/shared/i18n/format";
import { nextSort, orderSymbols, topMovers } from "./quotes";
import { candleIndexAt, changedAtTheEnd, chartSeries, FIRST_VIEW_CANDLES, intervalSeconds, MARK_VIEW_HALF, mergeCandle, movingAverage, openingRange } from "./candles";
import type { Candle, Quotation } from "./types";

const q = (symbol: string, change: string, volume: string, kind: Quotation["kind"] = "crypto"): Quotation => {
  const [base, quote] = symbol.split("/");
  return {
    symbol, base, quote, kind, last: "1.00", open_24h: "1", high_24h: "1", low_24h: "1", change_24h: change, volume_24h: volume, quote_volume_24h: volume,
    bid: "0.99", ask: "1.01", price_precision: 2, trading: true, paused: false, tick_age_ms: 0, tick_max_age_ms: 5000, source: "sim", updated_at: 0,
  };
};
const candle = (t: number, c: string, v = "1"): Candle => ({ t, o: "10", h: "12", l: "9", c, v });

beforeEach(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

describe("decimal strings", () => {
  it.each([
    ["1.005", 2, "1.01"],
    ["1.004", 2, "1.00"],
    ["64210.5", 2, "64210.50"],
    ["0.99999", 2, "1.00"],
    ["9.995", 2, "10.00"],
    ["-1.005", 2, "-1.01"],
    ["-0.001", 2, "0.00"],
    ["123", 0, "123"],
    ["123.5", 0, "124"],
    ["0.000123456", 6, "0.000123"],
  ])("rounds %s to %i places: %s", (value, places, expected) => {
    expect(roundDecimal(value, places)).toBe(expected);
  });

  it("compares without floats", () => {
    expect(compareDecimal("0.30000000000000001", "0.3")).toBe(1);
    expect(compareDecimal("-2", "1")).toBe(-1);
    expect(compareDecimal("10", "9.999")).toBe(1);
    expect(compareDecimal("1.0", "1")).toBe(0);
    expect(compareDecimal("x", "1")).toBe(-1);
    expect(signOf("-0.0")).toBe(0);
    expect(signOf("+1.2")).toBe(1);
    expect(signOf("-0.01")).toBe(-1);
  });
});

describe("formatting", () => {
  it("shows prices with the pair's precision and the locale's signs", () => {
    expect(formatPrice("64210.5", 2)).toBe("64,210.50");
    expect(formatPrice("1.08456", 4)).toBe("1.0846");
    expect(formatPrice("0.1", 5)).toBe("0.10000");
    expect(formatPrice(undefined, 2)).toBe("-");
    i18n.loadAndActivate({ locale: "es", messages: {} });
    expect(formatPrice("64210.5", 2)).toBe("64.210,50");
  });

  it("takes the precision from the pair, or from how its price is written", () => {
    expect(precisionOf({ last: "1.2", price_precision: 5 })).toBe(5);
    expect(precisionOf({ last: "64210.55" })).toBe(2);
  });

  it("shortens volumes and signs changes", () => {
    expect(formatCompact("1234567.89")).toBe("1.23M");
    expect(formatCompact("950")).toBe("950");
    expect(formatPercent("2.345")).toBe("+2.35%");
    expect(formatPercent("-0.5")).toBe("-0.50%");
    expect(formatPercent("0")).toBe("0.00%");
  });

  it("shows the arbitrage rates (fractions) as percentages, signed where a gain sits beside a loss", () => {
    expect(formatRate("0.0012", 2, { signed: true })).toBe("+0.12%");
    expect(formatRate("-0.00045", 2, { signed: true })).toBe("-0.05%");
    expect(formatRate("0.002", 2)).toBe("0.2%");
    expect(formatRate("nope")).toBe("-");
  });
});

describe("quotes list", () => {
  const list = [q("BTC/USDT", "1.5", "900"), q("ETH/USDT", "-3", "2000"), q("EUR/USD", "0.1", "50", "forex"), q("XAU/USD", "-0.7", "10", "metal"), q("DOGE/USDT", "7", "100")];

  it("splits crypto from forex and metals", () => {
    expect(orderSymbols(list, { tab: "crypto" })).toEqual(["BTC/USDT", "ETH/USDT", "DOGE/USDT"]);
    expect(orderSymbols(list, { tab: "forex" })).toEqual(["EUR/USD", "XAU/USD"]);
  });

  it("finds pairs however the symbol is typed", () => {
    expect(orderSymbols(list, { search: "eth" })).toEqual(["ETH/USDT"]);
    expect(orderSymbols(list, { search: "btc/u" })).toEqual(["BTC/USDT"]);
    expect(orderSymbols(list, { search: "xau usd" })).toEqual(["XAU/USD"]);
    expect(orderSymbols(list, { search: "usd" , tab: "forex"})).toEqual(["EUR/USD", "XAU/USD"]);
    expect(orderSymbols(list, { search: "zzz" })).toEqual([]);
  });

  it("sorts by change and by volume, both ways", () => {
    expect(orderSymbols(list, { tab: "crypto", sort: { key: "change", dir: "desc" } })).toEqual(["DOGE/USDT", "BTC/USDT", "ETH/USDT"]);
    expect(orderSymbols(list, { tab: "crypto", sort: { key: "change", dir: "asc" } })).toEqual(["ETH/USDT", "BTC/USDT", "DOGE/USDT"]);
    expect(orderSymbols(list, { tab: "crypto", sort: { key: "volume", dir: "desc" } })).toEqual(["ETH/USDT", "BTC/USDT", "DOGE/USDT"]);
  });

  it("compares volumes in the quote currency", () => {
    const pricey = { ...q("BTC/USDT", "0", "10"), quote_volume_24h: "600000" };
    const cheap = { ...q("DOGE/USDT", "0", "1000000"), quote_volume_24h: "100000" };
    expect(orderSymbols([cheap, pricey], { sort: { key: "volume", dir: "desc" } })).toEqual(["BTC/USDT", "DOGE/USDT"]);
  });

  it("cycles a sort header: highest first, lowest first, off", () => {
    const first = nextSort(null, "change");
    expect(first).toEqual({ key: "change", dir: "desc" });
    const second = nextSort(first, "change");
    expect(second).toEqual({ key: "change", dir: "asc" });
    expect(nextSort(second, "change")).toBeNull();
    expect(nextSort(second, "volume")).toEqual({ key: "volume", dir: "desc" });
  });

  it("picks the top movers either way", () => {
    expect(topMovers(list, 3).map((x) => x.symbol)).toEqual(["DOGE/USDT", "ETH/USDT", "BTC/USDT"]);
  });

  it("updates only the rows that changed", () => {
    const next = applyTickers(list, new Map([["ETH/USDT", { last: "2.00" }]]));
    expect(next).not.toBe(list);
    expect(next[1].last).toBe("2.00");
    expect(next[0]).toBe(list[0]);
    expect(applyTickers(list, new Map())).toBe(list);
    expect(applyTickers(list, new Map([["NOPE/USDT", { last: "1" }]]))).toBe(list);
  });
});

describe("candles", () => {
  const base = [candle(60, "10"), candle(120, "11"), candle(180, "12")];

  it("finds the candle a tick's moment falls in, and none outside the loaded ones", () => {
    expect(candleIndexAt(base, 60, "1m")).toBe(0);
    expect(candleIndexAt(base, 119, "1m")).toBe(0);
    expect(candleIndexAt(base, 120, "1m")).toBe(1);
    expect(candleIndexAt(base, 239, "1m")).toBe(2);
    expect(candleIndexAt(base, 240, "1m")).toBe(-1);
    expect(candleIndexAt(base, 59, "1m")).toBe(-1);
    // A gap (no trade in a minute): a moment in the missing minute has no candle.
    expect(candleIndexAt([candle(60, "1"), candle(180, "1")], 130, "1m")).toBe(-1);
    expect(candleIndexAt([], 60, "1m")).toBe(-1);
  });

  it("opens a pinned tick's chart on the tick's own 1-minute candle, centred, not on the loaded window's start", () => {
    // The case: a fill at 14:47:44 UTC, opened at 15:34, so the window around it is 160 minutes up to now (12:55-15:34).
    const day = Date.UTC(2026, 10, 27) / 1000;
    const window = Array.from({ length: 160 }, (_, i) => candle(day + 12 * 3600 + 55 * 60 + i * 60, "1"));
    const tick = day + 14 * 3600 + 47 * 60 + 44;
    const index = candleIndexAt(window, tick, "1m");
    expect(new Date(window[index].t * 1000).toISOString()).toBe("2026-11-27T14:47:00.000Z");
    const range = openingRange(window.length, index);
    expect(range).toEqual({ from: index - MARK_VIEW_HALF, to: index + MARK_VIEW_HALF });
    expect((range.from + range.to) / 2).toBe(index);
    // Without a mark (or one outside the list), the latest candles with room after the last.
    expect(openingRange(160, null)).toEqual({ from: 160 - FIRST_VIEW_CANDLES, to: 162 });
    expect(openingRange(160, -1)).toEqual(openingRange(160, null));
    expect(openingRange(160, 160)).toEqual(openingRange(160, null));
  });

  it("moves the open candle, appends a new one, replaces an older one, ignores what is too old", () => {
    const moved = mergeCandle(base, candle(180, "13"));
    expect(moved.map((c) => c.c)).toEqual(["10", "11", "13"]);
    expect(moved[0]).toBe(base[0]);
    expect(mergeCandle(base, candle(240, "14")).map((c) => c.t)).toEqual([60, 120, 180, 240]);
    expect(mergeCandle(base, candle(120, "15"))[1].c).toBe("15");
    expect(mergeCandle(base, candle(0, "1"))).toBe(base);
    expect(mergeCandle(base, candle(180, "12"))).toBe(base);
    expect(mergeCandle([], candle(60, "1"))).toHaveLength(1);
    expect(mergeCandle(base, candle(240, "14"), 3).map((c) => c.t)).toEqual([120, 180, 240]);
  });

  it("tells a tick's change (the open candle moved, or one opened after it) from any other", () => {
    const base = [candle(60, "10"), candle(120, "11"), candle(180, "12")];
    const moved = mergeCandle(base, candle(180, "13"));
    const opened = mergeCandle(moved, candle(240, "14"));
    const corrected = mergeCandle(base, candle(120, "9"));
    const cases: [string, Candle[], Candle[], boolean][] = [
      ["the open candle moved", base, moved, true],
      ["the next candle opened", base, mergeCandle(base, candle(240, "14")), true],
      ["moved and opened in one step", base, opened, true],
      ["an older candle corrected", base, corrected, false],
      ["two candles added", base, [...base, candle(240, "1"), candle(300, "1")], false],
      ["the oldest dropped (length cap)", base, mergeCandle(base, candle(240, "14"), 3), false],
      ["a new list (reload)", base, base.map((c) => ({ ...c })), false],
      ["nothing drawn yet", [], base, false],
    ];
    for (const [name, before, next, expected] of cases) expect(changedAtTheEnd(before, next), name).toBe(expected);
  });

  it("averages closes over MA periods", () => {
    expect(movingAverage([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(movingAverage([1, 2], 5)).toEqual([null, null]);
  });

  it("builds the chart's series: candles, volumes that say which way their candle went, and the averages", () => {
    const series = chartSeries([{ t: 60, o: "10", h: "12", l: "9", c: "11", v: "5" }, { t: 120, o: "11", h: "11", l: "8", c: "9", v: "3" }, { t: 180, o: "9", h: "9", l: "9", c: "9", v: "0" }]);
    expect(series.times).toEqual([60, 120, 180]);
    expect(series.ohlc[0]).toEqual({ time: 60, open: 10, high: 12, low: 9, close: 11 });
    // A flat candle's volume takes the rising colour.
    expect(series.volumes.map((v) => [v.time, v.value, v.rising])).toEqual([[60, 5, true], [120, 3, false], [180, 0, true]]);
    expect(series.ma).toHaveLength(3);
    expect(series.ma[0]).toEqual([null, null, null]);
  });

  it("knows every interval's length", () => {
    expect(["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"].map(intervalSeconds)).toEqual([60, 300, 900, 1800, 3600, 14400, 86400, 604800]);
    expect(() => intervalSeconds("2y")).toThrow();
  });
});

describe("price differences", () => {
  it("subtracts exactly", async () => {
    const { subtractDecimal } = await import("@/shared/lib/decimal");
    expect(subtractDecimal("0.3", "0.1")).toBe("0.2");
    expect(subtractDecimal("64000", "64210.55")).toBe("-210.55");
    expect(subtractDecimal("1", "1.000")).toBe("0");
    expect(subtractDecimal("x", "1")).toBe("-");
  });
});
