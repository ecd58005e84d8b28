import { mutate, type KeyedMutator } from "swr";
import type { spot } from "@contract";
import type { Quotation } from "@contract/market";
import type { SpotTicket } from "@contract/spot";
import { endpoint } from "@/shared/api/client";
import { useLiveSWR, type TopicMessage } from "@/shared/api/realtime";

/** GET coin/ticket: a crypto pair's spot ticket (quote around the last tick, fee rate, steps, the user's balances). */
export const getSpotTicket = endpoint<typeof spot.ticketCall>({ method: "GET", path: "coin/ticket", access: "user" });

export const spotTicketKey = (symbol: string) => ["coin/ticket", symbol] as const;

/** The ticker of the pair moves the bid, ask and last in place; the rest (balances) is refetched every 10 s. */
const onTicker = (message: TopicMessage, update: KeyedMutator<SpotTicket>) => {
  const data = message.data as Partial<Quotation> | null;
  if (!data || typeof data.bid !== "string" || typeof data.ask !== "string") return;
  void update((ticket) => (ticket && ticket.symbol === data.symbol ? { ...ticket, bid: data.bid!, ask: data.ask!, last: data.last ?? ticket.last } : ticket), { revalidate: false });
};

/** One pair's ticket with a live bid and ask (socket ticker, polling while it is down). */
export const useSpotTicket = (symbol: string | null) =>
  useLiveSWR<SpotTicket>(symbol ? spotTicketKey(symbol) : null, () => getSpotTicket({ symbol: symbol! }, { silent: true, loading: false }), {
    topics: symbol ? [{ channel: "ticker", symbol }] : null,
    onMessage: onTicker,
  }, { refreshInterval: 10_000 });

/** Every ticket in the cache (the balances changed after an order, a cancel or a fill). */
export const refreshSpotTickets = () => mutate((key) => Array.isArray(key) && key[0] === "coin/ticket");
