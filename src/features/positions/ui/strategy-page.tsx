import { useState, type ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { SelectField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { useQuotes } from "../api/quotes";
import { formatPercentText, formatPrice, signOf } from "../model/format";
import { TradeTicket } from "./trade-ticket";
import "./positions.css";

const SYMBOL_KEY = "contract-symbol";

function storedSymbol(): string {
  try {
    return localStorage.getItem(SYMBOL_KEY) ?? "BTC/USDT";
  } catch {
    return "BTC/USDT";
  }
}

/**
 * `/pages/strategy/index`: leveraged contracts on the crypto pairs (`?symbol=ETH/USDT` picks one, `&side=sell` a short). `riskWarning` is
 * the app's loss-share warning, shown above the ticket's submit button.
 */
export function StrategyPage({ riskWarning }: { riskWarning?: ReactNode } = {}) {
  const { t } = useLingui();
  const params = new URLSearchParams(useSearch());
  const asked = params.get("symbol")?.toUpperCase();
  const side = params.get("side") === "sell" ? "sell" : params.get("side") === "buy" ? "buy" : undefined;
  const [symbol, setSymbol] = useState(() => asked || storedSymbol());
  const quotes = useQuotes([symbol]);
  const pairs = (quotes.data ?? []).filter((q) => q.kind === "crypto");
  const current = pairs.find((q) => q.symbol === symbol);
  const choose = (next: string) => {
    setSymbol(next);
    try {
      localStorage.setItem(SYMBOL_KEY, next);
    } catch {
      // private mode: the choice lasts for this screen only
    }
  };
  const tone = signOf(current?.change_24h);
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
      <div className="pair-picker">
        <SelectField label={<Trans>Pair</Trans>} name="symbol" value={symbol} onChange={(e) => choose(e.target.value)}>
          {(pairs.length ? pairs : [{ symbol }]).map((q) => (
            <option key={q.symbol} value={q.symbol}>
              {q.symbol}
            </option>
          ))}
        </SelectField>
        {current && (
          <div className="pair-picker__price">
            <strong className={tone > 0 ? "up" : tone < 0 ? "down" : undefined}>{formatPrice(current.last, current.price_precision)}</strong>
            <small className={tone > 0 ? "up" : tone < 0 ? "down" : "faint"}>
              {tone > 0 ? "+" : ""}
              {formatPercentText(current.change_24h)}
            </small>
          </div>
        )}
      </div>
      <TradeTicket symbol={symbol} riskWarning={riskWarning} side={side} />
      <Link href={paths.orderContract} className="btn btn--ghost" style={{ marginTop: 14 }}>
        <Trans>My positions</Trans>
      </Link>
    </Page>
  );
}
