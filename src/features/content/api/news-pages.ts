import useSWRInfinite from "swr/infinite";
import type { NewsKind } from "@contract/content";
import { langAtom, useAtomValue } from "@/shared/state/store";
import { getNewsList, NEWS_PAGE_SIZE, newsListKey } from "./news-list";

/** news/list page by page ("load more"); kept apart so the home page does not load the infinite-list code. */
export function useNewsPages(kind: NewsKind) {
  const lang = useAtomValue(langAtom);
  return useSWRInfinite(
    (index) => newsListKey(kind, index + 1, NEWS_PAGE_SIZE, lang),
    ([, k, page, limit]) => getNewsList({ kind: k, page, limit }, { silent: true, loading: false }),
  );
}
