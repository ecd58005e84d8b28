import { describe, expect, it } from "vitest";
import type { FlashPair } from "@contract/wallet";
import { previewFlash } from "./flash-preview";

const usdtToBtc: FlashPair = { from: "USDT", to: "BTC", rate: "0.000015384615384615", fee_rate: "0.002", min: "10", max: "100000", from_decimals: 6, to_decimals: 8 };
const btcToUsdt: FlashPair = { from: "BTC", to: "USDT", rate: "65000", fee_rate: "0.002", min: "0.0001", max: "10", from_decimals: 8, to_decimals: 6 };

describe("previewFlash (the same numbers the server's flash.engine gives)", () => {
  it.each([
    ["100", usdtToBtc, { fee: "0.2", receive: "0.00153538" }],
    ["10.000001", usdtToBtc, { fee: "0.02", receive: "0.00015353" }],
    ["1", btcToUsdt, { fee: "0.002", receive: "64870" }],
    ["0.00153538", btcToUsdt, { fee: "0.00000307", receive: "99.60015" }],
  ] as const)("%s %s", (amount, pair, expected) => {
    expect(previewFlash(amount, pair)).toEqual(expected);
  });

  it.each(["", "0", "abc", "10.0000001"])("shows nothing for %j", (amount) => {
    expect(previewFlash(amount, usdtToBtc)).toBeNull();
  });
});
