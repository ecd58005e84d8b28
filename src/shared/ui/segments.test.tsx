import { useState } from "react";
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { Segments } from "./segments";

/** The segmented control as screen readers and the tests of every screen find it: by its roles, its label and its choice. */

function Sides({ as }: { as: "tabs" | "radio" }) {
  const [side, setSide] = useState<"buy" | "sell">("buy");
  return (
    <Segments
      as={as}
      label="Side"
      value={side}
      onChange={setSide}
      segments={[
        { value: "buy", label: "Buy", attrs: { "data-testid": "side-buy" } },
        { value: "sell", label: "Sell", className: "seg-sell" },
      ]}
    />
  );
}

describe("Segments", () => {
  it("as tabs: a tablist whose chosen tab is selected, and a click chooses another", () => {
    render(<Sides as="tabs" />);
    expect(screen.getByRole("tablist", { name: "Side" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Buy" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.click(screen.getByRole("tab", { name: "Sell" }));
    expect(screen.getByRole("tab", { name: "Sell" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Buy" }).getAttribute("aria-selected")).toBe("false");
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("as a radio: a radiogroup whose chosen radio is checked, keeping each button's class and data attributes", () => {
    render(<Sides as="radio" />);
    expect(screen.getByRole("radiogroup", { name: "Side" })).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Sell" }));
    expect(screen.getByRole("radio", { name: "Sell" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("radio", { name: "Sell" }).className).toBe("segments__item seg-sell");
    expect(screen.getByTestId("side-buy").getAttribute("aria-checked")).toBe("false");
    expect(screen.queryByRole("tab")).toBeNull();
  });
});
