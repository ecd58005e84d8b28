import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDecimal } from "../i18n/format";
import { TextField } from "./field";

/**
 * The parts every order ticket shares (leveraged positions, spot): the order type, the limit price and quantity
 * fields, and the preview block of what the order will cost before it is sent.
 */

/** A decimal typed on a phone keyboard: a comma becomes a point. */
const decimal = (value: string) => value.replace(",", ".");

export function OrderTypeSwitch({ type, onType }: { type: "market" | "limit"; onType: (type: "market" | "limit") => void }) {
  const { t } = useLingui();
  return (
    <div className="segments" role="radiogroup" aria-label={t`Order type`}>
      <button type="button" role="radio" className="segments__item" aria-checked={type === "market"} onClick={() => onType("market")}>
        {/* A market order (市价), not the market list (市场): its own message. */}
        <Trans context="order type">Market</Trans>
      </button>
      <button type="button" role="radio" className="segments__item" aria-checked={type === "limit"} onClick={() => onType("limit")}>
        <Trans>Limit</Trans>
      </button>
    </div>
  );
}

/** The limit price of an order: the last price as a placeholder, what the limit means as a hint. */
export function LimitPriceField({ label, value, onValue, placeholder, error, hint }: { label: ReactNode; value: string; onValue: (value: string) => void; placeholder: string; error?: string; hint?: ReactNode }) {
  return <TextField label={label} name="price" inputMode="decimal" autoComplete="off" value={value} onChange={(e) => onValue(decimal(e.target.value))} placeholder={placeholder} error={error} hint={hint} />;
}

/** The quantity of an order with the pair's step and bounds as its hint and the unit beside it. */
export function QuantityField({ label, value, onValue, error, rules, unit }: {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  rules: { quantity_step: string; quantity_min: string; quantity_max: string };
  unit: ReactNode;
}) {
  return (
    <TextField
      label={label}
      name="quantity"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(e) => onValue(decimal(e.target.value))}
      error={error}
      hint={<Trans>Step {formatDecimal(rules.quantity_step)} · min {formatDecimal(rules.quantity_min)} · max {formatDecimal(rules.quantity_max)}</Trans>}
      suffix={<span className="faint">{unit}</span>}
    />
  );
}

/** What the order will cost, before it is sent; `shortfall` says when the balance does not cover it, `note` adds a line. */
export function TicketPreview({ className, testId, shortfall, note, children }: { className: string; testId: string; shortfall?: ReactNode; note?: ReactNode; children: ReactNode }) {
  return (
    <div className={className} aria-live="polite" data-testid={testId}>
      {children}
      {shortfall && (
        <p className="field__error" role="alert" style={{ margin: "4px 0 0" }}>
          {shortfall}
        </p>
      )}
      {note && (
        <p className="faint" style={{ fontSize: 12, margin: "4px 0 0" }}>
          {note}
        </p>
      )}
    </div>
  );
}
