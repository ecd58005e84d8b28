import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@lingui/core";
import { ageText } from "./market-parts";
import { breakEven } from "./options-periods-page";

afterEach(() => i18n.activate("en"));

describe("back office market formatting", () => {
  it("says how old a tick is", () => {
    expect(ageText(null)).toBe("-");
    expect(ageText(820)).toBe("0.8 s");
    expect(ageText(42_000)).toBe("42 s");
    expect(ageText(180_000)).toBe("3 min");
    expect(ageText(7_200_000)).toBe("2 h");
  });
});

// The back office writes its figures in the operator's language as the app does: no toFixed's "." in es.
describe("back-office figures in the operator's digits", () => {
  it.each([
    ["en", 1500, "1.5 s"],
    ["es", 1500, "1,5 s"],
    ["zh", 800, "0.8 s"],
    ["es", 42_000, "42 s"],
  ])("in %s, a tick %i ms old reads %s", (language, ms, expected) => {
    i18n.loadAndActivate({ locale: language, messages: {} });
    expect(ageText(ms)).toBe(expected);
  });

  it.each([
    ["en", "0.9", "52.63%"],
    ["es", "0.9", "52,63%"],
    ["zh", "0.85", "54.05%"],
    ["es", "0", "-"],
  ])("in %s, a payout rate of %s breaks even at %s", (language, rate, expected) => {
    i18n.loadAndActivate({ locale: language, messages: {} });
    expect(breakEven(rate)).toBe(expected);
  });
});
