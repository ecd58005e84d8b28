import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { renderScreen } from "../testing/render-screen";
import { PricesPaused } from "./prices-paused";

const quote = (over: Partial<{ trading: boolean; paused: boolean; tick_age_ms: number | null }> = {}) => ({ trading: true, paused: false, tick_age_ms: 1_000, tick_max_age_ms: 5_000, ...over });

afterEach(() => {
  vi.useRealTimers();
});

describe("prices paused", () => {
  it("says nothing while the tick is fresh, and says paused with its age as soon as the server does", () => {
    const { rerender } = renderScreen(<PricesPaused quote={quote()} />);
    expect(screen.queryByTestId("prices-paused")).toBeNull();
    rerender(<PricesPaused quote={quote({ trading: false, paused: true, tick_age_ms: 6_500 })} />);
    expect(screen.getByTestId("prices-paused").textContent).toContain("6 s");
  });

  it("ages a quote no update refreshes: a silent feed is shown paused, never live", () => {
    vi.useFakeTimers();
    renderScreen(<PricesPaused quote={quote({ tick_age_ms: 3_000 })} />);
    expect(screen.queryByTestId("prices-paused")).toBeNull();
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId("prices-paused").textContent).toContain("6 s");
  });

  it("a pair switched off is not 'paused' (its own notice says so)", () => {
    renderScreen(<PricesPaused quote={quote({ trading: false, tick_age_ms: 60_000 })} />);
    expect(screen.queryByTestId("prices-paused")).toBeNull();
  });
});
