import useSWR from "swr";
import type { content } from "@contract";
import type { DocumentSlug } from "@contract/content";
import { endpoint } from "@/shared/api/client";

/** GET news/document: an operator-provided document, or its not-published state (public). */
export const getDocument = endpoint<typeof content.document>({ method: "GET", path: "news/document", access: "public" });

export const useDocument = (slug: DocumentSlug) =>
  useSWR(["news/document", slug] as const, ([, s]) => getDocument({ slug: s }, { silent: true, loading: false }));
