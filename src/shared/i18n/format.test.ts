import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@lingui/core";
import fc from "fast-check";
import { languages } from "@contract/constants";
import { currentIntlLocale, formatAmount, formatCompact, formatDateTime, formatDecimal, formatPercent, formatQuantity, formatRate, formatTickTime, formatWeeklyMark, regionName } from "./format";

afterEach(() => i18n.activate("en"));

describe("formatting per locale", () => {
  it("shows timestamps in seconds as YYYY-MM-DD HH:mm:ss local time", () => {
    const seconds = Math.floor(new Date(2026, 0, 2, 3, 4, 5).getTime() / 1000);
    expect(formatDateTime(seconds)).toBe("2026-01-02 03:04:05");
    expect(formatDateTime(null)).toBe("-");
    // A tick's own time (ms) is shown the same way: the one formatter of times.
    expect(formatTickTime(new Date(2026, 10, 25, 9, 5, 7, 999).getTime())).toBe("2026-11-25 09:05:07");
  });

  it.each([
    ["0.0004", 4, "0.04%"],
    ["0.25", 4, "25%"],
    ["1.5", 4, "150%"],
    ["0", 4, "0%"],
    ["0.00001", 4, "0.001%"],
    ["0.365", 4, "36.5%"],
    ["0.55555", 2, "55.56%"],
    ["12345.6", 4, "1,234,560%"],
    ["-0.001", 4, "-0.1%"],
    ["x", 4, "-"],
  ])("shows the rate fraction %s (to %i decimals) as %s", (fraction, decimals, percent) => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatRate(fraction as string, decimals as number)).toBe(percent);
  });

  it("writes rates with the reader's decimal sign, so es never mixes 0.0001 and 0,553", () => {
    i18n.loadAndActivate({ locale: "es", messages: {} });
    expect(formatRate("0.5553", 2)).toBe("55,53%");
    expect(formatRate("0.000001")).toBe("0,0001%");
  });

  it("shows a weekly session mark (UTC) as the reader's weekday and time, in the reader's language", () => {
    // Wednesday 2026-11-25: the mark "5 21:00" is Friday 2026-11-27 21:00 UTC, whatever the zone shows it as.
    const now = Date.UTC(2026, 10, 25, 12);
    const friday = new Date(Date.UTC(2026, 10, 27, 21));
    const hhmm = `${String(friday.getHours()).padStart(2, "0")}:${String(friday.getMinutes()).padStart(2, "0")}`;
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatWeeklyMark("5 21:00", now)).toBe(`${friday.toLocaleDateString("en-US", { weekday: "long" })} ${hhmm}`);
    i18n.loadAndActivate({ locale: "es", messages: {} });
    expect(formatWeeklyMark("5 21:00", now)).toBe(`${friday.toLocaleDateString("es-ES", { weekday: "long" })} ${hhmm}`);
    i18n.loadAndActivate({ locale: "zh", messages: {} });
    expect(formatWeeklyMark("0 21:00", now)).toMatch(/^星期. \d\d:\d\d$/);
  });

  it("groups decimal strings the locale's way without losing digits", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatDecimal("1234567.123456789012345678")).toBe("1,234,567.123456789012345678");
    i18n.loadAndActivate({ locale: "es", messages: {} });
    expect(formatDecimal("1234567.5")).toBe("1.234.567,5");
    i18n.loadAndActivate({ locale: "pt", messages: {} });
    expect(formatDecimal("1234.5")).toBe("1.234,5");
  });

  it("trims or pads the fraction on request and keeps the sign", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatDecimal("-27.000000000000000000")).toBe("-27");
    expect(formatDecimal("27", { minFraction: 2 })).toBe("27.00");
    expect(formatDecimal("0.123456", { maxFraction: 2 })).toBe("0.12");
    expect(formatDecimal(undefined)).toBe("-");
  });

  it("shows an amount with its currency to 8 decimals at most, and a dash when there is none", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatAmount("1520.250000000000000000", "USDT")).toBe("1,520.25 USDT");
    expect(formatAmount("0.123456789")).toBe("0.12345678");
    // Each currency to its display decimals, cut (a balance never shows more than it holds): no 7-decimal USDT.
    expect(formatAmount("1000.1234567", "USDT")).toBe("1,000.1234 USDT");
    expect(formatAmount("0.0312599", "ETH")).toBe("0.031259 ETH");
    expect(formatAmount("0.00153846", "BTC")).toBe("0.00153846 BTC");
    expect([formatAmount(null, "USDT"), formatAmount(undefined), formatAmount("")]).toEqual(["-", "-", "-"]);
  });

  // One formatter per kind of figure, each in the reader's digits: the same figure reads alike on every screen.
  it.each([
    // language, money (value, currency, options), expected
    ["en", "1000", "USDT", {}, "1,000.00 USDT"],
    ["en", "965.8", "USDT", {}, "965.80 USDT"],
    ["en", "614.3985838", "USDT", {}, "614.3985 USDT"],
    ["en", "0.68", "USDT", { signed: true }, "+0.68 USDT"],
    ["en", "-0.68", "USDT", { signed: true }, "-0.68 USDT"],
    ["en", "0.00001", "USDT", { signed: true }, "0.00 USDT"],
    ["en", "-0.00001", "USDT", {}, "0.00 USDT"],
    ["en", "64", "USDT", { showCurrency: false }, "64.00"],
    ["en", "0.5", "BTC", {}, "0.50 BTC"],
    ["es", "1000000", "USDT", {}, "1.000.000,00 USDT"],
    ["es", "1234.5678912", "ETH", {}, "1.234,567891 ETH"],
    ["es", "-12.5", "USDT", { signed: true }, "-12,50 USDT"],
    ["zh", "1000000", "USDT", {}, "1,000,000.00 USDT"],
    ["zh", "100.1", "USDT", { signed: true }, "+100.10 USDT"],
  ] as const)("in %s, the amount %s %s %o reads %s", (language, value, currency, options, expected) => {
    i18n.loadAndActivate({ locale: language, messages: {} });
    expect(formatAmount(value, currency, options)).toBe(expected);
  });

  it.each([
    ["en", "1234.56789", "1,234.56789"],
    ["en", "0.001", "0.001"],
    ["es", "1234.5", "1.234,5"],
    ["zh", "1234.5", "1,234.5"],
    ["en", "", "-"],
  ])("in %s, the quantity %s reads %s, every digit kept", (language, value, expected) => {
    i18n.loadAndActivate({ locale: language, messages: {} });
    expect(formatQuantity(value)).toBe(expected);
  });

  it.each([
    ["en", "0.0012", 2, true, "+0.12%"],
    ["en", "-0.00045", 2, true, "-0.05%"],
    ["en", "0", 2, true, "0%"],
    ["en", "0.002", 2, false, "0.2%"],
    ["es", "0.0012", 2, true, "+0,12%"],
    ["es", "0.001", 4, false, "0,1%"],
    ["zh", "-0.0125", 2, true, "-1.25%"],
  ])("in %s, the rate %s (to %i decimals, signed %s) reads %s", (language, fraction, decimals, signed, expected) => {
    i18n.loadAndActivate({ locale: language, messages: {} });
    expect(formatRate(fraction, decimals, { signed })).toBe(expected);
  });

  it.each([
    ["en", "0.001", true, "+0.10%"],
    ["en", "0.0019", true, "+0.19%"],
    ["en", "0", false, "0.00%"],
    ["es", "0.001", true, "+0,10%"],
  ])("in %s, the rate %s at a fixed two decimals (signed %s) reads %s: a column of rates lines up", (language, fraction, signed, expected) => {
    i18n.loadAndActivate({ locale: language, messages: {} });
    expect(formatRate(fraction, 2, { signed, fixed: true })).toBe(expected);
  });

  it.each([
    ["en", "185.2345", 2, false, "185.23%"],
    ["en", "-3.5", 2, true, "-3.50%"],
    ["es", "1234.5", 1, true, "+1.234,5%"],
    ["zh", "1234.5", 1, true, "+1,234.5%"],
    ["en", null, 2, true, "-"],
  ])("in %s, the percentage %s (to %i decimals, signed %s) reads %s", (language, value, decimals, signed, expected) => {
    i18n.loadAndActivate({ locale: language, messages: {} });
    expect(formatPercent(value, decimals, signed)).toBe(expected);
  });

  it("formats percentages with a sign", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatPercent("1.2345")).toBe("+1.23%");
    expect(formatPercent("-0.5")).toBe("-0.50%");
    expect(formatPercent("0")).toBe("0.00%");
  });

  it("switches signs with the language", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatPercent("12.5", 1)).toBe("+12.5%");
    i18n.loadAndActivate({ locale: "es", messages: {} });
    expect(formatPercent("12.5", 1)).toBe("+12,5%");
    expect(formatDecimal("1234.5")).toBe("1.234,5");
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatDecimal("1234.5")).toBe("1,234.5");
  });

  it("rounds percentages on the digits, half away from zero, and signs only what is not zero", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatPercent("0.125")).toBe("+0.13%");
    expect(formatPercent("-0.125")).toBe("-0.13%");
    expect(formatPercent("-0.000")).toBe("0.00%");
    expect(formatPercent(12.5, 0, false)).toBe("13%");
    expect(formatPercent("1234.5", 1)).toBe("+1,234.5%");
    expect(formatPercent("abc")).toBe("-");
  });

  // The tables stand in for Intl.NumberFormat (whose first use costs a page ~25 ms of ICU setup): Intl is the oracle.
  describe.each(languages.map((language) => [language]))("in %s, as Intl writes numbers", (language) => {
    it("groups and marks decimals with the locale's signs", () => {
      i18n.loadAndActivate({ locale: language, messages: {} });
      const parts = new Intl.NumberFormat(currentIntlLocale(language), { minimumFractionDigits: 1 }).formatToParts(1234567.5);
      const sign = (type: string) => parts.find((p) => p.type === type)?.value;
      expect(formatDecimal("1234567.5")).toBe(`1${sign("group")}234${sign("group")}567${sign("decimal")}5`);
    });

    it("shortens large numbers with the locale's compact units", () => {
      i18n.loadAndActivate({ locale: language, messages: {} });
      const intl = new Intl.NumberFormat(currentIntlLocale(language), { notation: "compact", maximumFractionDigits: 2 });
      const edges = ["0", "0.005", "0.125", "12.345", "999", "999.994", "999.995", "1000", "9999.5", "9999.995", "99999", "999999.5", "1234567", "999999999.999", "1000000000", "9999999999", "12345678901", "999999999999.995", "1234567890123456", "15000000000000000"];
      for (const value of edges) expect(formatCompact(value), value).toBe(intl.format(value as unknown as number));
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), fc.nat({ max: 99_999 }), (whole, fraction) => {
          const value = `${whole}.${String(fraction).padStart(5, "0")}`;
          expect(formatCompact(value)).toBe(intl.format(value as unknown as number));
        }),
        { numRuns: 300 },
      );
    });
  });

  it("names countries in the current language", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(regionName("DE")).toBe("Germany");
    i18n.loadAndActivate({ locale: "es", messages: {} });
    expect(regionName("DE")).toBe("Alemania");
  });
});
