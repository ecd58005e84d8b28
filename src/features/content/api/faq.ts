import useSWR from "swr";
import type { content } from "@contract";
import type { FaqCategory } from "@contract/content";
import { endpoint } from "@/shared/api/client";
import { langAtom, useAtomValue } from "@/shared/state/store";

/** GET news/faq: FAQ entries in my language; `q` searches, `category` narrows (public). */
export const getFaq = endpoint<typeof content.faq>({ method: "GET", path: "news/faq", access: "public" });

export function useFaq(query: { q?: string; category?: FaqCategory } = {}) {
  const lang = useAtomValue(langAtom);
  return useSWR(
    ["news/faq", query.q ?? "", query.category ?? "", lang] as const,
    ([, q, category]) => getFaq({ q: q || undefined, category: category || undefined }, { silent: true, loading: false }),
    { keepPreviousData: true },
  );
}
