/**
 * Notice refresh state shared by the page and the service worker (sw/sw.ts imports this file; no DOM, no React).
 * Both sides keep it in idb-keyval's default database, beside the session the app already stores there:
 *  - `notify`: the user's choice on this device (system notifications on/off);
 *  - `notice-texts`: the notification's title and body in the user's language (the worker has no catalogues);
 *  - `notices-seen:<user id>`: the newest notice time already announced, so the page and the worker never announce
 *    the same notice twice and a backlog is never announced at all.
 */
import { get, set, update } from "idb-keyval";

/** The periodic background sync's tag (registered by src/shared/pwa/register.ts, handled in sw/sw.ts). */
export const NOTICE_SYNC_TAG = "tradewise-notices";
/** At most this often the browser wakes the worker (it decides the real interval, often much longer). */
export const NOTICE_SYNC_MIN_INTERVAL_MS = 15 * 60_000;

export const NOTIFY_KEY = "notify";
export const NOTICE_TEXTS_KEY = "notice-texts";
const seenKey = (userId: number) => `notices-seen:${userId}`;

export interface UnreadState {
  unread: number;
  /** Newest message or notice time (seconds), null when there is none. */
  latest_at: number | null;
}

export interface NoticeTexts {
  title: string;
  /** Contains `{n}`, the unread count. */
  body: string;
}

export const FALLBACK_TEXTS: NoticeTexts = { title: "TradeWise", body: "Unread messages and notices: {n}" };

export async function getNotifyEnabled(): Promise<boolean> {
  return (await get<boolean>(NOTIFY_KEY).catch(() => undefined)) === true;
}

export async function setNotifyEnabled(enabled: boolean): Promise<void> {
  await set(NOTIFY_KEY, enabled);
}

export async function getNoticeTexts(): Promise<NoticeTexts> {
  return (await get<NoticeTexts>(NOTICE_TEXTS_KEY).catch(() => undefined)) ?? FALLBACK_TEXTS;
}

export async function setNoticeTexts(texts: NoticeTexts): Promise<void> {
  await set(NOTICE_TEXTS_KEY, texts).catch(() => undefined);
}

/**
 * Records the latest unread state and says whether it brings a notice newer than any announced before (the first
 * state ever recorded announces nothing: the user opened the app and saw it).
 */
export async function recordUnread(userId: number, next: UnreadState): Promise<boolean> {
  let fresh = false;
  await update<number | null>(seenKey(userId), (seen) => {
    const latest = next.latest_at ?? null;
    fresh = seen !== undefined && next.unread > 0 && latest !== null && (seen === null || latest > seen);
    if (seen === undefined || seen === null) return latest;
    return latest !== null && latest > seen ? latest : seen;
  });
  return fresh;
}

export const noticeBody = (texts: NoticeTexts, unread: number) => texts.body.replace("{n}", String(unread));
