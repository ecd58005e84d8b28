import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { MarketPage } from "@/features/market/ui/market-page";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import "./trade-entries.css";

/** The market list with a "Trade" link to the spot ticket in its bar. */
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
