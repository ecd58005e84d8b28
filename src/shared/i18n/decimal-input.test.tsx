import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { decimalInput, shownDecimal, wireDecimal } from "./decimal-input";
import { activateLanguage } from "./i18n";

/** A decimal field keeps the wire form in state and shows the reader's sign; `wire` is what the state last held. */
let wire = "";
function Field({ start }: { start: string }) {
  const [value, setValue] = useState(start);
  wire = value;
  return <input aria-label="Amount" {...decimalInput(value, setValue)} />;
}
const field = () => screen.getByLabelText("Amount") as HTMLInputElement;

afterEach(() => act(() => activateLanguage("en")));

describe("decimal inputs", () => {
  it("show the wire's point as the reader's decimal sign, never grouping thousands", () => {
    const shown = [["0.5", "es"], ["0.0001", "pt"], ["0.5", "en"], ["1234567.5", "es"], ["", "es"]].map(([wire, language]) => shownDecimal(wire, language));
    expect(shown).toEqual(["0,5", "0,0001", "0.5", "1234567,5", ""]);
  });

  it("take a typed comma or point back to the wire form", () => {
    expect([wireDecimal("1,25"), wireDecimal("1.25"), wireDecimal("12")]).toEqual(["1.25", "1.25", "12"]);
  });

  it("in en keep the point, a typed comma included", () => {
    render(<Field start="0.5" />);
    expect(field().value).toBe("0.5");
    fireEvent.change(field(), { target: { value: "1,25" } });
    expect([wire, field().value]).toEqual(["1.25", "1.25"]);
  });

  it("in es show a comma, prefilled or typed, and accept a typed point, with the wire form in state", async () => {
    await act(() => activateLanguage("es"));
    render(<Field start="0.5" />);
    expect(field().value).toBe("0,5");
    fireEvent.change(field(), { target: { value: "1,25" } });
    expect([wire, field().value]).toEqual(["1.25", "1,25"]);
    fireEvent.change(field(), { target: { value: "1.5" } });
    expect([wire, field().value]).toEqual(["1.5", "1,5"]);
  });

  it("keep the caret where the sign was typed when it is swapped for the reader's", async () => {
    await act(() => activateLanguage("es"));
    render(<Field start="125" />);
    fireEvent.change(field(), { target: { value: "12.5", selectionStart: 3, selectionEnd: 3 } });
    expect([wire, field().value, field().selectionStart]).toEqual(["12.5", "12,5", 3]);
  });
});
