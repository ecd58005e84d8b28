import { describe, expect, it } from "vitest";
import { commissionOf, maskAccount } from "./referral.engine";

describe("referral engine", () => {
  it.each([
    ["alice123", "al***23"],
    ["bob", "b***b"],
    ["x", "x***"],
    ["someone@example.com", "so***ne@example.com"],
  ])("masks %s as %s", (account, masked) => expect(maskAccount(account)).toBe(masked));

  it.each([
    ["1.5", "0.2", "0.3"],
    ["0.00000001", "0.1", "0"],
    ["3.33333333", "0.2", "0.66666666"],
  ])("commission of fee %s at %s is %s", (fee, rate, out) => expect(commissionOf(fee, rate).toFixed()).toBe(out));
});
