import type { KeyedMutator } from "swr";
import type { market } from "@contract";
import type { Quotation } from "@contract/market";
import { endpoint } from "@/shared/api/client";
import { useLiveSWR, type TopicMessage } from "@/shared/api/realtime";

/**
 * GET currency/quotation_new: every pair's quote, here for the moving price beside an option's opening price.
 * Same key as the market screens, so the list is one cache entry (and one offline copy) whoever shows it.
 */
export const getQuotes = endpoint<typeof market.quotations>({ method: "GET", path: "currency/quotation_new", access: "public" });

export const quotesKey = "currency/quotation_new";

const onTicker = (message: TopicMessage, mutate: KeyedMutator<Quotation[]>) => {
  const data = message.data as Partial<Quotation> | null;
  if (!data || typeof data.symbol !== "string") return;
  void mutate((list) => list?.map((q) => (q.symbol === data.symbol ? { ...q, ...data } : q)), { revalidate: false });
};

/** Every pair's quote; the tickers of `symbols` kept live (socket, or polling while it is down). */
export function useQuotes(symbols: string[]) {
  const unique = [...new Set(symbols)].sort();
  return useLiveSWR<Quotation[]>(quotesKey, () => getQuotes({}, { silent: true, loading: false }), {
    topics: unique.map((symbol) => ({ channel: "ticker", symbol })),
    onMessage: onTicker,
  });
}
