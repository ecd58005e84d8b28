import { useMemo, useState, type ReactNode } from "react";
import type { MarketKind } from "@contract/market";
import { Link, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { EmptyState } from "@/shared/ui/feedback";
import { Page } from "@/shared/ui/page";
import { formatCompact, formatDateTime, formatPercent } from "@/shared/i18n/format";
import { useKlines, useKlinesAround } from "../api/klines";
import { candleIndexAt } from "../model/candles";
import { useQuotation } from "@/shared/market/quotations";
import { signOf, subtractDecimal } from "@/shared/lib/decimal";
import { formatPrice, precisionOf } from "@/shared/market/format";
import type { KlineInterval } from "../model/types";
import { INTERVALS, intervalLabels } from "@/shared/market/intervals";
import { KlineChart, type ChartMark } from "./kline-chart";
import { DemoBadge } from "@/shared/market/demo-badge";
import { DepthView } from "@/shared/market/order-book";
import { LivePrice, LiveStatus } from "./parts";
import { PricesPaused } from "@/shared/ui/prices-paused";
import "./market.css";

const INTERVAL_KEY = "kline-interval";
const isInterval = (value: unknown): value is KlineInterval => (INTERVALS as readonly unknown[]).includes(value);

/** The last interval chosen is the next chart's (a trader who reads 1h charts reads them everywhere). */
function storedInterval(): KlineInterval {
  try {
    const value = localStorage.getItem(INTERVAL_KEY);
    return isInterval(value) ? value : "15m";
  } catch {
    return "15m";
  }
}

/** The tick a link asked to mark (`&at=<ms>&price=<decimal>`), or null when the query has none or a malformed one. */
function markedTick(params: URLSearchParams): { atMs: number; price: string } | null {
  const at = params.get("at") ?? "";
  const price = params.get("price") ?? "";
  return /^\d{1,15}$/.test(at) && /^\d{1,20}(\.\d{1,18})?$/.test(price) ? { atMs: Number(at), price } : null;
}

/**
 * Chart (`/pages/kline/index?symbol=BTC/USDT`): the pair's live header, the interval picker and the candles. `actions`
 * lets the app put another feature's entry under the chart (the spot ticket's Buy / Sell), since features never
 * import each other. With `&at=<ms>&price=` (a fill's, trigger's or settlement's recorded tick) it opens on the
 * candles around that moment, 1-minute candles first, with the tick pinned, and says which tick it shows.
 */
export function KlinePage({ actions, headerAction }: { actions?: (pair: { symbol: string; kind: MarketKind; trading: boolean }) => ReactNode; headerAction?: (pair: { symbol: string; last: string }) => ReactNode } = {}) {
  const { t, i18n } = useLingui();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const symbol = (params.get("symbol") ?? "").toUpperCase();
  const tick = useMemo(() => markedTick(new URLSearchParams(search)), [search]);
  const [interval, setIntervalState] = useState<KlineInterval>(() => (tick ? "1m" : storedInterval()));
  const { quotation: q, data: list, error } = useQuotation(symbol);
  const known = q !== undefined;
  // Candles load beside the quotes, not after them: a USDT pair is crypto (its calls differ from forex's).
  const kind = q?.kind ?? (symbol.endsWith("/USDT") ? "crypto" : undefined);
  const { data: liveCandles } = useKlines(symbol, tick ? undefined : kind, interval);
  const { data: pastCandles } = useKlinesAround(symbol, tick ? kind : undefined, interval, tick?.atMs ?? null);
  const candles = tick ? pastCandles : liveCandles;
  const markIndex = tick && candles ? candleIndexAt(candles, Math.floor(tick.atMs / 1000), interval) : -1;

  const choose = (next: KlineInterval) => {
    setIntervalState(next);
    try {
      localStorage.setItem(INTERVAL_KEY, next);
    } catch {
      // private mode: the choice lasts for this screen only
    }
  };

  if (!symbol || (list && !known)) {
    return (
      <Page title={<Trans>Chart</Trans>} nav="custom">
        <EmptyState icon="chart">
          <Trans>This trading pair does not exist.</Trans>
          <div style={{ marginTop: 8 }}>
            <Link href={paths.market} className="btn btn--primary btn--small">
              <Trans>All markets</Trans>
            </Link>
          </div>
        </EmptyState>
      </Page>
    );
  }

  const precision = q ? precisionOf(q) : 2;
  const mark: ChartMark | null = tick && markIndex >= 0 ? { index: markIndex, price: tick.price, label: formatPrice(tick.price, precision) } : null;
  const tone = q ? signOf(q.change_24h) : 0;
  const toneClass = tone > 0 ? "up" : tone < 0 ? "down" : "";
  return (
    <Page title={symbol} nav="custom" navRight={<LiveStatus compact />}>
      <section className="kline-head" aria-label={t`Price summary`}>
        <div style={{ minWidth: 0 }}>
          <div className={`kline-head__last ${toneClass}`}>{q ? <LivePrice value={q.last} precision={precision} flash={false} /> : <span className="faint">-</span>}</div>
          <div className={`kline-head__change ${toneClass}`} data-testid="change-24h">
            {q ? (
              <>
                {tone > 0 ? "+" : ""}
                {formatPrice(subtractDecimal(q.last, q.open_24h), precision)} {formatPercent(q.change_24h)}
              </>
            ) : error ? (
              <Trans>Quotes could not be loaded.</Trans>
            ) : (
              "-"
            )}
          </div>
          <div style={{ marginTop: 6, minHeight: 20 }}>
            <DemoBadge show={q?.source === "sim"} />
            <PricesPaused quote={q} />
            {q && !q.trading && !q.paused && (
              <span className="badge" style={{ marginLeft: 6 }}>
                <Trans>Trading paused</Trans>
              </span>
            )}
          </div>
          {q && headerAction && <div style={{ marginTop: 6 }}>{headerAction({ symbol: q.symbol, last: q.last })}</div>}
        </div>
        <dl className="kline-head__stats">
          <dt>
            <Trans>24h high</Trans>
          </dt>
          <dd>{q ? formatPrice(q.high_24h, precision) : "-"}</dd>
          <dt>
            <Trans>24h low</Trans>
          </dt>
          <dd>{q ? formatPrice(q.low_24h, precision) : "-"}</dd>
          <dt>
            <Trans>24h vol</Trans>
          </dt>
          <dd>{q ? `${formatCompact(q.volume_24h)} ${q.base}` : "-"}</dd>
        </dl>
      </section>

      <div className="intervals" role="group" aria-label={t`Interval`}>
        {INTERVALS.map((item) => (
          <button key={item} type="button" className="interval" aria-pressed={interval === item} onClick={() => choose(item)}>
            {i18n._(intervalLabels[item])}
          </button>
        ))}
      </div>

      {tick && (
        <div className="tick-banner" role="status" data-testid="tick-marker">
          <span>
            {candles && markIndex < 0 ? (
              <Trans>There are no candles of this interval around that tick any more: choose a longer interval.</Trans>
            ) : (
              <Trans>
                Pinned: the tick at {formatDateTime(Math.floor(tick.atMs / 1000))}, price {formatPrice(tick.price, precision)}
              </Trans>
            )}
          </span>
          <Link href={`${paths.kline}?symbol=${encodeURIComponent(symbol)}`} className="btn--link" data-testid="live-chart">
            <Trans>Live chart</Trans>
          </Link>
        </div>
      )}
      <KlineChart candles={candles} precision={precision} interval={interval} mark={mark} />
      {q && actions?.({ symbol: q.symbol, kind: q.kind, trading: q.trading })}
      {q && <DepthView symbol={q.symbol} precision={precision} />}
    </Page>
  );
}

