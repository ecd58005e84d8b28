import { useEffect, useState } from "react";
import { Link, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FinanceLine } from "@contract/wallet";
import { formatDateTime } from "@/shared/i18n/format";
import { formatPrice } from "@/shared/market/format";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Page } from "@/shared/ui/page";
import { TickLink, unbrokenTime } from "@/shared/ui/tick-link";
import { useWalletDetail } from "../api/wallet-detail";
import { useWallets } from "../api/wallets";
import { causeHref } from "../model/cause-links";
import { causeLabels, entryKindLabels } from "../model/labels";
import { ExportPanel } from "./export-panel";
import { Amount, flatten, LoadMore } from "./parts";
import "./wallet.css";

/** The currency a link asked for (`?currency=BTC`), read once; the query is then dropped so it does not linger. */
function useInitialCurrency(): string {
  const search = useSearch();
  const [initial] = useState(() => new URLSearchParams(search).get("currency")?.toUpperCase() ?? "");
  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.hash}`);
  }, []);
  return initial;
}

/**
 * Financial records: the user's own ledger, entry by entry, each saying in words what happened, with a link to its
 * cause (the deposit, order, position, option...) and the balance after it. The newest line's balance is the
 * wallet's balance, so the records always add up to what the wallet shows.
 */
export function FinancePage() {
  const { t } = useLingui();
  const initial = useInitialCurrency();
  const [currency, setCurrency] = useState(initial);
  const wallets = useWallets();
  const detail = useWalletDetail(currency || undefined);
  const { items, hasMore } = flatten(detail.data);
  const currencies = wallets.data?.map((w) => w.currency) ?? ["USDT", "BTC", "ETH"];
  return (
    <Page title={<Trans>Financial records</Trans>} nav="custom">
      <p className="muted" style={{ marginTop: 0, fontSize: 13 }}>
        <Trans>Every change to your balance, with its cause. The balance after the newest entry is your wallet's balance.</Trans>
      </p>
      <ExportPanel />
      <div className="chips" role="group" aria-label={t`Currency`} style={{ marginBottom: 12 }}>
        <button type="button" className="chip" aria-pressed={currency === ""} onClick={() => setCurrency("")}>
          <Trans>All</Trans>
        </button>
        {currencies.map((c) => (
          <button key={c} type="button" className="chip" aria-pressed={currency === c} onClick={() => setCurrency(c)}>
            {c}
          </button>
        ))}
      </div>
      {!detail.data ? (
        <div className="card">
          <Skeleton lines={5} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon="record">
          <Trans>No records yet. Deposits, withdrawals and conversions appear here.</Trans>
        </EmptyState>
      ) : (
        <>
          <ul className="list" style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={t`Financial records`}>
            {items.map((line) => (
              <LedgerRow key={`${line.entry_id}-${line.currency}`} line={line} />
            ))}
          </ul>
          <LoadMore hasMore={hasMore} loading={detail.isValidating && detail.data.length < detail.size} onMore={() => void detail.setSize(detail.size + 1)} />
        </>
      )}
    </Page>
  );
}

function LedgerRow({ line }: { line: FinanceLine }) {
  const { i18n } = useLingui();
  const title = entryKindLabels[line.kind] ? i18n._(entryKindLabels[line.kind]) : line.kind;
  const cause = causeLabels[line.cause_kind] ? i18n._(causeLabels[line.cause_kind]) : line.cause_kind;
  // A hold changes no balance: it moves money from available to frozen; show that instead of "+0".
  const isMove = line.change === "0";
  const reference = line.cause_kind === "adjustment" ? cause : `${cause} #${line.cause_id}`;
  const href = causeHref(line);
  return (
    <li className="ledger-line" data-testid="ledger-line">
      <div className="ledger-line__main">
        <div className="ledger-line__title">{title}</div>
        <div className="ledger-line__meta">
          {href ? (
            <Link href={href} className="ledger-line__cause" data-testid="ledger-cause">
              {reference}
            </Link>
          ) : (
            reference
          )}{" "}
          · <span className="num">{formatDateTime(line.created_at)}</span>
        </div>
        {line.cause_tick && (
          <div className="ledger-line__meta" data-testid="ledger-tick">
            <TickLink symbol={line.cause_tick.symbol} tick={line.cause_tick}>
              <Trans>
                tick {formatPrice(line.cause_tick.price, line.cause_tick.price_precision)} · {unbrokenTime(formatDateTime(Math.floor(line.cause_tick.at_ms / 1000)))}
              </Trans>
            </TickLink>
          </div>
        )}
        {line.memo && <div className="ledger-line__memo">{line.memo}</div>}
      </div>
      <div className="ledger-line__amounts">
        {isMove ? (
          <div className="ledger-line__change">
            <Trans>Frozen</Trans> <Amount value={line.frozen_change} currency={line.currency} signed />
          </div>
        ) : (
          <div className={`ledger-line__change ${line.change.startsWith("-") ? "down" : "up"}`}>
            <Amount value={line.change} currency={line.currency} signed />
          </div>
        )}
        <div className="ledger-line__balance">
          <Trans>Balance</Trans> <Amount value={line.balance} currency={line.currency} />
        </div>
      </div>
    </li>
  );
}
