import { describe, expect, it } from "vitest";
import { crossRate, quoteFlash, type FlashTerms } from "./flash.engine";

const usdtToBtc: FlashTerms = { rate: crossRate("1", "65000"), feeRate: "0.002", min: "10", max: "100000", fromDecimals: 6, toDecimals: 8 };
const btcToUsdt: FlashTerms = { rate: crossRate("65000", "1"), feeRate: "0.002", min: "0.0001", max: "10", fromDecimals: 8, toDecimals: 6 };

describe("quoteFlash", () => {
  const cases: [string, string, FlashTerms, { fee: string; received: string } | string][] = [
    ["100 USDT to BTC", "100", usdtToBtc, { fee: "0.2", received: "0.00153538" }],
    ["the minimum exactly", "10", usdtToBtc, { fee: "0.02", received: "0.00015353" }],
    ["the maximum exactly", "100000", usdtToBtc, { fee: "200", received: "1.53538461" }],
    ["1 BTC to USDT", "1", btcToUsdt, { fee: "0.002", received: "64870" }],
    ["a fee rounded down to the currency's decimals", "10.000001", usdtToBtc, { fee: "0.02", received: "0.00015353" }],
    ["the smallest BTC amount", "0.0001", btcToUsdt, { fee: "0.0000002", received: "6.487" }],
    ["below the minimum", "9.999999", usdtToBtc, "AMOUNT_BELOW_MIN"],
    ["above the maximum", "100000.000001", usdtToBtc, "AMOUNT_ABOVE_MAX"],
    ["zero", "0", usdtToBtc, "AMOUNT_NOT_POSITIVE"],
    ["more decimals than the currency has", "10.0000001", usdtToBtc, "AMOUNT_ERROR"],
  ];
  it.each(cases)("%s", (_what, amount, terms, expected) => {
    const quote = quoteFlash(amount, terms);
    if (typeof expected === "string") {
      expect(quote).toEqual({ ok: false, error: expected });
      return;
    }
    expect(quote.ok).toBe(true);
    if (!quote.ok) return;
    expect({ fee: quote.fee.toFixed(), received: quote.received.toFixed() }).toEqual(expected);
    // Nothing is created: what the user gives up is the fee plus what is converted.
    expect(quote.fee.plus(quote.net).eq(amount)).toBe(true);
  });

  it("computes cross rates to 18 decimals, rounded down", () => {
    expect(crossRate("1", "3").toFixed()).toBe("0.333333333333333333");
    expect(crossRate("3200", "65000").toFixed()).toBe("0.04923076923076923");
  });
});
