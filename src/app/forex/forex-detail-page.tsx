import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useKlines } from "@/features/market/api/klines";
import { useQuotation } from "@/shared/market/quotations";
import { precisionOf } from "@/shared/market/format";
import type { KlineInterval } from "@/features/market/model/types";
import { INTERVALS, intervalLabels } from "@/shared/market/intervals";
import { PairPicker } from "@/shared/market/pair-picker";
import { KlineChart } from "@/features/market/ui/kline-chart";
import { LiveStatus } from "@/features/market/ui/parts";
import { TradeTicket } from "@/features/positions/ui/trade-ticket";
import { useTicket } from "@/features/positions/api/ticket";
import { RiskWarning } from "@/features/disclosures/ui/risk-warning";
import { ForexOptionsSection } from "@/features/options/ui/options-panel";
import { paths } from "@/shared/lib/paths";
import { EmptyState } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { TradingHours } from "@/shared/ui/trading-hours";
import "@/features/market/ui/market.css";
import "./forex.css";

/**
 * `/pages/whdetail/index?symbol=EUR/USD`: a forex or metal pair's quote and chart (the market feature's) above the
 * order ticket (the positions feature's). Composed here because features never import each other.
 */
export function ForexDetailPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const symbol = (params.get("symbol") ?? "EUR/USD").toUpperCase();
  const side = params.get("side") === "sell" ? "sell" : "buy";
  const [interval, setInterval] = useState<KlineInterval>("15m");
  const { quotation: q, data: list } = useQuotation(symbol);
  const fxPairs = (list ?? []).filter((p) => p.kind !== "crypto");
  const known = q !== undefined && q.kind !== "crypto";
  const { data: candles } = useKlines(symbol, known ? q.kind : undefined, interval);
  // The pair's weekly hours (the positions ticket below shows them too, from the same request) beside the option periods.
  const { data: ticket } = useTicket(known ? symbol : null);
  const hours = ticket?.trading_hours ? <TradingHours hours={ticket.trading_hours} /> : null;

  if (list && !known) {
    return (
      <Page title={<Trans>Forex & metals</Trans>} nav="custom">
        <EmptyState icon="chart">
          <Trans>This trading pair does not exist.</Trans>
        </EmptyState>
      </Page>
    );
  }
  const precision = q ? precisionOf(q) : 5;
  return (
    <Page
      title={symbol}
      nav="custom"
      navRight={
        <>
          <LiveStatus compact />
          <Link href={paths.forexOrder} className="icon-btn" aria-label={t`My positions`}>
            <Icon name="record" />
          </Link>
        </>
      }
    >
      <PairPicker name="symbol" symbol={symbol} pairs={fxPairs} onChoose={(next) => navigate(`${paths.forexDetail}?symbol=${next}`, { replace: true })} />
      <div className="intervals" role="group" aria-label={t`Interval`}>
        {INTERVALS.map((item) => (
          <button key={item} type="button" className="interval" aria-pressed={interval === item} onClick={() => setInterval(item)}>
            {i18n._(intervalLabels[item])}
          </button>
        ))}
      </div>
      <div className="fx-chart">
        <KlineChart candles={candles} precision={precision} interval={interval} />
      </div>
      {/* The ticket carries the "demo market data" badge of this screen's prices. */}
      <h2 className="section__title">
        <Trans>Trade {symbol}</Trans>
      </h2>
      <TradeTicket symbol={symbol} side={side} riskWarning={<RiskWarning family="leveraged" />} />
      {/* Timed options on the same pair (microtrade/whsubmit): the options feature's section. */}
      {q && q.kind !== "crypto" && <ForexOptionsSection symbol={symbol} kind={q.kind} riskWarning={<RiskWarning family="options" />} hours={hours} />}
    </Page>
  );
}

