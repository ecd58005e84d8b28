import { memo, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { useSocketStatus } from "@/shared/api/realtime";
import { compareDecimal, signOf } from "@/shared/lib/decimal";
import { formatPrice, precisionOf } from "@/shared/market/format";
import { formatCompact, formatPercent } from "@/shared/i18n/format";
import type { Quotation } from "../model/types";

export const klineHref = (symbol: string) => `${paths.kline}?symbol=${symbol}`;


/** Whether prices are streaming, or being refreshed every few seconds while the live connection is restored. */
export function LiveStatus({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  const status = useSocketStatus();
  return status === "open" ? (
    <span className="live" data-testid="live-status" data-status="live">
      <span className="live__text">
        <Trans>Live</Trans>
      </span>
    </span>
  ) : (
    <span className="live live--down" data-testid="live-status" data-status="polling" title={t`Reconnecting, updating every 3 s`}>
      <span className="live__text">{compact ? <Trans>Reconnecting</Trans> : <Trans>Reconnecting, updating every 3 s</Trans>}</span>
    </span>
  );
}

export function ChangePill({ value }: { value: string }) {
  const sign = signOf(value);
  return <span className={`change-pill change-pill--${sign > 0 ? "up" : sign < 0 ? "down" : "flat"}`}>{formatPercent(value)}</span>;
}

/**
 * A live price: flashes green or red when it moves. The flash restarts by remounting the span (a new key per
 * move), which costs nothing when the price did not move.
 */
export function LivePrice({ value, precision, className = "", flash: flashes = true }: { value: string; precision: number; className?: string; flash?: boolean }) {
  // React's "information from the previous render" pattern: the move is worked out during render, no effect.
  const [previous, setPrevious] = useState(value);
  const [flash, setFlash] = useState({ count: 0, dir: "" });
  if (previous !== value) {
    const cmp = compareDecimal(value, previous);
    setPrevious(value);
    if (cmp !== 0) setFlash({ count: flash.count + 1, dir: cmp > 0 ? "flash-up" : "flash-down" });
  }
  return (
    <span key={flash.count} className={`${className} ${flashes ? flash.dir : ""}`.trim()} data-testid="last-price">
      {formatPrice(value, precision)}
    </span>
  );
}

/**
 * One row of a quotes list. Memoized on the quotation object: a ticker replaces only its own pair's object, so a
 * tick re-renders one row.
 */
export const QuoteRow = memo(function QuoteRow({ q, actions }: { q: Quotation; actions?: ReactNode }) {
  // The row's figures are in the reader's digits: a language change re-renders it although its quotation did not change.
  const { i18n } = useLingui();
  const precision = precisionOf(q);
  return (
    <li data-testid={`quote-${q.symbol}`} className={actions ? "quote-item" : undefined} data-locale={i18n.locale}>
      <Link href={klineHref(q.symbol)} className="quote-row">
        <div className="quote-row__pair">
          <div className="quote-row__symbol">
            {q.base}
            <small>/{q.quote}</small>
          </div>
          <div className="quote-row__vol">
            <span>
              <Trans>Vol</Trans> {formatCompact(q.quote_volume_24h)}
            </span>
            {!q.trading && (
              <span className="badge">
                <Trans>Paused</Trans>
              </span>
            )}
          </div>
        </div>
        <LivePrice value={q.last} precision={precision} className="quote-row__price" />
        <ChangePill value={q.change_24h} />
      </Link>
      {actions && <div className="quote-item__actions">{actions}</div>}
    </li>
  );
});

export function QuoteRowsSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="quotes" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row">
          <div className="skeleton" style={{ width: "70%" }} />
          <div className="skeleton" style={{ width: "80%", justifySelf: "end" }} />
          <div className="skeleton" style={{ height: 32 }} />
        </div>
      ))}
    </div>
  );
}
