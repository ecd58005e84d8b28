import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@lingui/core";
import { languages } from "../../server/contract/constants";
import { amountValue, formatNumberValue, priceValue } from "../../server/src/platform/i18n";
import { formatAmount } from "../../src/shared/i18n/format";
import { formatPrice } from "../../src/shared/market/format";

afterEach(() => i18n.activate("en"));

describe("the server's notices and the app write figures alike", () => {
  // A notice opens the screen that shows the same figure: both must write it alike, in every language.
  const amounts: [string, string][] = [["1000", "USDT"], ["965.8", "USDT"], ["0.0312599", "ETH"], ["12345.00153846", "BTC"], ["-7.5", "USDT"], ["0", "USDT"]];
  it.each(languages.map((lang) => [lang]))("in %s, writes amounts and prices as the app does", (lang) => {
    i18n.loadAndActivate({ locale: lang, messages: {} });
    for (const [value, currency] of amounts) expect(formatNumberValue(lang, amountValue(value, currency)), `${value} ${currency}`).toBe(formatAmount(value, currency, { showCurrency: false }));
    for (const value of ["64210.5", "0.000123", "1234567.891"]) expect(formatNumberValue(lang, priceValue(value, 2))).toBe(formatPrice(value, 2));
  });
});
