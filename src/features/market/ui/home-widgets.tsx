import { useMemo } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { isDemo, useQuotations } from "@/shared/market/quotations";
import { signOf } from "@/shared/lib/decimal";
import { formatPrice, precisionOf } from "@/shared/market/format";
import { formatPercent } from "@/shared/i18n/format";
import { orderSymbols, topMovers } from "../model/quotes";
import { DemoBadge } from "@/shared/market/demo-badge";
import { klineHref, QuoteRow, QuoteRowsSkeleton } from "./parts";
import "./market.css";

/** Home: the three pairs that moved most in 24 h, live. */
export function TopMovers() {
  const { t } = useLingui();
  const { data } = useQuotations();
  const symbols = data?.map((q) => q.symbol).join(",") ?? "";
  // Which pairs are the movers is decided when the list loads; their figures then stay live.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the set of pairs (`symbols`), not on every tick of `data`
  const movers = useMemo(() => (data ? topMovers(data, 3).map((q) => q.symbol) : []), [symbols]);
  if (!data) {
    return (
      <div className="movers" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="mover">
            <div className="skeleton" style={{ width: "70%" }} />
            <div className="skeleton" style={{ width: "60%", height: 20 }} />
            <div className="skeleton" style={{ width: "80%" }} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <nav className="movers" aria-label={t`Top movers`} data-testid="top-movers">
      {movers.map((symbol) => {
        const q = data.find((item) => item.symbol === symbol);
        if (!q) return null;
        const sign = signOf(q.change_24h);
        return (
          <Link key={symbol} href={klineHref(symbol)} className="mover">
            <span className="mover__symbol">
              {q.base}
              <small>/{q.quote}</small>
            </span>
            <span className={`mover__change ${sign > 0 ? "up" : sign < 0 ? "down" : ""}`}>{formatPercent(q.change_24h)}</span>
            <span className="mover__price">{formatPrice(q.last, precisionOf(q))}</span>
          </Link>
        );
      })}
    </nav>
  );
}

/** Home: the most traded pairs, live; the market screen has them all. */
export function QuotesWidget({ count = 6 }: { count?: number }) {
  const { t } = useLingui();
  const { data } = useQuotations();
  const symbols = data?.map((q) => q.symbol).join(",") ?? "";
  const shown = useMemo(
    () => (data ? orderSymbols(data, { tab: "crypto", sort: { key: "volume", dir: "desc" } }).slice(0, count) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the order follows the set of pairs (`symbols`), not every tick of `data`
    [symbols, count],
  );
  if (!data) return <QuoteRowsSkeleton rows={count} />;
  if (data.length === 0) {
    return (
      <div className="card muted" style={{ fontSize: 14 }}>
        <Trans>No quotes yet.</Trans>
      </div>
    );
  }
  return (
    <ul className="quotes" aria-label={t`Quotes`} data-testid="home-quotes">
      {shown.map((symbol) => {
        const q = data.find((item) => item.symbol === symbol);
        return q ? <QuoteRow key={symbol} q={q} /> : null;
      })}
    </ul>
  );
}

/**
 * Home's markets section: title (with the demo badge and the way to every market), top movers and the quotes.
 * Home loads it lazily: it waits for the network anyway, and the first screen's JavaScript stays small.
 */
export function HomeMarkets() {
  const { data } = useQuotations();
  return (
    <section aria-labelledby="home-markets">
      <h2 className="section__title home-markets__title" id="home-markets">
        <span style={{ display: "inline-flex", gap: 8, alignItems: "center", minWidth: 0 }}>
          <Trans>Markets</Trans>
          <DemoBadge show={isDemo(data)} />
        </span>
        <Link href={paths.market} style={{ fontSize: 13, fontWeight: 500, whiteSpace: "nowrap" }}>
          <Trans>All markets</Trans>
        </Link>
      </h2>
      <TopMovers />
      <div style={{ marginTop: 10 }}>
        <QuotesWidget />
      </div>
    </section>
  );
}
