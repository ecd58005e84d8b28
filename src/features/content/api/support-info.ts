import useSWR from "swr";
import type { content } from "@contract";
import { endpoint } from "@/shared/api/client";
import { langAtom, useAtomValue } from "@/shared/state/store";

/** GET news/getkf: the configured customer-service contact (page, e-mail, hours) in my language. */
export const getSupportInfo = endpoint<typeof content.supportInfo>({ method: "GET", path: "news/getkf", access: "user" });

/** Keyed by language too: hours and note come in the reader's language. */
export function useSupportInfo() {
  const lang = useAtomValue(langAtom);
  return useSWR(["news/getkf", lang] as const, () => getSupportInfo({}, { silent: true, loading: false }));
}
