import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@lingui/core";
import { languages } from "../../contract/constants";
import { formatAmount } from "../../../src/shared/i18n/format";
import { formatPrice } from "../../../src/shared/market/format";
import { amountValue, formatNumberValue, numberValue, priceValue } from "./i18n";

afterEach(() => i18n.activate("en"));

describe("figures in notices, e-mails and pushes", () => {
  it.each([
    ["en", amountValue("1000", "USDT"), "1,000.00"],
    ["en", amountValue("614.3985838", "USDT"), "614.3985"],
    ["en", amountValue("0.5", "BTC"), "0.50"],
    ["en", amountValue("-0.00001", "USDT"), "0.00"],
    ["es", amountValue("1000000", "USDT"), "1.000.000,00"],
    ["es", amountValue("1234.5678912", "ETH"), "1.234,567891"],
    ["zh", amountValue("1000000", "USDT"), "1,000,000.00"],
    ["en", priceValue("56061.6", 2), "56,061.60"],
    ["es", priceValue("56061.6", 2), "56.061,60"],
    ["zh", numberValue("1234.000123"), "1,234.000123"],
    ["es", numberValue("1234"), "1.234"],
  ] as const)("in %s, %o reads %s", (lang, value, expected) => {
    expect(formatNumberValue(lang, value)).toBe(expected);
  });

  // A notice opens the screen that shows the same figure: both must write it alike, in every language.
  const amounts: [string, string][] = [["1000", "USDT"], ["965.8", "USDT"], ["0.0312599", "ETH"], ["12345.00153846", "BTC"], ["-7.5", "USDT"], ["0", "USDT"]];
  it.each(languages.map((lang) => [lang]))("in %s, writes amounts and prices as the app does", (lang) => {
    i18n.loadAndActivate({ locale: lang, messages: {} });
    for (const [value, currency] of amounts) expect(formatNumberValue(lang, amountValue(value, currency)), `${value} ${currency}`).toBe(formatAmount(value, currency, { showCurrency: false }));
    for (const value of ["64210.5", "0.000123", "1234567.891"]) expect(formatNumberValue(lang, priceValue(value, 2))).toBe(formatPrice(value, 2));
  });
});
