import { describe, expect, it } from "vitest";
import { amountValue, formatNumberValue, numberValue, percentValue, priceValue } from "./i18n";

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
    ["es", percentValue("1148.6"), "1.148,60"],
  ] as const)("in %s, %o reads %s", (lang, value, expected) => {
    expect(formatNumberValue(lang, value)).toBe(expected);
  });
});
