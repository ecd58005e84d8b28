import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { KlinePage } from "@/features/market/ui/kline-page";
import { paths } from "@/shared/lib/paths";
import "./trade-entries.css";

/** A crypto pair's chart with Buy / Sell under it (forex and metals trade only leveraged, from their own page). */
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
