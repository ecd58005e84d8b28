import type { ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { PairPicker, useRememberedSymbol } from "@/shared/market/pair-picker";
import { useQuotes } from "@/shared/market/quotations";
import { TradeTicket } from "./trade-ticket";
import "./positions.css";

const SYMBOL_KEY = "contract-symbol";

/**
 * `/pages/strategy/index`: leveraged contracts on the crypto pairs (`?symbol=ETH/USDT` picks one, `&side=sell` a short). `riskWarning` is
 * the app's loss-share warning, shown above the ticket's submit button.
 */
export function StrategyPage({ riskWarning }: { riskWarning?: ReactNode } = {}) {
  const { t } = useLingui();
  const params = new URLSearchParams(useSearch());
  const asked = params.get("symbol")?.toUpperCase();
  const side = params.get("side") === "sell" ? "sell" : params.get("side") === "buy" ? "buy" : undefined;
  const [symbol, choose] = useRememberedSymbol(SYMBOL_KEY, asked);
  const quotes = useQuotes([symbol]);
  const pairs = (quotes.data ?? []).filter((q) => q.kind === "crypto");
  return (
    <Page
      title={<Trans>Contract</Trans>}
      nav="custom"
      navRight={
        <Link href={paths.orderContract} className="icon-btn" aria-label={t`My positions`}>
          <Icon name="record" />
        </Link>
      }
    >
      <PairPicker name="symbol" symbol={symbol} pairs={pairs} onChoose={choose} />
      <TradeTicket symbol={symbol} riskWarning={riskWarning} side={side} />
      <Link href={paths.orderContract} className="btn btn--ghost" style={{ marginTop: 14 }}>
        <Trans>My positions</Trans>
      </Link>
    </Page>
  );
}
