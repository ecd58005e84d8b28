import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { PUSH_KINDS } from "@contract/push-kinds";
import { renderScreen } from "@/shared/testing/render-screen";
import { PushKinds } from "./push-kinds";

const server = vi.hoisted(() => ({
  kinds: {} as Record<string, boolean>,
  get: vi.fn(),
  save: vi.fn(),
  support: "supported" as string,
}));
vi.mock("../api/push", async () => {
  const { default: useSWR } = await import("swr");
  return {
    savePushSettings: server.save,
    usePushSettings: (enabled: boolean) => useSWR(enabled ? "push/settings" : null, server.get),
  };
});
vi.mock("../model/device", () => ({ pushSupport: () => server.support }));

beforeEach(() => {
  server.kinds = Object.fromEntries(PUSH_KINDS.map((k) => [k, true]));
  server.get.mockReset().mockImplementation(async () => ({ kinds: { ...server.kinds } }));
  server.save.mockReset().mockImplementation(async ({ kinds }: { kinds: Record<string, boolean> }) => {
    Object.assign(server.kinds, kinds);
    return { kinds: { ...server.kinds } };
  });
  server.support = "supported";
});

describe("PushKinds", () => {
  it("is every kind off and disabled until notifications are allowed on this device, saying why", async () => {
    renderScreen(<PushKinds active={false} />);
    const switches = screen.getAllByRole("switch");
    expect(switches).toHaveLength(PUSH_KINDS.length);
    for (const toggle of switches) {
      expect(toggle.getAttribute("aria-checked")).toBe("false");
      expect((toggle as HTMLButtonElement).disabled).toBe(true);
    }
    expect(screen.getByTestId("push-kinds-hint")).toBeTruthy();
    expect(server.get).not.toHaveBeenCalled();
  });

  it("once allowed shows the account's choice and saves a change of one kind", async () => {
    server.kinds.loan = false;
    renderScreen(<PushKinds active />);
    const margin = await screen.findByRole("switch", { name: "Margin warnings" });
    await waitFor(() => expect(margin.getAttribute("aria-checked")).toBe("true"));
    expect(screen.getByRole("switch", { name: "Loans" }).getAttribute("aria-checked")).toBe("false");
    fireEvent.click(margin);
    await waitFor(() => expect(margin.getAttribute("aria-checked")).toBe("false"));
    expect(server.save).toHaveBeenCalledWith({ kinds: { margin_warning: false } }, { loading: false });
  });

  it.each([
    ["needs-install", /Home Screen \(iOS 16.4 or later\)/],
    ["unsupported", /can't receive notifications while the app is closed/],
  ])("says what the platform lacks (%s)", (support, text) => {
    server.support = support;
    renderScreen(<PushKinds active={false} />);
    expect(screen.getByTestId("push-unsupported").textContent).toMatch(text);
    expect(screen.queryByTestId("push-kinds-hint")).toBeNull();
  });
});
