import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitsColumn, money, toFixedDown, toWire } from "./money";

/** toWire's string path (no Decimal built) must answer exactly what decimal.js answers. */
const viaDecimal = (value: string) => {
  const d = money(value);
  return d.isZero() ? "0" : d.toFixed();
};

describe("toWire", () => {
  it.each([
    ["0", "0"],
    ["0.000000000000000000", "0"],
    ["-0.000", "0"],
    ["100.000000000000000000", "100"],
    ["100.050000000000000000", "100.05"],
    ["-12.5", "-12.5"],
    ["0.000000000000000001", "0.000000000000000001"],
    ["007.50", "7.5"],
    ["1e3", "1000"],
  ])("writes %s as %s", (value, wire) => {
    expect(toWire(value)).toBe(wire);
  });

  it("property: a NUMERIC column's text comes out as decimal.js writes it", () => {
    const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
    const numeric = fc
      .tuple(fc.boolean(), digits(1, 18), fc.option(digits(1, 18)))
      .map(([negative, whole, fraction]) => `${negative ? "-" : ""}${whole.replace(/^0+(?=\d)/, "")}${fraction === null ? "" : `.${fraction}`}`);
    fc.assert(fc.property(numeric, (value) => toWire(value) === viaDecimal(value)), { numRuns: 5_000 });
  });
});

describe("toFixedDown", () => {
  it.each([
    ["-0.001", 2, "-0.00"],
    ["-0.000", 2, "0.00"],
    ["-1.239", 2, "-1.23"],
    ["5", 2, "5.00"],
    ["5.999", 0, "5"],
    ["60000.000000000000000000", 2, "60000.00"],
  ])("writes %s at %i decimals as %s", (value, places, fixed) => {
    expect(toFixedDown(value, places)).toBe(fixed);
  });

  it("property: cuts a NUMERIC column's text as decimal.js does", () => {
    const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
    const numeric = fc
      .tuple(fc.boolean(), digits(1, 18), fc.option(digits(1, 18)))
      .map(([negative, whole, fraction]) => `${negative ? "-" : ""}${whole.replace(/^0+(?=\d)/, "")}${fraction === null ? "" : `.${fraction}`}`);
    fc.assert(fc.property(numeric, fc.integer({ min: 0, max: 12 }), (value, places) => toFixedDown(value, places) === money(value).toFixed(places)), { numRuns: 5_000 });
  });
});

describe("fitsColumn", () => {
  it.each([
    ["999999999999999999.999999999999999999", true],
    ["-999999999999999999.999999999999999999", true],
    ["1e18", false],
    ["-1e18", false],
    ["1000000000000000000.5", false],
    ["0", true],
    ["-0", true],
    ["0.000000000000000001", true],
    ["0.0000000000000000001", false],
    ["NaN", false],
    ["Infinity", false],
  ])("%s fits NUMERIC(36,18): %s", (value, fits) => {
    expect(fitsColumn(money(value))).toBe(fits);
  });

  it("agrees with |value| < 10^18 and at most 18 decimals", () => {
    const value = fc.tuple(fc.integer({ min: -20, max: 20 }), fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n })).map(([exponent, digits]) => money(`${digits}e${exponent}`));
    fc.assert(fc.property(value, (v) => fitsColumn(v) === (v.decimalPlaces() <= 18 && v.abs().lt("1e18"))), { numRuns: 5_000 });
  });
});
