import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { clear, get } from "idb-keyval";
import { callsDone } from "@/shared/api/calls-done";

const callDone = (path: string) => callsDone.forEach((listener) => listener(path));
import { renderScreen } from "@/shared/testing/render-screen";
import { PushWatch } from "./push-watch";

const device = vi.hoisted(() => ({ support: "supported" as string, subscribe: vi.fn(async () => true) }));
vi.mock("../model/device", () => ({ pushSupport: () => device.support, subscribeDevice: device.subscribe }));

const permission = { value: "default" as NotificationPermission, request: vi.fn(async (): Promise<NotificationPermission> => "granted") };

beforeEach(async () => {
  await clear();
  device.support = "supported";
  device.subscribe.mockClear();
  permission.value = "default";
  permission.request.mockClear();
  vi.stubGlobal("Notification", {
    get permission() {
      return permission.value;
    },
    requestPermission: permission.request,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const offer = () => screen.queryByRole("dialog", { name: "Know when your orders fill" });

describe("PushWatch", () => {
  it("offers notifications after the first trade, not before, and subscribes the device when allowed", async () => {
    renderScreen(<PushWatch />);
    act(() => callDone("wallet/list"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(offer()).toBeNull();

    act(() => callDone("coin/trade"));
    await waitFor(() => expect(offer()).not.toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Allow notifications" }));
    await waitFor(() => expect(offer()).toBeNull());
    expect(permission.request).toHaveBeenCalledOnce();
    expect(device.subscribe).toHaveBeenCalledOnce();
    expect(await get("notify")).toBe(true);
  });

  it("is offered once: after Later, a later trade asks nothing", async () => {
    renderScreen(<PushWatch />);
    act(() => callDone("lever/submit"));
    await waitFor(() => expect(offer()).not.toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Later" }));
    await waitFor(() => expect(offer()).toBeNull());
    expect(permission.request).not.toHaveBeenCalled();
    act(() => callDone("microtrade/submit"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(offer()).toBeNull();
  });

  it.each([
    ["the platform has no push", () => void (device.support = "needs-install")],
    ["the user already decided", () => void (permission.value = "denied")],
  ])("offers nothing when %s", async (_what, arrange) => {
    arrange();
    renderScreen(<PushWatch />);
    act(() => callDone("coin/trade"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(offer()).toBeNull();
  });
});
