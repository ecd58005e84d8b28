import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { leaveDraft, takeHandoff } from "@/shared/lib/location";
import { renderScreen } from "@/shared/testing/render-screen";

function renderAt(url: string, children: ReactNode) {
  const { hook, searchHook } = memoryLocation({ path: url, static: true });
  renderScreen(
    <Router hook={hook} searchHook={searchHook}>
      {children}
    </Router>,
  );
}

function stubGeolocation(answer: { latitude: number; longitude: number } | { denied: true }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if ("denied" in answer) fail({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: "denied" } as GeolocationPositionError);
    else ok({ coords: { latitude: answer.latitude, longitude: answer.longitude, accuracy: 10 }, timestamp: 0 } as unknown as GeolocationPosition);
  });
  Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("choose-location", () => {
  it("hands the device's position back to the screen that asked, beside its draft", async () => {
    const { ChooseLocationPage } = await import("./choose-location-page");
    stubGeolocation({ latitude: 40.4167754, longitude: -3.7037902 });
    leaveDraft("card", { bank_name: "Banco" });
    renderAt("/choose-location?key=card", <ChooseLocationPage />);
    const use = screen.getByRole("button", { name: "Use this location" }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: /Use my current position/ }));
    expect((await screen.findByTestId("chosen-coordinates")).textContent).toContain("40.416775, -3.70379");
    fireEvent.click(use);
    const handed = takeHandoff<{ bank_name: string }>("card");
    expect(handed).toEqual({ draft: { bank_name: "Banco" }, place: { name: "", address: "40.416775, -3.70379", latitude: 40.416775, longitude: -3.70379 } });
    expect(takeHandoff("card")).toBeNull(); // taken once
  });

  it("says so when location is refused, and takes an address typed by hand", async () => {
    const { ChooseLocationPage } = await import("./choose-location-page");
    stubGeolocation({ denied: true });
    renderAt("/choose-location?key=card", <ChooseLocationPage />);
    fireEvent.click(screen.getByRole("button", { name: /Use my current position/ }));
    expect((await screen.findByRole("alert")).textContent).toContain("Location access is off");
    // Greyed out without an address or a position, it says why beside it.
    expect(screen.getByTestId("disabled-reason").textContent).toBe("Enter an address or use your current position.");
    fireEvent.change(screen.getByLabelText("Address"), { target: { value: "  Calle Mayor 1, Madrid " } });
    expect(screen.queryByTestId("disabled-reason")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Use this location" }));
    await waitFor(() => expect(takeHandoff("card")?.place).toEqual({ name: "", address: "Calle Mayor 1, Madrid", latitude: null, longitude: null }));
  });
});

describe("open-location", () => {
  it("shows name, address and coordinates with links to the maps app and the web map", async () => {
    const { OpenLocationPage } = await import("./open-location-page");
    renderAt("/open-location?name=Office&address=Calle%20Mayor%201&latitude=40.4168&longitude=-3.7038", <OpenLocationPage />);
    expect(screen.getByText("Office")).toBeTruthy();
    expect(screen.getByText("Calle Mayor 1")).toBeTruthy();
    expect(screen.getByText("40.4168, -3.7038")).toBeTruthy();
    expect(screen.getByTestId("open-maps-app").getAttribute("href")).toBe("geo:40.4168,-3.7038?q=40.4168%2C-3.7038(Office)");
    expect(screen.getByTestId("open-web-map").getAttribute("href")).toBe("https://www.openstreetmap.org/?mlat=40.4168&mlon=-3.7038#map=17/40.4168/-3.7038");
  });

  it("ignores coordinates out of range and searches the address instead", async () => {
    const { OpenLocationPage } = await import("./open-location-page");
    renderAt("/open-location?address=Calle%20Mayor%201&latitude=123&longitude=5", <OpenLocationPage />);
    expect(screen.queryByText("Coordinates")).toBeNull();
    expect(screen.getByTestId("open-maps-app").getAttribute("href")).toBe("geo:0,0?q=Calle%20Mayor%201");
    expect(screen.getByTestId("open-web-map").getAttribute("href")).toBe("https://www.openstreetmap.org/search?query=Calle%20Mayor%201");
  });

  it("says there is nothing to show without a place", async () => {
    const { OpenLocationPage } = await import("./open-location-page");
    renderAt("/open-location", <OpenLocationPage />);
    expect(screen.getByText("No place to show.")).toBeTruthy();
  });
});
