import { afterEach, describe, expect, it } from "vitest";
import type { ChangeEvent } from "react";
import { decimalInput, shownDecimal, wireDecimal } from "./decimal-input";
import { activateLanguage } from "./i18n";

const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

afterEach(() => activateLanguage("en"));

describe("decimal inputs", () => {
  it("show the wire's point as the reader's decimal sign, never grouping thousands", () => {
    const shown = [["0.5", "es"], ["0.0001", "pt"], ["0.5", "en"], ["1234567.5", "es"], ["", "es"]].map(([wire, language]) => shownDecimal(wire, language));
    expect(shown).toEqual(["0,5", "0,0001", "0.5", "1234567,5", ""]);
  });

  it("take a typed comma or point back to the wire form", () => {
    expect(wireDecimal("1,25")).toBe("1.25");
    expect(wireDecimal("1.25")).toBe("1.25");
    expect(wireDecimal("12")).toBe("12");
  });

  it("keep the wire form in state and show the reader's form", () => {
    let wire = "";
    const field = () => decimalInput(wire, (next) => (wire = next));
    field().onChange(typed("1,25"));
    expect(wire).toBe("1.25");
    field().onChange(typed("0.5"));
    expect(wire).toBe("0.5");
    expect(field().inputMode).toBe("decimal");
    expect(field().value).toBe("0.5");
  });

  it("show the current language's sign and accept both signs typed in es", async () => {
    await activateLanguage("es");
    let wire = "0.5";
    const field = () => decimalInput(wire, (next) => (wire = next));
    expect(field().value).toBe("0,5");
    field().onChange(typed("1,25"));
    expect(wire).toBe("1.25");
    field().onChange(typed("1.5"));
    expect(wire).toBe("1.5");
    expect(field().value).toBe("1,5");
  });
});
