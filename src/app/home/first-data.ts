import { useState } from "react";
import type { home } from "@contract";
import { HOME_NOTICE_QUERY } from "@contract/constants";
import { newsListKey } from "@/features/content/api/news-list";
import { UNREAD_KEY } from "@/features/content/api/unread-count";
import { quotationsKey } from "@/features/market/api/quotations-key";
import { SUPPORT_MESSAGES_KEY } from "@/features/support/api/messages-key";
import { walletsKey } from "@/features/wallet/api/wallets";
import { endpoint } from "@/shared/api/client";
import { prime, PRIMED_FOR_MS } from "@/shared/api/primed";
import { userInfoKey } from "@/shared/api/user-info";
import { getLanguage, getToken, setUserInfo } from "@/shared/state/store";

/** GET user/home: the signed-in home's first data, each part the answer of its own call. */
export const getHomeFirstData = endpoint<typeof home.firstData>({ method: "GET", path: "user/home", access: "user" });

let latest: { answer: Promise<unknown>; token: string | null; startedAt: number; settled: boolean } | null = null;

/**
 * Asks for everything the home shows first in one request, and primes each part under the SWR key of the hook that
 * shows it (user, wallets, the bell's unread count, the notice strip, the markets, the Service tab's badge), so none
 * of them asks again.
 * Not asked twice for one session while one is on its way or has just arrived (start-up, then the home mounting).
 */
export function loadHomeFirstData(): Promise<unknown> {
  const token = getToken();
  if (latest && latest.token === token && (!latest.settled || Date.now() - latest.startedAt < PRIMED_FOR_MS)) return latest.answer;
  const lang = getLanguage();
  const answer = getHomeFirstData({}, { silent: true, loading: false });
  const load = { answer: answer as Promise<unknown>, token, startedAt: Date.now(), settled: false };
  latest = load;
  answer.then(
    () => void (load.settled = true),
    () => {
      load.settled = true;
      // A failure is not remembered: the next visit to the home asks again.
      if (latest === load) latest = null;
    },
  );
  // The session's user is stored (as `refreshUserInfo` does) before the hook of user/info gets it.
  prime(
    userInfoKey,
    answer.then(async (first) => {
      await setUserInfo(first.user);
      return first.user;
    }),
  );
  prime(walletsKey, answer.then((first) => first.wallets));
  prime([UNREAD_KEY, lang], answer.then((first) => first.unread));
  prime(newsListKey(HOME_NOTICE_QUERY.kind, HOME_NOTICE_QUERY.page, HOME_NOTICE_QUERY.limit, lang), answer.then((first) => first.notices));
  prime(quotationsKey, answer.then((first) => first.quotations));
  prime(SUPPORT_MESSAGES_KEY, answer.then((first) => first.support));
  return answer;
}

/**
 * The home asks for its first data as it renders: before its sections mount, whose hooks would otherwise each ask
 * for their own part (after a login, or coming back to the home later). At start-up the request is already on its way.
 */
export function useHomeFirstData(): void {
  useState(() => void loadHomeFirstData().catch(() => undefined));
}
