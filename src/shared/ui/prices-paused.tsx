import { useEffect, useState } from "react";
import { Trans } from "@lingui/react/macro";

/** What a quote says about its freshness (the quotation's fields). */
export interface TickFreshness {
  trading: boolean;
  paused: boolean;
  tick_age_ms: number | null;
  tick_max_age_ms: number;
}

/**
 * How old the quote's tick is now: its age when the server answered plus the time since this screen received it.
 * While the feed is silent no update arrives to say so, so the screen ages the last one itself, each second.
 */
export function useTickAge(quote: TickFreshness | undefined): number | null {
  const [received, setReceived] = useState({ quote, at: Date.now() });
  const [now, setNow] = useState(() => Date.now());
  if (received.quote !== quote) setReceived({ quote, at: Date.now() });
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  if (!quote || quote.tick_age_ms === null) return null;
  return quote.tick_age_ms + Math.max(0, now - received.at);
}

/**
 * "Prices paused" with the tick's age, where a pair's price is shown: a pair switched on whose last tick is too old
 * to trade on (a feed outage, a restart) is never shown as live. The server refuses its orders by the same rule.
 */
export function PricesPaused({ quote }: { quote: TickFreshness | undefined }) {
  const age = useTickAge(quote);
  if (!quote || age === null) return null;
  const paused = quote.paused || (quote.trading && age > quote.tick_max_age_ms);
  if (!paused) return null;
  const seconds = Math.floor(age / 1000);
  return (
    <span className="badge badge--warn" data-testid="prices-paused" role="status">
      <Trans>Prices paused · last price {seconds} s old</Trans>
    </span>
  );
}
