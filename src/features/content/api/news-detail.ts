import useSWR from "swr";
import type { content } from "@contract";
import { endpoint } from "@/shared/api/client";
import { langAtom, useAtomValue } from "@/shared/state/store";

/** POST news/detail: one published item with its sanitised body (public). */
export const getNewsDetail = endpoint<typeof content.newsDetail>({ method: "POST", path: "news/detail", access: "public" });

/** Keyed by language too: the server answers in the reader's language. */
export function useNewsDetail(id: number | null) {
  const lang = useAtomValue(langAtom);
  return useSWR(id ? (["news/detail", id, lang] as const) : null, ([, itemId]) => getNewsDetail({ id: itemId }, { silent: true, loading: false }), {
    shouldRetryOnError: false,
  });
}
