import type { KeyedMutator } from "swr";
import type { market } from "@contract";
import type { Quotation } from "@contract/market";
import { endpoint } from "../api/client";
import { useLiveSWR, type Topic, type TopicMessage } from "../api/realtime";
import { quotationsKey } from "./quotations-key";

/**
 * The client's one market layer: every pair's quotation under one SWR key (`currency/quotation_new`), so the market
 * list, the chart's header, the tickets and the open positions share one cache entry, one offline copy and one way
 * of folding live tickers in. Features use it; none keeps a fetcher or a merger of its own.
 */
export { quotationsKey };

/** GET currency/quotation_new: every pair's last price and 24 h figures (public). */
export const getQuotations = endpoint<typeof market.quotations>({ method: "GET", path: "currency/quotation_new", access: "public" });

const fetchQuotations = () => getQuotations({}, { silent: true, loading: false });

export const tickerTopic = (symbol: string): Topic => ({ channel: "ticker", symbol });

/** Folds live tickers into the list: the changed pairs get new objects, the others keep theirs (memoized rows skip them). */
export function applyTickers<Q extends Pick<Quotation, "symbol">>(list: Q[], tickers: ReadonlyMap<string, Partial<Q>>): Q[] {
  if (tickers.size === 0) return list;
  let changed = false;
  const next = list.map((q) => {
    const ticker = tickers.get(q.symbol);
    if (!ticker) return q;
    changed = true;
    return { ...q, ...ticker, symbol: q.symbol };
  });
  return changed ? next : list;
}

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

const onTicker = (message: TopicMessage, mutate: KeyedMutator<Quotation[]>) => {
  const data = message.data as Partial<Quotation> | null;
  if (data && typeof data.symbol === "string") queueTicker(data as Partial<Quotation> & { symbol: string }, mutate);
};

/** Every pair, every ticker kept live: the socket's tickers while it is open, polling while it is down. */
export const useQuotations = () =>
  useLiveSWR<Quotation[]>(quotationsKey, fetchQuotations, {
    topics: (list) => list?.map((q) => tickerTopic(q.symbol)) ?? null,
    onMessage: onTicker,
  });

/** Every pair's quote, the tickers of `symbols` only kept live (a ticket, the open positions). */
export function useQuotes(symbols: readonly string[]) {
  const unique = [...new Set(symbols)].filter(Boolean).sort();
  return useLiveSWR<Quotation[]>(quotationsKey, fetchQuotations, { topics: unique.length ? unique.map(tickerTopic) : null, onMessage: onTicker });
}

/** One pair's quotation, live (the chart's header, a picker): listens to that pair's ticker only. */
export function useQuotation(symbol: string) {
  const result = useQuotes([symbol]);
  return { ...result, quotation: result.data?.find((q) => q.symbol === symbol), data: result.data };
}

/** Whether any of these prices is simulated (the "demo market data" badge). */
export const isDemo = (list: Pick<Quotation, "source">[] | undefined): boolean => list?.some((q) => q.source === "sim") ?? false;
