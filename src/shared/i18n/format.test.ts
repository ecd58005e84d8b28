import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@lingui/core";
import { formatAmount, formatDateTime, formatDecimal, formatPercent, numberFormat, regionName } from "./format";

afterEach(() => i18n.activate("en"));

describe("formatting per locale", () => {
  it("shows timestamps in seconds as YYYY-MM-DD HH:mm:ss local time", () => {
    const seconds = Math.floor(new Date(2026, 0, 2, 3, 4, 5).getTime() / 1000);
    expect(formatDateTime(seconds)).toBe("2026-01-02 03:04:05");
    expect(formatDateTime(null)).toBe("-");
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
    expect([formatAmount(null, "USDT"), formatAmount(undefined), formatAmount("")]).toEqual(["-", "-", "-"]);
  });

  it("formats percentages with a sign", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatPercent("1.2345")).toBe("+1.23%");
    expect(formatPercent("-0.5")).toBe("-0.50%");
    expect(formatPercent("0")).toBe("0.00%");
  });

  it("makes one number formatter per locale and options, and a language switch gets the new locale's", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    const compact = numberFormat({ notation: "compact" });
    expect(numberFormat({ notation: "compact" })).toBe(compact);
    expect(numberFormat({ maximumFractionDigits: 1 })).not.toBe(compact);
    expect(formatPercent("12.5", 1)).toBe("+12.5%");
    i18n.loadAndActivate({ locale: "es", messages: {} });
    expect(numberFormat({ notation: "compact" })).not.toBe(compact);
    expect(formatPercent("12.5", 1)).toBe("+12,5%");
    expect(formatDecimal("1234.5")).toBe("1.234,5");
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(formatDecimal("1234.5")).toBe("1,234.5");
  });

  it("names countries in the current language", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(regionName("DE")).toBe("Germany");
    i18n.loadAndActivate({ locale: "es", messages: {} });
    expect(regionName("DE")).toBe("Alemania");
  });
});
