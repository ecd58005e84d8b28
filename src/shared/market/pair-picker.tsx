import { useState, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import type { Quotation } from "@contract/market";
import { signOf } from "../lib/decimal";
import { SelectField } from "../ui/field";
import { DemoBadge } from "./demo-badge";
import { formatPrice, precisionOf } from "./format";
import { formatPercent } from "../i18n/format";
import "./pair-picker.css";

/**
 * The pair select of a trading screen with the chosen pair's live price and 24 h change beside it (the contract,
 * options and forex screens: one picker, so they cannot drift apart).
 */
export function PairPicker({
  name,
  symbol,
  pairs,
  onChoose,
  priceTestId,
  label = <Trans>Pair</Trans>,
}: {
  name: string;
  symbol: string;
  /** The pairs to offer; while they load, the chosen one alone. */
  pairs: readonly Quotation[];
  onChoose: (symbol: string) => void;
  priceTestId?: string;
  label?: ReactNode;
}) {
  const current = pairs.find((q) => q.symbol === symbol);
  const tone = signOf(current?.change_24h);
  const toneClass = tone > 0 ? "up" : tone < 0 ? "down" : undefined;
  return (
    <div className="pair-picker">
      <SelectField label={label} name={name} value={symbol} onChange={(e) => onChoose(e.target.value)}>
        {(pairs.length ? pairs : [{ symbol }]).map((q) => (
          <option key={q.symbol} value={q.symbol}>
            {q.symbol}
          </option>
        ))}
      </SelectField>
      {current && (
        <div className="pair-picker__price">
          <strong className={toneClass} data-testid={priceTestId}>
            {formatPrice(current.last, precisionOf(current))}
          </strong>
          <small className={toneClass ?? "faint"}>{formatPercent(current.change_24h)}</small>
          <DemoBadge show={current.source === "sim"} />
        </div>
      )}
    </div>
  );
}

/** The pair a screen last showed, remembered on this device (`storageKey`); `asked` (a link's `?symbol=`) wins. */
export function useRememberedSymbol(storageKey: string, asked?: string, fallback = "BTC/USDT"): [string, (symbol: string) => void] {
  const [symbol, setSymbol] = useState(() => {
    if (asked) return asked;
    try {
      return localStorage.getItem(storageKey) ?? fallback;
    } catch {
      return fallback;
    }
  });
  const choose = (next: string) => {
    setSymbol(next);
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // private mode: the choice lasts for this screen only
    }
  };
  return [symbol, choose];
}
