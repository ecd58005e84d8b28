/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest from this file; Workbox modules, no React).
 *
 *  - Precache: the app shell, every chunk of the user app, icons and manifest (the list is injected at build time;
 *    the back office is left out: it is never needed offline). Navigations get the precached index.html.
 *  - Runtime caches hold PUBLIC data only: quotes and klines (network first, a recent copy offline), news lists and
 *    items (POST calls, cached under a GET key derived from their body), and same-origin images (cache first,
 *    bounded). A request carrying `Authorization` is never cached here: a user's private data is kept, per user,
 *    in the app's own IndexedDB copy (src/shared/api/swr.ts), which logout clears.
 *  - Answers served from a cache carry `x-sw-cache: hit`, so the app does not take them for a live server.
 *  - Updates: a new worker waits until the page asks it to take over (`SKIP_WAITING`, after the user chose to
 *    reload); nothing reloads a page by itself.
 *  - Notices: a periodic background sync asks the server for the unread count (see ARCHITECTURE.md "Offline and
 *    notices" for why the worker may read the session token) and raises a badge and, if allowed, a notification.
 *  - Web Push: a push (fills, closes, warnings, results, decisions, support replies) shows its notification at once,
 *    app open or closed; a tap on any of our notifications opens its screen in an open window, or a new one.
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, Strategy, type StrategyHandler } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core/types";
import { get } from "idb-keyval";
import { getNoticeTexts, getNotifyEnabled, NOTICE_SYNC_TAG, noticeBody, recordUnread, type UnreadState } from "../src/shared/pwa/notices";
import { pushNotification } from "../src/shared/pwa/push-message";
import { SESSION_KEYS, CACHE_NAMES, isPublicImage, marketDataPath, newsPath } from "./routes";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const scope = new URL(self.registration.scope);
/** Paths of the API under this worker's scope (the app may live in a sub-folder). */
const apiBase = new URL("api/", scope).pathname;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A first install takes the open page at once (nothing older to keep consistent with); updates wait (see above).
clientsClaim();

// Hash routes: every navigation is the shell. The back office, the API and the socket go to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html"), { denylist: [/\/api\//, /\/ws$/, /backoffice\.html/] }));

/** Marks answers taken from a cache, and only ever caches complete 200 answers. */
const markCached: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set("x-sw-cache", "hit");
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/** Quotes do not depend on the language: one cached copy serves every language. */
const withoutLang: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.searchParams.delete("lang");
    url.searchParams.sort();
    return url.href;
  },
};

const isPrivate = (request: Request) => request.headers.has("Authorization");

// Market data: fresh when the network answers within 4 s, else the last copy (a day at most).
registerRoute(
  ({ url, request }) => request.method === "GET" && url.origin === scope.origin && marketDataPath(url.pathname, apiBase) && !isPrivate(request),
  new NetworkFirst({
    cacheName: CACHE_NAMES.market,
    networkTimeoutSeconds: 4,
    plugins: [withoutLang, markCached, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 24 * 3600, purgeOnQuotaError: true })],
  }),
  "GET",
);

/**
 * Network first for a POST read: the answer is cached under a GET request whose URL carries the body's fields
 * (sorted), so `news/list {kind, page, limit, lang}` and `news/detail {id, lang}` each have their own copy.
 */
class BodyKeyedNetworkFirst extends Strategy {
  constructor(
    options: ConstructorParameters<typeof Strategy>[0],
    private readonly timeoutMs: number,
  ) {
    super(options);
  }

  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const key = await bodyKey(request);
    const network = handler.fetch(request).then(async (response) => {
      await handler.cachePut(key, response.clone());
      return response;
    });
    // The network keeps going after a timeout and still refreshes the copy for next time.
    handler.waitUntil(network.catch(() => undefined));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<"slow">((resolve) => (timer = setTimeout(() => resolve("slow"), this.timeoutMs)));
    try {
      const first = await Promise.race([network, slow]);
      if (first !== "slow") return first;
      const cached = await handler.cacheMatch(key);
      return cached ?? (await network);
    } catch (error) {
      const cached = await handler.cacheMatch(key);
      if (cached) return cached;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The GET request that stands for a POST's body in the cache. */
async function bodyKey(request: Request): Promise<Request> {
  const text = await request.clone().text();
  const type = request.headers.get("Content-Type") ?? "";
  let fields: [string, string][];
  if (type.includes("application/json")) {
    const parsed = JSON.parse(text || "{}") as Record<string, unknown>;
    fields = Object.entries(parsed).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]);
  } else {
    fields = [...new URLSearchParams(text).entries()];
  }
  const url = new URL(request.url);
  url.search = "";
  for (const [k, v] of fields.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) url.searchParams.append(k, v);
  url.searchParams.set("__body", "1");
  return new Request(url.href, { method: "GET" });
}

registerRoute(
  ({ url, request }) => url.origin === scope.origin && newsPath(url.pathname, apiBase) && !isPrivate(request),
  new BodyKeyedNetworkFirst(
    {
      cacheName: CACHE_NAMES.news,
      plugins: [markCached, new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true })],
    },
    4000,
  ),
  "POST",
);

// Images (news covers, pictures in news bodies): cache first, bounded in number and age.
registerRoute(
  ({ url, request }) => request.destination === "image" && url.origin === scope.origin && isPublicImage(url.pathname, apiBase) && !isPrivate(request),
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [markCached, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

// ---- updates ---------------------------------------------------------------------------------------------------

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | null;
  // Sent by workbox-window's messageSkipWaiting() when the user chose "Reload" (src/shared/pwa/updates.ts).
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
});

// ---- notices ---------------------------------------------------------------------------------------------------

interface PeriodicSyncEvent extends ExtendableEvent {
  tag: string;
}

self.addEventListener("periodicsync", (event) => {
  const sync = event as PeriodicSyncEvent;
  if (sync.tag === NOTICE_SYNC_TAG) sync.waitUntil(checkNotices());
});

/** Asks for the unread count with the stored session, then badges and (when allowed and hidden) notifies. */
async function checkNotices(): Promise<void> {
  const [token, user, lang] = await Promise.all([
    get<string>(SESSION_KEYS.token),
    get<{ id: number }>(SESSION_KEYS.userInfo),
    get<string>(SESSION_KEYS.lang),
  ]);
  if (!token || !user) {
    await setBadge(0);
    return;
  }
  const url = new URL("api/user/usermessage_unread", scope);
  url.searchParams.set("lang", lang ?? "en");
  // Read-only, straight to the server, never into a cache.
  const response = await fetch(url, { headers: { Authorization: token }, cache: "no-store" });
  const answer = (await response.json().catch(() => null)) as { type?: unknown; message?: UnreadState } | null;
  if (!response.ok || answer?.type !== "ok" || !answer.message) return;
  const state = answer.message;
  await setBadge(state.unread);
  const fresh = await recordUnread(user.id, state);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  // An open app refreshes its bell; a visible one needs no system notification.
  for (const client of windows) client.postMessage({ type: "NOTICES_CHANGED" });
  const visible = windows.some((client) => client.visibilityState === "visible");
  if (fresh && !visible && (await getNotifyEnabled()) && Notification.permission === "granted") {
    const texts = await getNoticeTexts();
    await self.registration.showNotification(texts.title, {
      body: noticeBody(texts, state.unread),
      tag: "notices",
      icon: new URL("icons/icon-192.png", scope).href,
      badge: new URL("icons/maskable-192.png", scope).href,
      data: { path: "/pages/news/index" },
    });
  }
}

async function setBadge(count: number): Promise<void> {
  const nav = self.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // Badging is a nicety: unsupported or not installed.
  }
}

// ---- Web Push ----------------------------------------------------------------------------------------------------

self.addEventListener("push", (event) => {
  event.waitUntil(showPush(event.data));
});

/**
 * Every push shows a notification (browsers require it of a push subscription): ours as the server wrote it, in
 * the user's language; anything unreadable as the generic notice. An open app also refreshes its bell at once.
 */
async function showPush(data: PushMessageData | null): Promise<void> {
  let parsed: unknown = null;
  try {
    parsed = data?.json();
  } catch {
    parsed = null;
  }
  const texts = await getNoticeTexts();
  const notification = pushNotification(parsed) ?? { title: texts.title, body: noticeBody(texts, 1), path: "/pages/news/index", tag: "notices" };
  await self.registration.showNotification(notification.title, {
    body: notification.body,
    tag: notification.tag,
    icon: new URL("icons/icon-192.png", scope).href,
    badge: new URL("icons/maskable-192.png", scope).href,
    data: { path: notification.path },
  });
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) client.postMessage({ type: "NOTICES_CHANGED" });
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data as { path?: string } | null)?.path ?? "/";
  // Started before waitUntil, so the work also runs for a click dispatched by a test (an untrusted event).
  const opening = openPath(path);
  event.waitUntil(opening);
});

/** Shows a route: in an open window of the app (focused), else in a new one. */
async function openPath(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows[0];
  if (open) {
    // The app routes by hash: it navigates itself (src/shared/pwa/register.ts), keeping its state.
    open.postMessage({ type: "OPEN_PATH", path });
    await open.focus().catch(() => undefined);
  } else {
    await self.clients.openWindow(new URL(`#${path}`, scope).href);
  }
}
