/**
 * The PWA's start, after the first render: the browser's theme colour follows the app's theme, and (once the page
 * has loaded and the main thread is idle) workbox-window loads and registers the service worker.
 */
import { navigate } from "@/shared/lib/navigation";
import { store, themeAtom } from "@/shared/state/store";

let started = false;

export function startPwa(): void {
  if (started) return;
  started = true;
  keepThemeColour();
  // The dev server builds no worker (vite-plugin-pwa's dev mode is off): register in builds only.
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () =>
    void import("@/shared/pwa/register").then(({ registerServiceWorker }) =>
      registerServiceWorker({
        onNoticesChanged: () => void import("@/features/content/api/unread-count").then((m) => m.refreshUnread()),
        onOpenPath: (path) => navigate(path),
      }),
    );
  const whenIdle = () => ("requestIdleCallback" in window ? window.requestIdleCallback(register, { timeout: 3000 }) : setTimeout(register, 500));
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/** The browser's bar (theme-color) follows the app's light or dark theme. */
function keepThemeColour(): void {
  const apply = () => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    const background = getComputedStyle(document.documentElement).getPropertyValue("--bg").trim();
    if (meta && background) meta.content = background;
  };
  apply();
  store.sub(themeAtom, apply);
}
