import useSWR, { mutate } from "swr";
import type { content } from "@contract";
import { endpoint } from "@/shared/api/client";
import { getLanguage, hasLoginAtom, langAtom, useAtomValue } from "@/shared/state/store";

/** GET user/usermessage_unread: how many messages and notices are unread (the bell's badge). */
export const getUnreadCount = endpoint<typeof content.unreadCount>({ method: "GET", path: "user/usermessage_unread", access: "user" });

export const UNREAD_KEY = "user/usermessage_unread";

/** Refetches the badge (a notice arrived, something was read). Keys carry the language: notices may be per language. */
export const refreshUnread = () => mutate([UNREAD_KEY, getLanguage()]);

/** The unread count of the signed-in user; refreshed on focus and every minute while shown. */
export function useUnreadCount() {
  const hasLogin = useAtomValue(hasLoginAtom);
  const lang = useAtomValue(langAtom);
  return useSWR(hasLogin ? ([UNREAD_KEY, lang] as const) : null, () => getUnreadCount({}, { silent: true, loading: false }), { refreshInterval: 60_000 });
}
