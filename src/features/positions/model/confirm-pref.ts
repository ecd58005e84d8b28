import { useSyncExternalStore } from "react";

/**
 * Whether opening a leveraged position asks first (a sheet with its figures). On by default; the sheet's "don't ask
 * again" turns it off, the settings turn it back on. Kept on this device (a habit of the hand, not of the account).
 */
const KEY = "confirm-open-position";
const listeners = new Set<() => void>();

export function confirmsOpening(): boolean {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export function setConfirmsOpening(on: boolean): void {
  try {
    if (on) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, "off");
  } catch {
    // private mode: the choice lasts until the page reloads at most (nothing stored, so it asks again)
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useConfirmsOpening = () => useSyncExternalStore(subscribe, confirmsOpening);
