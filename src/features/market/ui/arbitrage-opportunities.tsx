import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDateTime } from "@/shared/i18n/format";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { useArbitrage } from "../api/arbitrage";
import { decimalsOf, signOf } from "@/shared/lib/decimal";
import { formatPrice } from "@/shared/market/format";
import { formatRate } from "@/shared/i18n/format";
import { assetName } from "../model/asset-names";
import { matchesSearch } from "../model/quotes";
import type { ArbitrageRow, MarketKind, Venue } from "../model/types";
import { DemoBadge } from "@/shared/market/demo-badge";
import { venueName } from "@/shared/market/venue-name";
import "./market.css";

/**
 * The arbitrage scanner's view: per pair, where it is cheapest to buy (lowest ask) and dearest to sell (highest
 * bid) across the venues, the spread, the fees of both legs and what a round trip keeps. The number of connected
 * venues is the server's count of live adapters, never a typed-in figure. Exported for the arbitrage product page.
 */
export function ArbitrageOpportunities({ kind, search = "", limit, showDemoBadge = true }: { kind?: MarketKind; search?: string; limit?: number; showDemoBadge?: boolean }) {
  const { t, i18n } = useLingui();
  const [profitableOnly, setProfitableOnly] = useState(false);
  const { data, error, mutate } = useArbitrage({ profitable: profitableOnly });

  if (!data) {
    if (error) {
      return (
        <EmptyState icon="robot">
          <Trans>The arbitrage scanner could not be reached.</Trans>
          <div>
            <button type="button" className="btn btn--primary btn--small" style={{ marginTop: 8 }} onClick={() => void mutate()}>
              <Trans>Retry</Trans>
            </button>
          </div>
        </EmptyState>
      );
    }
    return (
      <div className="card">
        <Skeleton lines={4} />
      </div>
    );
  }

  // The demo venues' names are ours, so they are said in the reader's language; a real venue keeps its own name.
  const names = new Map(data.venues.map((v: Venue) => [v.id, venueName(v.id, v.name)]));
  const rows = data.list.filter((row) => (!kind || row.kind === kind) && matchesSearch(pairOf(row.symbol), search, (code) => assetName(i18n, code)));
  const shown = limit ? rows.slice(0, limit) : rows;
  const demo = data.venues.some((v) => v.source === "sim");

  return (
    <section aria-label={t`Arbitrage opportunities`} data-testid="arbitrage">
      <div className="card" style={{ display: "grid", gap: 10 }}>
        <div className="arb__head">
          <div>
            <div style={{ fontSize: 22, fontWeight: 700 }} data-testid="connected-venues">
              {data.connected_venues}
            </div>
            <div className="faint" style={{ fontSize: 12 }}>
              <Trans>Connected venues</Trans>
            </div>
          </div>
          <div style={{ textAlign: "right" }}>
            <div style={{ fontSize: 22, fontWeight: 700 }} className={data.opportunities > 0 ? "up" : ""}>
              {data.opportunities}
            </div>
            <div className="faint" style={{ fontSize: 12 }}>
              <Trans>Profitable after fees</Trans>
            </div>
          </div>
        </div>
        <div className="arb__foot" style={{ marginTop: 0, alignItems: "center" }}>
          <span>
            <Trans>Updated</Trans> {formatDateTime(data.updated_at).slice(11)}
          </span>
          {showDemoBadge && <DemoBadge show={demo} />}
          <label className="check" style={{ alignItems: "center" }}>
            <input type="checkbox" checked={profitableOnly} onChange={(e) => setProfitableOnly(e.target.checked)} />
            <Trans>Profitable only</Trans>
          </label>
        </div>
      </div>

      {shown.length === 0 ? (
        <EmptyState icon="robot">
          {profitableOnly ? <Trans>No spread covers its fees right now. The scanner checks again every few seconds.</Trans> : <Trans>No pair is quoted by two venues yet.</Trans>}
        </EmptyState>
      ) : (
        <ul style={{ listStyle: "none", margin: "10px 0 0", padding: 0 }}>
          {shown.map((row) => (
            <OpportunityRow key={row.symbol} row={row} venueName={(id) => names.get(id) ?? venueName(id)} />
          ))}
        </ul>
      )}
      <p className="faint" style={{ fontSize: 12, margin: "10px 2px 0" }}>
        <Trans>Net = spread between the best bid and the best ask, minus both venues' taker fees. Quotes move every second; a spread can close before an order fills.</Trans>
      </p>
    </section>
  );
}

function OpportunityRow({ row, venueName }: { row: ArbitrageRow; venueName: (id: string) => string }) {
  const precision = Math.max(decimalsOf(row.best_ask), decimalsOf(row.best_bid));
  const net = signOf(row.net_rate);
  return (
    <li className="arb" data-testid={`arb-${row.symbol}`}>
      <div className="arb__head">
        <span className="arb__symbol">{row.symbol}</span>
        <span className={`arb__net ${row.profitable ? "up" : net < 0 ? "faint" : ""}`}>
          <Trans>Net</Trans> {formatRate(row.net_rate, 2, { signed: true, fixed: true })}
        </span>
      </div>
      <div className="arb__legs">
        <div className="arb__leg">
          <small>
            <Trans>Buy at the lowest ask</Trans>
          </small>
          <strong>{formatPrice(row.best_ask, precision)}</strong>
          <span>{venueName(row.ask_venue)}</span>
        </div>
        <div className="arb__leg">
          <small>
            <Trans>Sell at the highest bid</Trans>
          </small>
          <strong>{formatPrice(row.best_bid, precision)}</strong>
          <span>{venueName(row.bid_venue)}</span>
        </div>
      </div>
      <div className="arb__foot">
        <span>
          <Trans>Spread</Trans> {formatRate(row.spread_rate, 2, { signed: true, fixed: true })}
        </span>
        <span>
          <Trans>Fees</Trans> {formatRate(row.fee_rate, 2, { fixed: true })}
        </span>
        <span>
          <Trans>Venues</Trans> {row.venues}
        </span>
      </div>
    </li>
  );
}

const pairOf = (symbol: string) => {
  const [base = "", quote = ""] = symbol.split("/");
  return { symbol, base, quote };
};
