import { useState } from "react";
import type { home } from "@contract";
import { HOME_NOTICE_QUERY } from "@contract/constants";
import { newsListKey } from "@/features/content/api/news-list";
import { UNREAD_KEY } from "@/features/content/api/unread-count";
import { quotationsKey } from "@/shared/market/quotations-key";
import { SUPPORT_MESSAGES_KEY } from "@/features/support/api/messages-key";
import { walletsKey } from "@/features/wallet/api/wallets";
import { endpoint } from "@/shared/api/client";
import { prime } from "@/shared/api/primed";
import { userInfoKey } from "@/shared/api/user-info";
import { getLanguage, setUserInfo } from "@/shared/state/store";

/** GET user/home: the signed-in home's first data, each part the answer of its own call. */
export const getHomeFirstData = endpoint<typeof home.firstData>({ method: "GET", path: "user/home", access: "user" });

/** Like SWR's deduping interval: a home rendered again this soon (a double render) is served by the same ask. */
const DEDUPE_MS = 2_000;

/** When a home render last had its first data asked for (by itself, or by start-up just before it). */
let lastServedAt = 0;
/** When start-up asked for a home that has not rendered yet (its code may still be loading). */
let askedForComingHome: number | null = null;

/**
 * Start-up on the home: its first data is asked for at once, before the home's own code has loaded; the home's first
 * render then takes it instead of asking again.
 */
export function loadHomeFirstData(): Promise<unknown> {
  askedForComingHome = Date.now();
  return askHomeFirstData();
}

/**
 * The home asks for its first data as it renders, before its sections mount (their hooks would otherwise each ask
 * for their own part): after a login, or coming back to the home later. At start-up the request is already on its way.
 */
export function useHomeFirstData(): void {
  useState(() => {
    const now = Date.now();
    const startUp = askedForComingHome;
    askedForComingHome = null;
    if (now - lastServedAt < DEDUPE_MS) return;
    lastServedAt = now;
    // Start-up asked for this render's data already (the home's code may have taken a while to load).
    if (startUp !== null) return;
    void askHomeFirstData().catch(() => undefined);
  });
}

/**
 * Asks for everything the home shows first in one request, and primes each part under the SWR key of the hook that
 * shows it (user, wallets, the bell's unread count, the notice strip, the markets, the Service tab's badge), so none
 * of them asks again.
 */
function askHomeFirstData(): Promise<unknown> {
  const lang = getLanguage();
  const answer = getHomeFirstData({}, { silent: true, loading: false });
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
