import type { ReactNode } from "react";
import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { PairPicker, useRememberedSymbol } from "@/shared/market/pair-picker";
import { useQuotes } from "@/shared/market/quotations";
import { OptionTicket } from "./option-ticket";
import "./options.css";

const SYMBOL_KEY = "options-symbol";

/**
 * The options tab of `/pages/strategy/index`: a crypto pair, its live price, and the options ticket. `riskWarning`
 * is the app's loss-share warning, shown above the ticket's submit button.
 */
export function OptionsPanel({ initialSymbol, riskWarning }: { initialSymbol?: string; riskWarning?: ReactNode }) {
  const [symbol, choose] = useRememberedSymbol(SYMBOL_KEY, initialSymbol);
  const quotes = useQuotes([symbol]);
  const pairs = (quotes.data ?? []).filter((q) => q.kind === "crypto");
  return (
    <>
      <PairPicker name="option-symbol" symbol={symbol} pairs={pairs} onChoose={choose} priceTestId="option-pair-price" />
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
