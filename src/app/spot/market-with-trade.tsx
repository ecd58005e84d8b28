import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { MarketPage } from "@/features/market/ui/market-page";
import { AlertButton } from "@/features/alerts/ui/alert-sheet";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import "./trade-entries.css";

/** The market list with a "Trade" link to the spot ticket and the alerts list in its bar, and a bell on each row. */
export function MarketWithTradePage() {
  const { t } = useLingui();
  return (
    <MarketPage
      action={
        <>
          <Link href={paths.alerts} className="icon-btn" aria-label={t`Price alerts`} title={t`Price alerts`} data-testid="market-alerts">
            <Icon name="bell" />
          </Link>
          <Link href={`${paths.spotTrade}?symbol=BTC/USDT`} className="icon-btn" aria-label={t`Trade spot`} title={t`Trade spot`}>
            <Icon name="trade" />
          </Link>
        </>
      }
      rowAction={(q) => <AlertButton symbol={q.symbol} last={q.last} compact />}
    />
  );
}
