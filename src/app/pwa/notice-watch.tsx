import { useEffect } from "react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { refreshUnread, useUnreadCount } from "@/features/content/api/unread-count";
import { useTopics } from "@/shared/api/realtime";
import { getNoticeTexts, getNotifyEnabled, noticeBody, recordUnread, setNoticeTexts } from "@/shared/pwa/notices";
import { useAtomValue, userInfoAtom } from "@/shared/state/store";

/**
 * Keeps notices fresh while the app is open: the unread count is refetched on focus, on reconnect and every minute
 * (SWR), and at once when the socket's `notices` channel says something arrived. A new notice raises the app
 * badge and, when the user allowed it and the app is in the background, a system notification. (When the app is
 * closed the service worker's periodic sync does the same, sharing the "already announced" mark.)
 */
export function NoticeWatch() {
  const { i18n } = useLingui();
  const user = useAtomValue(userInfoAtom);
  const { data } = useUnreadCount();
  useTopics(user ? [{ channel: "notices" }] : null, () => void refreshUnread(), { user: true });

  // The service worker has no catalogues: it reads the notification's words, translated, from IndexedDB.
  useEffect(() => {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the words come from the catalogue; the worker fills in {n}
    void setNoticeTexts({ title: "TradeWise", body: `${i18n._(msg`Unread messages and notices`)}: {n}` });
  }, [i18n, i18n.locale]);

  useEffect(() => {
    if (!data || !user) return;
    void announce(user.id, data.unread, data.latest_at);
  }, [data, user]);
  return null;
}

async function announce(userId: number, unread: number, latestAt: number | null): Promise<void> {
  const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  void (unread > 0 ? nav.setAppBadge?.(unread) : nav.clearAppBadge?.())?.catch(() => undefined);
  const fresh = await recordUnread(userId, { unread, latest_at: latestAt }).catch(() => false);
  if (!fresh || document.visibilityState === "visible") return;
  if (typeof Notification === "undefined" || Notification.permission !== "granted" || !(await getNotifyEnabled())) return;
  const registration = await navigator.serviceWorker?.getRegistration();
  const texts = await getNoticeTexts();
  // Through the worker: phones (Android Chrome) refuse `new Notification()` from a page.
  await registration
    ?.showNotification(texts.title, { body: noticeBody(texts, unread), tag: "notices", icon: "icons/icon-192.png", data: { path: "/pages/news/index" } })
    .catch(() => undefined);
}
