/**
 * What the service worker caches, as pure functions of a path (tested in routes.test.ts). `apiBase` is the API's
 * path under the worker's scope, e.g. `/api/` (or `/app/api/` when the app lives in a sub-folder).
 */

/** The session keys the app stores with idb-keyval (src/shared/state/store.ts STORAGE_KEYS). */
export const SESSION_KEYS = { token: "token", userInfo: "userInfo", lang: "lang" } as const;

/** Versioned names: a change of what a cache holds gets a new name, and the old cache is dropped on activation. */
export const CACHE_NAMES = { market: "tw-market-v1", news: "tw-news-v1", images: "tw-images-v1" } as const;

/** Public market data read with GET: quotes, forex/metals quotes and both kinds of klines. */
export const MARKET_DATA_CALLS = ["currency/quotation_new", "currency/whlist", "currency/new_timeshar", "currency/whkdata"] as const;

/** News lists and items: POST reads, public. */
export const NEWS_CALLS = ["news/list", "news/detail"] as const;

const callOf = (pathname: string, apiBase: string): string | null => (pathname.startsWith(apiBase) ? pathname.slice(apiBase.length) : null);

export const marketDataPath = (pathname: string, apiBase: string): boolean =>
  (MARKET_DATA_CALLS as readonly string[]).includes(callOf(pathname, apiBase) ?? "");

export const newsPath = (pathname: string, apiBase: string): boolean => (NEWS_CALLS as readonly string[]).includes(callOf(pathname, apiBase) ?? "");

/**
 * Images worth keeping: the app's own static images and the public news images (`api/news/image/<id>`). Nothing
 * else under the API: private pictures (deposit vouchers, KYC photos) travel as JSON with the token, never by URL,
 * and any other API image is not known to be public.
 */
export function isPublicImage(pathname: string, apiBase: string): boolean {
  const call = callOf(pathname, apiBase);
  if (call === null) return true;
  return /^news\/image\/\d+$/.test(call);
}
