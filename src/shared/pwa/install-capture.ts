/**
 * Chrome's `beforeinstallprompt` fires once the app is installable (manifest + service worker): the PWA's parts
 * import this file right after the first render, before the worker is registered, so the event is kept (and the
 * browser's own mini-infobar stays quiet) until the account menu offers "Install app" (./install.ts).
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export const installState: { deferred: BeforeInstallPromptEvent | null; installed: boolean; listeners: Set<() => void> } = {
  deferred: null,
  installed: false,
  listeners: new Set(),
};

const notify = () => installState.listeners.forEach((listener) => listener());

if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installState.deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener("appinstalled", () => {
    installState.deferred = null;
    installState.installed = true;
    notify();
  });
}
