import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { SelectField } from "@/shared/ui/field";
import { useQuotes } from "../api/quotes";
import { OptionTicket } from "./option-ticket";
import "./options.css";

const SYMBOL_KEY = "options-symbol";

function storedSymbol(): string {
  try {
    return localStorage.getItem(SYMBOL_KEY) ?? "BTC/USDT";
  } catch {
    return "BTC/USDT";
  }
}

/**
 * The options tab of `/pages/strategy/index`: a crypto pair, its live price, and the options ticket. `riskWarning`
 * is the app's loss-share warning, shown above the ticket's submit button.
 */
export function OptionsPanel({ initialSymbol, riskWarning }: { initialSymbol?: string; riskWarning?: ReactNode }) {
  const [symbol, setSymbol] = useState(() => initialSymbol || storedSymbol());
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
  return (
    <>
      <div className="pair-picker">
        <SelectField label={<Trans>Pair</Trans>} name="option-symbol" value={symbol} onChange={(e) => choose(e.target.value)}>
          {(pairs.length ? pairs : [{ symbol }]).map((q) => (
            <option key={q.symbol} value={q.symbol}>
              {q.symbol}
            </option>
          ))}
        </SelectField>
        {current && (
          <div className="pair-picker__price">
            <strong className="num" data-testid="option-pair-price">
              {current.last}
            </strong>
            {current.source === "sim" && (
              <span className="badge badge--warn" data-testid="demo-badge">
                <Trans>Demo market data</Trans>
              </span>
            )}
          </div>
        )}
      </div>
      <OptionTicket symbol={symbol} kind="crypto" desk="crypto" riskWarning={riskWarning} />
      <Link href={paths.strategyOrder} className="btn btn--ghost" style={{ marginTop: 14 }}>
        <Trans>My options</Trans>
      </Link>
    </>
  );
}

/** The options section of the forex detail page: the same ticket on `microtrade/whsubmit`; `hours` states the market's trading hours under the periods. */
export function ForexOptionsSection({ symbol, kind, riskWarning, hours }: { symbol: string; kind: "forex" | "metal"; riskWarning?: ReactNode; hours?: ReactNode }) {
  return (
    <section className="section" aria-labelledby="fx-options-title">
      <h2 className="section__title" id="fx-options-title">
        <Trans>Timed options on {symbol}</Trans>
        <Link href={`${paths.strategyOrder}?desk=forex`} className="btn--link">
          <Trans>My options</Trans>
        </Link>
      </h2>
      <OptionTicket symbol={symbol} kind={kind} desk="forex" riskWarning={riskWarning} hours={hours} />
    </section>
  );
}
