import { describe, expect, it } from "vitest";
import { compare, decimalsOf, floorTo, mul, parseDecimal, sub, sumDecimals, toDecimal } from "./decimal";

const d = (text: string) => parseDecimal(text)!;

describe("fixed-point decimals", () => {
  it.each([
    ["0", "0"],
    ["30", "30"],
    ["27.000001", "27.000001"],
    ["0.000000000000000001", "0.000000000000000001"],
    ["-3.50", "-3.5"],
    ["123456789012345678.123456789012345678", "123456789012345678.123456789012345678"],
  ])("round-trips %s", (text, expected) => {
    expect(toDecimal(d(text))).toBe(expected);
  });

  it.each(["", "abc", "1e5", "1.", ".5", "1.0000000000000000001", " 1 2"])("refuses %j", (text) => {
    expect(parseDecimal(text)).toBeNull();
  });

  it("subtracts the withdrawal fee exactly (0.1 + 0.2 troubles nobody here)", () => {
    expect(toDecimal(sub(d("30"), d("3")))).toBe("27");
    expect(toDecimal(sub(d("30.3"), d("3.1")))).toBe("27.2");
    expect(sumDecimals(["0.1", "0.2", null])).toBe("0.3");
  });

  it("multiplies and rounds toward zero", () => {
    expect(toDecimal(floorTo(mul(d("99.8"), d("0.000015384615384615")), 8))).toBe("0.00153538");
    expect(toDecimal(floorTo(d("1.999999999"), 2))).toBe("1.99");
    expect(toDecimal(floorTo(d("-1.999"), 2))).toBe("-1.99");
  });

  it("compares and counts decimals", () => {
    expect(compare(d("29.999999"), d("30"))).toBe(-1);
    expect(compare(d("30.0"), d("30"))).toBe(0);
    expect(decimalsOf("12.345")).toBe(3);
    expect(decimalsOf("12")).toBe(0);
  });
});
