import useSWR from "swr";
import type { content } from "@contract";
import type { NewsKind } from "@contract/content";
import { endpoint } from "@/shared/api/client";
import { langAtom, useAtomValue } from "@/shared/state/store";

/** POST news/list: published news or notices, pinned first, newest first (public; the service worker caches it). */
export const getNewsList = endpoint<typeof content.newsList>({ method: "POST", path: "news/list", access: "public" });

export const NEWS_PAGE_SIZE = 20;

/** Lists depend on the language (items may be written for one language). */
export const newsListKey = (kind: NewsKind, page: number, limit: number, lang: string) => ["news/list", kind, page, limit, lang] as const;

/** The first few items of a list (the home page's notice strip); paged lists use `useNewsPages`. */
export function useLatestNews(kind: NewsKind, limit: number) {
  const lang = useAtomValue(langAtom);
  return useSWR(newsListKey(kind, 1, limit, lang), ([, k, page, size]) => getNewsList({ kind: k, page, limit: size }, { silent: true, loading: false }));
}
