import { describe, expect, it } from "vitest";
import { money } from "../ledger";
import { checkAmount, checkDepositAmount, isValidAddress, quoteWithdrawal } from "./funding.engine";

describe("quoteWithdrawal (min 30, fee 3)", () => {
  const rule = { min: "30", fee: "3" };
  const cases: [string, { fee: string; receive: string } | string][] = [
    ["30", { fee: "3", receive: "27" }],
    ["30.000001", { fee: "3", receive: "27.000001" }],
    ["1000", { fee: "3", receive: "997" }],
    ["29.999999", "WITHDRAW_BELOW_MIN"],
    ["29", "WITHDRAW_BELOW_MIN"],
    ["3", "WITHDRAW_BELOW_MIN"],
  ];
  it.each(cases)("%s", (amount, expected) => {
    const quote = quoteWithdrawal(money(amount), rule);
    if (typeof expected === "string") expect(quote).toEqual({ ok: false, error: expected });
    else expect(quote.ok && { fee: quote.value.fee.toFixed(), receive: quote.value.receive.toFixed() }).toEqual(expected);
  });
  it("refuses a fee that eats the whole amount even under a bad configuration", () => {
    expect(quoteWithdrawal(money("3"), { min: "1", fee: "3" })).toEqual({ ok: false, error: "WITHDRAW_BELOW_MIN" });
  });
});

describe("checkAmount and deposit limits", () => {
  const cases: [string, number, string][] = [
    ["100", 6, "ok"],
    ["0.000001", 6, "ok"],
    ["0.0000001", 6, "AMOUNT_ERROR"],
    ["0", 6, "AMOUNT_NOT_POSITIVE"],
    ["0.000000", 6, "AMOUNT_NOT_POSITIVE"],
  ];
  it.each(cases)("%s with %i decimals: %s", (text, decimals, expected) => {
    const checked = checkAmount(text, decimals);
    expect(checked.ok ? "ok" : checked.error).toBe(expected);
  });
  it("includes both limits", () => {
    const limits = { min: "10", max: "1000" };
    expect(checkDepositAmount(money("10"), limits)).toBeNull();
    expect(checkDepositAmount(money("1000"), limits)).toBeNull();
    expect(checkDepositAmount(money("9.99"), limits)).toBe("AMOUNT_BELOW_MIN");
    expect(checkDepositAmount(money("1000.01"), limits)).toBe("AMOUNT_ABOVE_MAX");
  });
});

describe("isValidAddress", () => {
  const cases: [string, string, boolean][] = [
    ["TRC20", "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", true],
    ["TRC20", "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS0", false],
    ["TRC20", "0x52908400098527886E0F7030069857D2E4169EE7", false],
    ["ERC20", "0x52908400098527886E0F7030069857D2E4169EE7", true],
    ["ERC20", "0x52908400098527886E0F7030069857D2E4169EE", false],
    ["ERC20", "52908400098527886E0F7030069857D2E4169EE7aa", false],
  ];
  it.each(cases)("%s %s -> %s", (network, address, valid) => {
    expect(isValidAddress(network, address)).toBe(valid);
  });
});
