import { useMemo, useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { EmptyState } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { isDemo, useQuotations } from "@/shared/market/quotations";
import { nextSort, orderSymbols, type MarketTab, type Sort, type SortKey } from "../model/quotes";
import { assetName } from "../model/asset-names";
import { ArbitrageOpportunities } from "./arbitrage-opportunities";
import { DemoBadge } from "@/shared/market/demo-badge";
import { LiveStatus, QuoteRow, QuoteRowsSkeleton } from "./parts";
import { useFavorites } from "../api/favorites";
import type { Quotation } from "../model/types";
import "./market.css";
import { Segments } from "@/shared/ui/segments";

type Tab = MarketTab | "favorites" | "arbitrage";

/**
 * Market (the "Transaction" tab): crypto, forex & metals and arbitrage tabs, search, sort by change or volume.
 * Prices stream into the rows in place; the row order is taken when the tab, search or sort changes, so rows never
 * jump under a finger.
 */
export function MarketPage({ action, rowAction }: { action?: ReactNode; rowAction?: (q: Quotation) => ReactNode } = {}) {
  const { t, i18n } = useLingui();
  const nameOf = (code: string) => assetName(i18n, code);
  const [tab, setTab] = useState<Tab>("crypto");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<Sort | null>(null);
  const { data, error, mutate } = useQuotations();
  const { favorites, signedIn, toggle } = useFavorites();

  const symbols = data?.map((q) => q.symbol).join(",") ?? "";
  // The order follows the tab, search, sort and the set of pairs, not every tick (see above).
  const order = useMemo(
    () =>
      !data || tab === "arbitrage"
        ? []
        : tab === "favorites"
          ? orderSymbols(data, { search, sort, only: favorites, nameOf })
          : orderSymbols(data, { tab, search, sort, nameOf }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `symbols` stands for `data`: a tick must not reorder the list under a finger
    [symbols, tab, search, sort, tab === "favorites" ? favorites.join(",") : "", i18n.locale],
  );
  const bySymbol = useMemo(() => new Map((data ?? []).map((q) => [q.symbol, q])), [data]);

  const tabs: { id: Tab; label: string }[] = [
    ...(signedIn ? [{ id: "favorites" as const, label: t`Favourites` }] : []),
    { id: "crypto", label: t`Crypto` },
    { id: "forex", label: t`Forex & metals` },
    { id: "arbitrage", label: t`Arbitrage` },
  ];

  return (
    <Page title={<Trans>Market</Trans>} nav="custom" back={false} tabs navRight={action}>
      <label className="market-search">
        <Icon name="search" size={18} />
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t`Search pairs, e.g. BTC or gold`}
          aria-label={t`Search pairs`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="search"
        />
      </label>
      <Segments
        as="tabs"
        className="market-tabs"
        label={t`Markets`}
        value={tab}
        onChange={setTab}
        segments={tabs.map((item) => ({ value: item.id, label: item.label, attrs: { "data-testid": `market-tab-${item.id}` } }))}
      />
      <div className="market-meta">
        <LiveStatus />
        <DemoBadge show={isDemo(data)} />
      </div>

      {tab === "arbitrage" ? (
        <ArbitrageOpportunities search={search} showDemoBadge={false} />
      ) : !data ? (
        error ? (
          <EmptyState icon="chart">
            <Trans>Quotes could not be loaded.</Trans>
            <div>
              <button type="button" className="btn btn--primary btn--small" style={{ marginTop: 8 }} onClick={() => void mutate()}>
                <Trans>Retry</Trans>
              </button>
            </div>
          </EmptyState>
        ) : (
          <QuoteRowsSkeleton rows={8} />
        )
      ) : (
        <ul className="quotes" aria-label={t`Quotes`}>
          <li className="quotes__head">
            <SortButton label={t`Pair / Vol`} sortKey="volume" sort={sort} onSort={setSort} />
            <span>
              <Trans>Last price</Trans>
            </span>
            <SortButton label={t`24h change`} sortKey="change" sort={sort} onSort={setSort} />
          </li>
          {order.length === 0 ? (
            <li>
              <EmptyState icon="search">
                {search ? (
                  <Trans>No pair matches your search.</Trans>
                ) : tab === "favorites" ? (
                  <Trans>No favourites yet: tap the star on a pair to keep it here.</Trans>
                ) : (
                  <Trans>No pairs in this market yet.</Trans>
                )}
              </EmptyState>
            </li>
          ) : (
            order.map((symbol) => {
              const q = bySymbol.get(symbol);
              if (!q) return null;
              return (
                <QuoteRow
                  key={symbol}
                  q={q}
                  actions={
                    signedIn ? (
                      <>
                        <FavoriteStar on={favorites.includes(symbol)} symbol={symbol} onToggle={() => void toggle(symbol)} />
                        {rowAction?.(q)}
                      </>
                    ) : null
                  }
                />
              );
            })
          )}
        </ul>
      )}
    </Page>
  );
}

function FavoriteStar({ on, symbol, onToggle }: { on: boolean; symbol: string; onToggle: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={`icon-btn fav-star${on ? " fav-star--on" : ""}`}
      aria-pressed={on}
      aria-label={on ? t`Remove ${symbol} from favourites` : t`Add ${symbol} to favourites`}
      onClick={onToggle}
      data-testid={`fav-${symbol}`}
    >
      <Icon name="star" size={18} />
    </button>
  );
}

function SortButton({ label, sortKey, sort, onSort }: { label: string; sortKey: SortKey; sort: Sort | null; onSort: (sort: Sort | null) => void }) {
  const { t } = useLingui();
  const active = sort?.key === sortKey ? sort.dir : null;
  const state = active === "desc" ? t`highest first` : active === "asc" ? t`lowest first` : t`not sorted`;
  return (
    <button type="button" className="sort-btn" aria-pressed={active !== null} aria-label={`${label}: ${state}`} onClick={() => onSort(nextSort(sort, sortKey))}>
      {label}
      <span className="sort-btn__arrows" aria-hidden="true">
        <span className={active === "asc" ? "on" : ""}>▲</span>
        <span className={active === "desc" ? "on" : ""}>▼</span>
      </span>
    </button>
  );
}
