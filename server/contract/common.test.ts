import { describe, expect, it } from "vitest";
import { z } from "zod";
import { controlCharacterAt, decimalString, id, idInput, pageQuery, PAYLOAD_MAX_DEPTH, signedDecimalString } from "./common";
import { productInput } from "./earn";
import { submit } from "./positions";

describe("the one id type", () => {
  it.each([
    [1, 1],
    ["1", 1],
    ["10", 10],
    [9_007_199_254_740_991, 9_007_199_254_740_991],
    ["9007199254740991", 9_007_199_254_740_991],
  ])("accepts %j as %d", (value, expected) => {
    expect(idInput.parse({ id: value }).id).toBe(expected);
  });

  it.each([[[1]], [true], ["0x10"], ["+5"], ["5."], [" 10 "], ["00010"], ["0"], [0], [-1], [1.5], ["1e3"], [""], [null], [{}], ["9007199254740993"], [2 ** 53 + 2]])(
    "refuses %j",
    (value) => {
      expect(idInput.safeParse({ id: value }).success).toBe(false);
    },
  );

  it("carries the message it was given, and the same rule for page numbers", () => {
    const result = z.object({ address_id: id({ message: "请先添加提现地址" }) }).safeParse({ address_id: "x" });
    expect(result.success || result.error.issues[0].message).toBe("请先添加提现地址");
    expect(pageQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(pageQuery.parse({ page: "2", limit: "50" })).toEqual({ page: 2, limit: 50 });
    expect(pageQuery.safeParse({ page: [2] }).success).toBe(false);
    expect(pageQuery.safeParse({ limit: "101" }).success).toBe(false);
  });
});

describe("control characters", () => {
  it("finds them in any string of a payload, keys included", () => {
    expect(controlCharacterAt({ account: "a\u0000b" })).toEqual(["account"]);
    expect(controlCharacterAt({ list: ["ok", "\u001b[31m"] })).toEqual(["list", "1"]);
    expect(controlCharacterAt({ nested: { deep: "\u007f" } })).toEqual(["nested", "deep"]);
    expect(controlCharacterAt({ "a\u0000": "x" })).toEqual(["a?"]);
    expect(controlCharacterAt({ c1: "\u0085" })).toEqual(["c1"]);
  });

  it("leaves text people type alone: tabs, line breaks, any language, emoji", () => {
    expect(controlCharacterAt({ reason: "line one\r\nline two\tend", name: "张三 Ünïcödé 💥", n: 5, b: true, z: null })).toBeNull();
  });
});

describe("the one money type", () => {
  it("accepts what NUMERIC(36,18) holds: 18 integer digits, 18 decimals", () => {
    for (const value of ["0", "1", "0.5", "9".repeat(18), `${"9".repeat(18)}.${"9".repeat(18)}`, "60000.12"]) {
      expect(decimalString.safeParse(value).success, value).toBe(true);
      expect(signedDecimalString.safeParse(`-${value}`).success, value).toBe(true);
    }
  });

  it("refuses what would overflow the column or is no plain decimal", () => {
    for (const value of ["9".repeat(19), `1${"0".repeat(18)}`, `0.${"0".repeat(18)}1`, "1e1", "0x10", "-1", "+1", "1.", ".5", "", "NaN"]) {
      expect(decimalString.safeParse(value).success, value).toBe(false);
    }
    expect(signedDecimalString.safeParse(`-${"9".repeat(19)}`).success).toBe(false);
    expect(decimalString.safeParse(1).success).toBe(false);
  });
});

describe("numbers in plain decimal only", () => {
  const leverage = submit.input.shape.leverage;
  it.each([[true], [[10]], ["1e1"], ["0x10"], [null], [false], [""], [[]], [10.5], ["10.0"]])("a leverage of %j is refused", (value) => {
    expect(leverage.safeParse(value).success).toBe(false);
  });
  it("a leverage of 10 or \"10\" is 10", () => {
    expect(leverage.parse(10)).toBe(10);
    expect(leverage.parse("10")).toBe(10);
  });
  it.each([["0x10"], ["1e1"], [true], [[7]], [""], [null]])("an earn product's days of %j are refused", (value) => {
    expect(productInput.shape.days.safeParse(value).success).toBe(false);
  });
  it.each([[null], [false], [""], [[]], [true], ["0x10"]])("a max_participants of %j is refused, not read as 0", (value) => {
    expect(productInput.shape.max_participants.safeParse(value).success).toBe(false);
    expect(productInput.shape.max_participants.parse(undefined)).toBe(0);
  });
});

describe("the payload depth limit", () => {
  it("names the path at the limit instead of walking 10,000 nested arrays", () => {
    const deep = JSON.parse(`{"a":${"[".repeat(10_000)}${"]".repeat(10_000)}}`);
    const path = controlCharacterAt(deep);
    expect(path?.length).toBe(PAYLOAD_MAX_DEPTH);
    expect(controlCharacterAt({ a: [[["ok"]]], b: { c: { d: 1 } } })).toBeNull();
  });
});
