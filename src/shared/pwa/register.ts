/**
 * Registers the service worker through workbox-window. Loaded with a dynamic import after the first render, so
 * neither workbox-window nor the registration weighs on the first screen.
 *  - a waiting worker (a new version) goes to the update prompt (updates.ts); the page reloads only after the user
 *    chose to, once the new worker controls it;
 *  - the worker's messages: "notices changed" (after a background sync) and "open this path" (a notification tap);
 *  - periodic background sync of notices where the browser offers it (Chrome, installed app);
 *  - update checks when the app comes back to the foreground (at most every 30 minutes).
 */
import { Workbox } from "workbox-window";
import { shouldReloadOnControl, updateWaiting } from "./updates";
import { trackForms } from "./busy";
import { NOTICE_SYNC_MIN_INTERVAL_MS, NOTICE_SYNC_TAG } from "./notices";

const UPDATE_CHECK_MS = 30 * 60_000;

export interface RegisterOptions {
  /** The worker found new notices in the background: refresh the unread count. */
  onNoticesChanged(): void;
  /** A notification was tapped: show this route. */
  onOpenPath(path: string): void;
}

interface PeriodicSyncManager {
  register(tag: string, options: { minInterval: number }): Promise<void>;
}

export async function registerServiceWorker(options: RegisterOptions): Promise<Workbox | null> {
  if (!("serviceWorker" in navigator)) return null;
  trackForms();
  const wb = new Workbox(new URL("sw.js", document.baseURI).href, { scope: "./" });

  wb.addEventListener("waiting", () => updateWaiting({ activate: () => wb.messageSkipWaiting() }));
  wb.addEventListener("controlling", () => {
    // Only the page whose user chose "Reload" reloads (a first install also takes control, with nothing to reload).
    if (shouldReloadOnControl()) window.location.reload();
  });
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: string; path?: string }>) => {
    if (event.data?.type === "NOTICES_CHANGED") options.onNoticesChanged();
    if (event.data?.type === "OPEN_PATH" && typeof event.data.path === "string") options.onOpenPath(event.data.path);
  });

  const registration = await wb.register();
  if (!registration) return wb;
  void registerNoticeSync(registration);

  let lastCheck = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - lastCheck < UPDATE_CHECK_MS) return;
    lastCheck = Date.now();
    void wb.update().catch(() => undefined);
  });
  return wb;
}

/** Periodic background sync needs the browser's permission (Chrome grants it to installed apps). */
async function registerNoticeSync(registration: ServiceWorkerRegistration): Promise<void> {
  const periodicSync = (registration as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager }).periodicSync;
  if (!periodicSync) return;
  try {
    const status = await navigator.permissions.query({ name: "periodic-background-sync" as PermissionName });
    if (status.state !== "granted") return;
    await periodicSync.register(NOTICE_SYNC_TAG, { minInterval: NOTICE_SYNC_MIN_INTERVAL_MS });
  } catch {
    // Not offered here: focus, reconnect and the socket keep notices fresh while the app is open.
  }
}
