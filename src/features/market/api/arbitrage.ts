import useSWR from "swr";
import type { market } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET arbitrage/opportunities: per pair the best bid and ask across venues and the spread net of fees (public). */
export const getArbitrage = endpoint<typeof market.arbitrage>({ method: "GET", path: "arbitrage/opportunities", access: "public" });

/** The scanner has no socket channel: its view is polled while shown. */
export const ARBITRAGE_POLL_MS = 5_000;

export const useArbitrage = (options: { profitable?: boolean } = {}) =>
  useSWR(["arbitrage/opportunities", options.profitable ?? false], () => getArbitrage(options.profitable ? { profitable: "true" } : {}, { silent: true, loading: false }), {
    refreshInterval: ARBITRAGE_POLL_MS,
    keepPreviousData: true,
  });
