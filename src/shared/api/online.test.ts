import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "./client";
import { NetworkError } from "./errors";
import { isOnline, reportReachable } from "./online";
import { store, toastsAtom } from "../state/store";
import { answerOk } from "../testing/answers";

let deviceOnline = true;
Object.defineProperty(navigator, "onLine", { configurable: true, get: () => deviceOnline });

const fetchMock = vi.fn<(req: Request) => Promise<Response>>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  store.set(toastsAtom, []);
  deviceOnline = true;
  reportReachable();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ok = (headers: Record<string, string> = {}) => answerOk(1, headers);

describe("is the server reachable", () => {
  it("goes offline when a request gets no answer, marks the page, and comes back with the next live answer", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(request("currency/quotation_new", { silent: true })).rejects.toBeInstanceOf(NetworkError);
    expect(isOnline()).toBe(false);
    expect(document.documentElement.hasAttribute("data-offline")).toBe(true);

    // An answer from the service worker's cache proves nothing about the server.
    fetchMock.mockResolvedValueOnce(ok({ "x-sw-cache": "hit" }));
    await request("currency/quotation_new", { silent: true });
    expect(isOnline()).toBe(false);

    fetchMock.mockResolvedValueOnce(ok());
    await request("currency/quotation_new", { silent: true });
    expect(isOnline()).toBe(true);
    expect(document.documentElement.hasAttribute("data-offline")).toBe(false);
  });

  it("probes the server every 10 s while it seems unreachable", async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(request("user/info", { silent: true })).rejects.toBeInstanceOf(NetworkError);
    fetchMock.mockResolvedValueOnce(new Response("{}", { status: 200 }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(String(fetchMock.mock.calls.at(-1)![0])).toMatch(/api\/health$/);
    expect(isOnline()).toBe(true);
  });

  it("refuses an upload while the device is offline, with a toast, and sends nothing", async () => {
    deviceOnline = false;
    window.dispatchEvent(new Event("offline"));
    await expect(request("wallet/charge_req", { method: "POST", auth: true, files: { voucher: new Blob(["x"]) } })).rejects.toBeInstanceOf(NetworkError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(["You're offline. This needs a connection; nothing was sent."]);
    expect(isOnline()).toBe(false);
    deviceOnline = true;
    window.dispatchEvent(new Event("online"));
    expect(isOnline()).toBe(true);
  });
});
