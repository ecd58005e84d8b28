import useSWR, { mutate } from "swr";
import type { positions } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST lever/deal: a pair's ticket (quote, leverages, fee, steps, session, bank card, the user's available margin). */
export const getTicket = endpoint<typeof positions.deal>({ method: "POST", path: "lever/deal", access: "user" });

export const ticketKey = (symbol: string) => ["lever/deal", symbol] as const;

/** The ticket of one pair, refreshed every 10 s (the session and available margin move; prices come live from tickers). */
export const useTicket = (symbol: string | null) =>
  useSWR(symbol ? ticketKey(symbol) : null, ([, s]) => getTicket({ symbol: s }, { silent: true, loading: false }), { refreshInterval: 10_000 });

/** Every ticket in the cache (after an order or a close the available margin changed). */
export const refreshTickets = () => mutate((key) => Array.isArray(key) && key[0] === "lever/deal");
