import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { formatDateTime, formatRate } from "../i18n/format";
import { renderScreen } from "../testing/render-screen";
import { UpcomingTerms } from "./upcoming-terms";

const change = { id: 3, term: "spread_rate" as const, from: "0.0004", to: "0.002", announced_at: 1_764_158_400, effective_at: 1_764_244_800 };

describe("upcoming term changes on a ticket", () => {
  it("says nothing without an announced change", () => {
    renderScreen(<UpcomingTerms changes={[]} />);
    expect(screen.queryByTestId("upcoming-term")).toBeNull();
    renderScreen(<UpcomingTerms changes={undefined} />);
    expect(screen.queryByTestId("upcoming-term")).toBeNull();
  });

  it("names the spread's old and new rate and when it takes effect", () => {
    renderScreen(<UpcomingTerms changes={[change]} />);
    const text = screen.getByTestId("upcoming-term").textContent ?? "";
    expect(text).toContain(`Spread changes from ${formatRate("0.0004")} to ${formatRate("0.002")} on ${formatDateTime(change.effective_at)}`);
  });
});
