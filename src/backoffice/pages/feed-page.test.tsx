import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OperatorRole } from "@contract/backoffice";
import type { FeedVenue } from "@contract/market";
import { renderScreen } from "@/shared/testing/render-screen";
import { FeedPage } from "./feed-page";

const api = vi.hoisted(() => ({ role: "admin" as OperatorRole, feed: vi.fn(), switchVenue: vi.fn() }));
vi.mock("../api", () => ({ useMe: () => ({ data: { id: 1, name: "root", role: api.role } }) }));
vi.mock("../market-api", () => ({ getFeedStatus: api.feed, switchVenue: api.switchVenue }));

const venue = (id: string, name: string, extra: Partial<FeedVenue> = {}): FeedVenue => ({
  id, name, source: "okx", connected: true, fee_rate: "0.001", pairs: 10, last_quote_at: 1_700_000_000,
  off: false, switchable: true, reconnects: 0, messages_per_s: 12.5, last_tick_at_ms: 1_700_000_000_000, tick_age_ms: 400, ...extra,
});
const status = (venues: FeedVenue[]) => ({ source: "sim", leader: true, live: true, bus: "local", venues, pairs: [], tick_retention_hours: 72, time_ms: 1_700_000_000_400 });

function renderPage(role: OperatorRole, venues: FeedVenue[]) {
  api.role = role;
  api.feed.mockResolvedValue(status(venues));
  return renderScreen(<FeedPage />);
}

describe("FeedPage", () => {
  it("lists each venue's connection, tick age, messages per second and reconnects", async () => {
    renderPage("support", [venue("okx", "OKX", { reconnects: 3 }), venue("bybit", "Bybit", { connected: false, tick_age_ms: null, last_tick_at_ms: null, messages_per_s: 0 }), venue("sim-a", "Demo venue A", { source: "sim", switchable: false })]);
    const okx = await screen.findByTestId("venue-okx");
    expect(within(okx).getByTestId("venue-connected").textContent).toBe("Connected");
    expect(within(okx).getByTestId("venue-age").textContent).toBe("0.4 s");
    expect(within(okx).getByTestId("venue-rate").textContent).toBe("12.5");
    expect(within(okx).getByTestId("venue-reconnects").textContent).toBe("3");
    const bybit = screen.getByTestId("venue-bybit");
    expect(within(bybit).getByTestId("venue-connected").textContent).toBe("Disconnected");
    expect(within(bybit).getByTestId("venue-age").textContent).toBe("-");
    // Only an admin switches a venue.
    expect(screen.queryAllByTestId("venue-switch")).toHaveLength(0);
  });

  it("lets an admin switch a crypto venue off with a reason, never the simulator", async () => {
    api.switchVenue.mockResolvedValue({ venue: "bybit", off: true });
    renderPage("admin", [venue("okx", "OKX"), venue("bybit", "Bybit"), venue("sim-a", "Demo venue A", { source: "sim", switchable: false })]);
    const bybit = await screen.findByTestId("venue-bybit");
    expect(within(screen.getByTestId("venue-sim-a")).queryByTestId("venue-switch")).toBeNull();
    fireEvent.click(within(bybit).getByTestId("venue-switch"));
    const dialog = await screen.findByRole("dialog", { name: "Switch Bybit off" });
    fireEvent.change(within(dialog).getByLabelText("Reason (audit log)"), { target: { value: "bad prints" } });
    api.feed.mockResolvedValue(status([venue("okx", "OKX"), venue("bybit", "Bybit", { off: true })]));
    fireEvent.click(within(dialog).getByTestId("venue-switch-confirm"));
    await waitFor(() => expect(api.switchVenue).toHaveBeenCalledWith({ venue: "bybit", off: true, reason: "bad prints" }));
    await waitFor(() => expect(within(screen.getByTestId("venue-bybit")).getByTestId("venue-off").textContent).toBe("Switched off"));
    expect(within(screen.getByTestId("venue-bybit")).getByTestId("venue-switch").textContent).toBe("Switch on");
  });
});
