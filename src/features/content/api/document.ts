import useSWR from "swr";
import type { content } from "@contract";
import type { DocumentSlug } from "@contract/content";
import { endpoint } from "@/shared/api/client";
import { langAtom, useAtomValue } from "@/shared/state/store";

/** GET news/document: an operator-provided document, or its not-published state (public). */
export const getDocument = endpoint<typeof content.document>({ method: "GET", path: "news/document", access: "public" });

/** Keyed by language too: the server answers in the reader's language. */
export function useDocument(slug: DocumentSlug) {
  const lang = useAtomValue(langAtom);
  return useSWR(["news/document", slug, lang] as const, ([, s]) => getDocument({ slug: s }, { silent: true, loading: false }));
}
