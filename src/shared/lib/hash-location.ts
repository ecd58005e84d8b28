import { navigate, useHashLocation } from "wouter/use-hash-location";

/**
 * The app's router hook: wouter's hash location, plus one fix. wouter writes a route's query (`?id=3`) into
 * `location.search`, so going back from `/?id=3#/pages/news/detail` to `/?tab=inbox#/pages/news/index` changes the
 * search as well as the hash. Browsers treat that traversal as a search change and fire `popstate` but no
 * `hashchange`, which is all wouter's hash location listens to: the old screen would stay. Every `popstate` is
 * therefore announced as a `hashchange` too (wouter ignores it when nothing changed).
 */
/**
 * Links in the seed's style carry the query inside the hash (`#/pages/news/detail?id=2`: notifications, shared
 * links, e-mails). wouter reads the query from `location.search`, so such a URL is rewritten in place to
 * `?id=2#/pages/news/detail` before the router looks at it.
 */
export function normalizeHashQuery(): boolean {
  const hash = window.location.hash;
  const at = hash.indexOf("?");
  if (at < 0) return false;
  const url = new URL(window.location.href);
  url.search = hash.slice(at);
  url.hash = hash.slice(0, at);
  window.history.replaceState(window.history.state, "", url);
  return true;
}

if (typeof window !== "undefined") {
  normalizeHashQuery();
  // Registered before the router subscribes, so it sees the rewritten URL.
  window.addEventListener("hashchange", () => {
    if (normalizeHashQuery()) window.dispatchEvent(new HashChangeEvent("hashchange"));
  });
  window.addEventListener("popstate", () => window.dispatchEvent(new HashChangeEvent("hashchange")));
}

/**
 * wouter's hash navigation keeps `location.search` when the target has no query of its own, so one screen's
 * parameters (`?tab=options&desk=crypto&status=settled`) would ride along to every screen after it. A target
 * without a query therefore clears it.
 */
export const navigateFresh: typeof navigate = (to, options) => navigate(to.includes("?") || !window.location.search ? to : `${to}?`, options);

export const useAppHashLocation = Object.assign((options?: Parameters<typeof useHashLocation>[0]): [string, typeof navigate] => [useHashLocation(options)[0], navigateFresh], {
  // wouter writes a Link's href with the hook's `hrefs` ("#/pages/..."), which its types leave out.
  hrefs: (useHashLocation as typeof useHashLocation & { hrefs: (href: string) => string }).hrefs,
});
