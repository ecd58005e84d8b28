import type { KeyedMutator } from "swr";
import type { market } from "@contract";
import { endpoint } from "@/shared/api/client";
import { useLiveSWR, type Topic } from "@/shared/api/realtime";
import { applyTickers } from "../model/quotes";
import { quotationsKey } from "./quotations-key";
import type { Quotation } from "../model/types";

/** GET currency/quotation_new: every pair's last price and 24 h figures (public). */
export const getQuotations = endpoint<typeof market.quotations>({ method: "GET", path: "currency/quotation_new", access: "public" });

export { quotationsKey };
const fetchQuotations = () => getQuotations({}, { silent: true, loading: false });

export const tickerTopic = (symbol: string): Topic => ({ channel: "ticker", symbol });

/**
 * Tickers arrive one pair at a time, many a second. They are collected and folded into the cached list once per
 * animation frame, so a burst costs one render, and a hidden tab (no frames) does no work at all.
 */
const pending = new Map<string, Partial<Quotation>>();
let flushMutate: KeyedMutator<Quotation[]> | null = null;
let frame = 0;

function queueTicker(ticker: Partial<Quotation> & { symbol: string }, mutate: KeyedMutator<Quotation[]>): void {
  pending.set(ticker.symbol, { ...pending.get(ticker.symbol), ...ticker });
  flushMutate = mutate;
  if (frame) return;
  const schedule = typeof requestAnimationFrame === "function" ? requestAnimationFrame : (fn: () => void) => setTimeout(fn, 16) as unknown as number;
  frame = schedule(flushTickers);
}

function flushTickers(): void {
  frame = 0;
  if (pending.size === 0 || !flushMutate) return;
  const batch = new Map(pending);
  pending.clear();
  void flushMutate((list) => (list ? applyTickers(list, batch) : list), { revalidate: false });
}

const onTicker = (message: { data: unknown }, mutate: KeyedMutator<Quotation[]>) => {
  const data = message.data as Partial<Quotation> | null;
  if (data && typeof data.symbol === "string") queueTicker(data as Partial<Quotation> & { symbol: string }, mutate);
};

/** Every pair, kept live: the socket's tickers while it is open, polling while it is down. */
export const useQuotations = () =>
  useLiveSWR<Quotation[]>(quotationsKey, fetchQuotations, {
    topics: (list) => list?.map((q) => tickerTopic(q.symbol)) ?? null,
    onMessage: onTicker,
  });

/** One pair's quotation, live (the chart's header): listens to that pair's ticker only. */
export function useQuotation(symbol: string) {
  const result = useLiveSWR<Quotation[]>(quotationsKey, fetchQuotations, { topics: symbol ? [tickerTopic(symbol)] : null, onMessage: onTicker });
  return { ...result, quotation: result.data?.find((q) => q.symbol === symbol), data: result.data };
}

/** Whether any of these prices is simulated (the "demo market data" badge). */
export const isDemo = (list: Pick<Quotation, "source">[] | undefined): boolean => list?.some((q) => q.source === "sim") ?? false;
