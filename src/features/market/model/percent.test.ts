import { describe, expect, it } from "vitest";
import { percentChange } from "./percent";

describe("the readout's change", () => {
  it("is (close - open) / open in percent on the digits, to 4 places, towards zero", () => {
    expect(percentChange("100", "101.5")).toBe("1.5000");
    expect(percentChange("3", "2")).toBe("-33.3333");
    expect(percentChange("0.1", "0.3")).toBe("200.0000");
    expect(percentChange("60000.01", "60000.01")).toBe("0.0000");
    expect(percentChange("0", "5")).toBeNull();
    expect(percentChange("abc", "5")).toBeNull();
  });
});
