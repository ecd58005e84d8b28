import { useState } from "react";
import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { KlinePage } from "@/features/market/ui/kline-page";
import { AlertButton } from "@/features/alerts/ui/alert-sheet";
import { deskHref, type Side } from "../trade/desks";
import { TradeChooser } from "../trade/desk-sheets";
import "./trade-entries.css";

/**
 * A pair's chart with Buy / Sell under it: a crypto pair's asks which desk (spot or contract) in a small sheet, a
 * forex or metal pair's opens the forex desk (they trade only leveraged) with the side picked.
 */
export function KlineWithTradePage() {
  const [side, setSide] = useState<Side | null>(null);
  return (
    <KlinePage
      headerAction={({ symbol, last }) => <AlertButton symbol={symbol} last={last} />}
      actions={({ symbol, kind, trading }) =>
        !trading ? null : kind === "crypto" ? (
          <>
            <div className="trade-entries" role="group">
              <button type="button" className="btn btn--buy-entry" onClick={() => setSide("buy")}>
                <Trans>Buy</Trans>
              </button>
              <button type="button" className="btn btn--sell-entry" onClick={() => setSide("sell")}>
                <Trans>Sell</Trans>
              </button>
            </div>
            {/* Outside the sticky bar: a sticky box is a stacking context the sheet would be shut inside. */}
            <TradeChooser symbol={symbol} side={side} onClose={() => setSide(null)} />
          </>
        ) : (
          <div className="trade-entries" role="group">
            <Link href={deskHref.forex(symbol, "buy")} className="btn btn--buy-entry">
              <Trans>Buy</Trans>
            </Link>
            <Link href={deskHref.forex(symbol, "sell")} className="btn btn--sell-entry">
              <Trans>Sell</Trans>
            </Link>
          </div>
        )
      }
    />
  );
}
