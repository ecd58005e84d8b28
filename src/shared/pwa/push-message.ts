/**
 * What the service worker makes of a Web Push (sw/sw.ts imports this file; no DOM, no React). The server sends
 * `{ kind, title, body, url, id? }` (server/contract/push.ts) in the user's language; `url` is a hash route.
 */
import { PUSH_KINDS, type PushKind } from "@contract/push-kinds";

export interface PushNotification {
  title: string;
  body: string;
  /** The app route to open on a tap (`/pages/...`, what the hash router takes). */
  path: string;
  /** One notification per object: a newer push about the same order replaces the older one. */
  tag: string;
}

/** The route of a push's `url` (`#/pages/order/contract` -> `/pages/order/contract`); anything else opens the messages. */
export function pushPath(url: unknown): string {
  if (typeof url !== "string") return "/pages/news/index";
  const path = url.startsWith("#") ? url.slice(1) : url;
  // Only a route of the app itself: a push can never send the app to another site.
  return /^\/[A-Za-z0-9/_-]*(\?[A-Za-z0-9=&_%-]*)?$/.test(path) ? path : "/pages/news/index";
}

/** The notification for a push's JSON, or null when it is not one of ours (the worker then shows a generic one). */
export function pushNotification(data: unknown): PushNotification | null {
  if (!data || typeof data !== "object") return null;
  const { kind, title, body, url, id } = data as Record<string, unknown>;
  if (typeof title !== "string" || !title || typeof kind !== "string" || !(PUSH_KINDS as readonly string[]).includes(kind)) return null;
  return {
    title,
    body: typeof body === "string" ? body : "",
    path: pushPath(url),
    tag: typeof id === "number" ? `${kind as PushKind}:${id}` : (kind as PushKind),
  };
}
