import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Option } from "@contract/options";
import { KeyValue } from "@/shared/ui/key-value";
import { TickLink } from "@/shared/ui/tick-link";
import { countdown, moveOf, winningNow } from "../model/figures";
import { formatAmount, formatRate, formatTickTime } from "@/shared/i18n/format";
import { formatPrice } from "@/shared/market/format";
import { PeriodLabel, resultLabels, resultTone } from "./labels";

/** Re-renders every quarter second while `active` (the countdown). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * One option: while open, the countdown to its expiry with the opening price and the moving price; once settled,
 * the result with both ticks (price and time) and what came back.
 */
export function OptionCard({ option, price }: { option: Option; price?: string | null }) {
  const { i18n } = useLingui();
  const open = option.status === "open";
  const now = useNow(open);
  const left = option.expires_at_ms - now;
  const total = option.seconds * 1000;
  const move = moveOf(option.open_tick.price, price);
  const winning = winningNow(option.direction, option.open_tick.price, price);
  return (
    <article className="opt-card" data-testid="option-card" data-status={option.status} aria-label={option.symbol}>
      <div className="opt-card__head">
        <span>
          {option.symbol}{" "}
          <span className={`badge ${option.direction === "up" ? "badge--up" : "badge--danger"}`}>{option.direction === "up" ? <Trans>Up</Trans> : <Trans>Down</Trans>}</span>{" "}
          <span className="faint">
            <PeriodLabel seconds={option.seconds} />
          </span>
        </span>
        <span className="num">
          {formatAmount(option.amount, option.currency)}
        </span>
      </div>
      {open ? (
        <>
          <div className="opt-card__clock" data-testid="option-countdown" aria-live="off">
            {left > 0 ? countdown(left) : <Trans>Settling…</Trans>}
          </div>
          <div className="opt-card__bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, Math.max(0, ((total - Math.max(0, left)) / total) * 100))}%` }} />
          </div>
          <KeyValue label={<Trans>Opening price</Trans>}>
            <TickLink symbol={option.symbol} tick={option.open_tick}>
              <span className="num" data-testid="option-open-price">
                {formatPrice(option.open_tick.price, option.price_precision)} · {formatTickTime(option.open_tick.at_ms)}
              </span>
            </TickLink>
          </KeyValue>
          <KeyValue label={<Trans>Price now</Trans>}>
            <span className={`num ${move === "up" ? "up" : move === "down" ? "down" : ""}`} data-testid="option-live-price">
              {formatPrice(price, option.price_precision)}
            </span>
          </KeyValue>
          <KeyValue label={<Trans>If it ended now</Trans>}>
            <span>{winning === null ? <Trans>Tie: stake back</Trans> : winning ? <Trans>Win: {formatAmount(option.payout_on_win, option.currency, { showCurrency: false })} back</Trans> : <Trans>Loss</Trans>}</span>
          </KeyValue>
        </>
      ) : (
        <>
          <div className={`opt-card__result ${resultTone[option.result ?? "tie"]}`} data-testid="option-result">
            {option.result ? i18n._(resultLabels[option.result]) : "-"}
          </div>
          <KeyValue label={<Trans>Opening tick</Trans>}>
            <TickLink symbol={option.symbol} tick={option.open_tick}>
              <span className="num" data-testid="option-open-tick">
                {formatPrice(option.open_tick.price, option.price_precision)} · {formatTickTime(option.open_tick.at_ms)}
              </span>
            </TickLink>
          </KeyValue>
          <KeyValue label={<Trans>Closing tick</Trans>}>
            {option.close_tick ? (
              <TickLink symbol={option.symbol} tick={option.close_tick}>
                <span className="num" data-testid="option-close-tick">
                  {formatPrice(option.close_tick.price, option.price_precision)} · {formatTickTime(option.close_tick.at_ms)}
                </span>
              </TickLink>
            ) : (
              <span className="num" data-testid="option-close-tick">
                -
              </span>
            )}
          </KeyValue>
          <KeyValue label={<Trans>Credited back</Trans>}>
            <span className="num" data-testid="option-payout">
              {formatAmount(option.payout, option.currency)}
            </span>
          </KeyValue>
        </>
      )}
      <KeyValue label={<Trans>Payout rate</Trans>}>
        <span className="num">{formatRate(option.rate, 2)}</span>
      </KeyValue>
    </article>
  );
}
