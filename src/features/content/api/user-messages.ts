import { mutate } from "swr";
import useSWRInfinite, { unstable_serialize } from "swr/infinite";
import type { content } from "@contract";
import { endpoint } from "@/shared/api/client";
import { getLanguage, langAtom, useAtomValue } from "@/shared/state/store";

/** GET user/usermessage: my personal messages and the notices, with read flags and the unread count. */
export const getUserMessages = endpoint<typeof content.userMessages>({ method: "GET", path: "user/usermessage", access: "user" });

export const USER_MESSAGES_KEY = "user/usermessage";

/** Notices may be written for one language, so the list is cached per language. */
const pageKey = (lang: string) => (index: number) => [USER_MESSAGES_KEY, index + 1, lang] as const;

export function useUserMessages() {
  const lang = useAtomValue(langAtom);
  return useSWRInfinite(pageKey(lang), ([, page]) => getUserMessages({ page, limit: 20 }, { silent: true, loading: false }));
}

/** Refetches the inbox (an infinite list: its cache entry is addressed through `unstable_serialize`). */
export const refreshUserMessages = () => mutate(unstable_serialize(pageKey(getLanguage())));
