/**
 * Is the server reachable? `navigator.onLine` says when the device has no network at all; a device can also be
 * "online" with no route to the server (a captive portal, a dead tunnel). So the client reports every answer
 * (reachable) and every network failure (unreachable); while unreachable, `api/health` is probed every 10 s.
 * Screens read it with `useOnline()` (the offline bar); actions that need the server are refused while the device
 * is offline (use-action.ts, uploads in client.ts): nothing is queued to run later.
 */
import { useSyncExternalStore } from "react";

let unreachable = false;
let current = true;
const listeners = new Set<() => void>();

/** The device has a network (the browser says so). */
export const deviceOnline = (): boolean => navigator.onLine !== false;

function update(): void {
  const next = deviceOnline() && !unreachable;
  document.documentElement.toggleAttribute("data-offline", !next);
  if (next === current) return;
  current = next;
  listeners.forEach((listener) => listener());
}

/** True while the device has a network and the server answers. */
export const isOnline = (): boolean => current;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);

/** The server answered (any answer, even a refusal). */
export function reportReachable(): void {
  unreachable = false;
  update();
}

/** A request got no answer at all. */
export function reportUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  update();
  const probe = () =>
    unreachable &&
    fetch(new URL("api/health", document.baseURI), { cache: "no-store" })
      .then((response) => (response.ok ? reportReachable() : setTimeout(probe, 10_000)))
      .catch(() => setTimeout(probe, 10_000));
  setTimeout(probe, 10_000);
}

if (typeof window !== "undefined") {
  // The network is back: give the server the benefit of the doubt; the next failure says otherwise.
  window.addEventListener("online", reportReachable);
  window.addEventListener("offline", update);
  update();
}
