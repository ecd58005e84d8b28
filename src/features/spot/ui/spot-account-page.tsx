import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Holding } from "@contract/spot";
import { paths } from "@/shared/lib/paths";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { KeyValue } from "@/shared/ui/key-value";
import { Page } from "@/shared/ui/page";
import { formatAmount } from "@/shared/i18n/format";
import { formatPrice, precisionOf } from "@/shared/market/format";
import { useSpotAccount } from "../api/account";
import "./spot.css";

/**
 * `/pages/walletrade/index`: the spot account. Each holding with its balance (available and frozen), its value in
 * USDT at the pair's last recorded price, and the average cost of the spot buys behind it (fees included), so the
 * user sees what they paid beside what it is worth.
 */
export function SpotAccountPage() {
  const { t } = useLingui();
  const { data, error } = useSpotAccount();
  return (
    <Page
      title={<Trans>Spot account</Trans>}
      nav="custom"
      navRight={
        <Link href={paths.orderTrade} className="icon-btn" aria-label={t`My spot orders`}>
          <Icon name="record" />
        </Link>
      }
    >
      {!data ? (
        error ? (
          <EmptyState icon="wallet">
            <Trans>The spot account could not be loaded.</Trans>
          </EmptyState>
        ) : (
          <Skeleton lines={6} />
        )
      ) : (
        <>
          <section className="spot-total" aria-label={t`Total value`}>
            <small>
              <Trans>Total value (USDT)</Trans>
            </small>
            <strong data-testid="spot-total">{formatAmount(data.total_usdt, "USDT", { showCurrency: false })}</strong>
          </section>
          {data.holdings.length === 0 ? (
            <EmptyState icon="wallet">
              <Trans>No holdings yet.</Trans>
            </EmptyState>
          ) : (
            data.holdings.map((h) => <HoldingCard key={h.currency} holding={h} />)
          )}
        </>
      )}
    </Page>
  );
}

function HoldingCard({ holding: h }: { holding: Holding }) {
  const price = (value: string | null) => formatPrice(value, h.price_precision ?? precisionOf({ last: h.price ?? "" }));
  // A balance is money in its currency's decimals, as the wallets screen writes it ("0.00", not "0"; four for USDT).
  const money = (value: string) => formatAmount(value, h.currency, { showCurrency: false });
  return (
    <article className="holding" data-testid="holding" aria-label={h.currency}>
      <div className="holding__head">
        <strong>{h.currency}</strong>
        <span>{money(h.balance)}</span>
      </div>
      <KeyValue label={<Trans>Available</Trans>}>
        <span className="num">{money(h.available)}</span>
      </KeyValue>
      <KeyValue label={<Trans>Frozen</Trans>}>
        <span className="num">{money(h.frozen)}</span>
      </KeyValue>
      <KeyValue label={<Trans>Value (USDT)</Trans>}>
        <span className="num" data-testid="holding-value">
          {h.value_usdt === null ? <Trans>No price</Trans> : formatAmount(h.value_usdt, "USDT", { showCurrency: false })}
        </span>
      </KeyValue>
      {h.currency !== "USDT" && (
        <>
          <KeyValue label={<Trans>Last price (USDT)</Trans>}>
            <span className="num">{price(h.price)}</span>
          </KeyValue>
          <KeyValue label={<Trans>Average cost (USDT)</Trans>}>
            <span className="num" data-testid="holding-cost">
              {price(h.average_cost)}
            </span>
          </KeyValue>
        </>
      )}
      {h.symbol && (
        <div className="spot-order__actions">
          <Link href={`${paths.spotTrade}?symbol=${h.symbol}`} className="btn btn--ghost btn--small">
            <Trans>Trade</Trans>
          </Link>
        </div>
      )}
    </article>
  );
}
