import { describe, expect, it } from "vitest";
import { z } from "zod";
import { controlCharacterAt, id, idInput, pageQuery } from "./common";

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
