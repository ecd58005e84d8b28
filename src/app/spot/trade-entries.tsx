import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { KlinePage } from "@/features/market/ui/kline-page";
import { MarketPage } from "@/features/market/ui/market-page";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import "./trade-entries.css";

/**
 * The spot ticket's entries on the market feature's screens, composed here because features never import each
 * other: a "Trade" link in the market list's bar, and Buy / Sell under a crypto pair's chart (forex and metals trade
 * only leveraged, from their own page).
 */
export function MarketWithTradePage() {
  const { t } = useLingui();
  return (
    <MarketPage
      action={
        <Link href={`${paths.spotTrade}?symbol=BTC/USDT`} className="icon-btn" aria-label={t`Trade spot`} title={t`Trade spot`}>
          <Icon name="trade" />
        </Link>
      }
    />
  );
}

export function KlineWithTradePage() {
  return (
    <KlinePage
      actions={({ symbol, kind, trading }) =>
        kind === "crypto" && trading ? (
          <div className="trade-entries" role="group">
            <Link href={`${paths.spotTrade}?symbol=${symbol}&side=buy`} className="btn btn--buy-entry">
              <Trans>Buy</Trans>
            </Link>
            <Link href={`${paths.spotTrade}?symbol=${symbol}&side=sell`} className="btn btn--sell-entry">
              <Trans>Sell</Trans>
            </Link>
          </div>
        ) : null
      }
    />
  );
}
