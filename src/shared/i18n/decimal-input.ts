import type { ChangeEvent } from "react";
import { decimalSign } from "./format";

/**
 * An amount or price input keeps the wire form in state ("0.5", a point, as the checks and the API take it) and shows
 * it with the reader's decimal sign ("0,5" in es), so the field reads like every figure the formatters print around it.
 * Both signs are accepted as typed, in every language, and thousands are never grouped inside an input.
 */

/** A wire decimal as the reader writes it ("0.5" -> "0,5" in es). */
export const shownDecimal = (wire: string, language?: string): string => wire.replace(".", decimalSign(language));

/** What was typed back to the wire form: a comma or a point both mean the decimal sign ("1,25" -> "1.25"). */
export const wireDecimal = (typed: string): string => typed.replace(",", ".");

/**
 * The props of a decimal input holding `wire`: spread them on the field. When the typed sign is not the shown one
 * (a "." typed in es) the field is rewritten here with the caret kept where it was: only one character changes, so
 * the length is the same, and React, finding the value it would set, leaves the caret alone instead of sending it
 * to the end.
 */
export function decimalInput(wire: string, onWire: (wire: string) => void) {
  return {
    inputMode: "decimal" as const,
    autoComplete: "off",
    value: shownDecimal(wire),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const input = e.target;
      const typed = wireDecimal(input.value);
      const shown = shownDecimal(typed);
      if (input.value !== shown) {
        const { selectionStart, selectionEnd } = input;
        input.value = shown;
        input.setSelectionRange(selectionStart, selectionEnd);
      }
      onWire(typed);
    },
  };
}
