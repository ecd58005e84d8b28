/**
 * Installing the app: the browser's prompt captured early (./install-capture.ts) and offered from the account
 * menu; iOS Safari has no such prompt, so it gets a hint instead ("Share, then Add to Home Screen").
 */
import { useSyncExternalStore } from "react";
import { installState } from "./install-capture";

const notify = () => installState.listeners.forEach((listener) => listener());

/** Already running as an installed app (home-screen launch). */
export function isStandalone(): boolean {
  if (typeof window === "undefined") return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof matchMedia === "function" && matchMedia("(display-mode: standalone)").matches);
}

/** iPhone and iPad (iPadOS reports itself as a Mac with touch), where installing goes through the Share menu. */
export function isIos(ua = typeof navigator === "undefined" ? "" : navigator.userAgent, touchPoints = typeof navigator === "undefined" ? 0 : navigator.maxTouchPoints): boolean {
  return /iphone|ipad|ipod/i.test(ua) || (/macintosh/i.test(ua) && touchPoints > 1);
}

export type InstallOffer = "prompt" | "ios-hint" | null;

function currentOffer(): InstallOffer {
  if (installState.installed || isStandalone()) return null;
  if (installState.deferred) return "prompt";
  return isIos() ? "ios-hint" : null;
}

/** How this browser can install the app now: the browser's prompt, the iOS hint, or not at all. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(
    (listener) => {
      installState.listeners.add(listener);
      return () => installState.listeners.delete(listener);
    },
    currentOffer,
    () => null,
  );
}

/** Shows the browser's install dialog; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = installState.deferred;
  if (!event) return false;
  installState.deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  notify();
  return outcome === "accepted";
}
