import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatQuantity } from "../i18n/format";
import { TextField } from "./field";
import { Segments } from "./segments";
import { decimalInput } from "../i18n/decimal-input";

/**
 * The parts every order ticket shares (leveraged positions, spot): the order type, the limit price and quantity
 * fields, and the preview block of what the order will cost before it is sent.
 */

/** The order types a ticket may offer (spot has the stops, contracts the stop entry). */
export type TicketOrderType = "market" | "limit" | "stop_market" | "stop_limit" | "trailing_stop" | "oco" | "stop";

/** A ticket's order types, market and limit unless it offers more (`types`). */
export function OrderTypeSwitch<T extends TicketOrderType>({ type, onType, types = ["market", "limit"] as T[] }: { type: T; onType: (type: T) => void; types?: readonly T[] }) {
  const { t } = useLingui();
  const label: Record<TicketOrderType, string> = {
    // A market order (市价), not the market list (市场): its own message.
    market: t({ message: "Market", context: "order type" }),
    limit: t`Limit`,
    stop_market: t`Stop-market`,
    stop_limit: t`Stop-limit`,
    trailing_stop: t`Trailing stop`,
    // One-cancels-the-other: the name traders know it by.
    oco: t`OCO`,
    stop: t`Stop entry`,
  };
  return (
    <Segments as="radio" className={types.length > 4 ? "segments--wrap" : undefined} label={t`Order type`} value={type} onChange={onType} segments={types.map((value) => ({ value, label: label[value] }))} />
  );
}

/** The limit price of an order: the last price as a placeholder, what the limit means as a hint. */
export function LimitPriceField({ label, value, onValue, placeholder, error, hint, name = "price" }: { label: ReactNode; value: string; onValue: (value: string) => void; placeholder: string; error?: string; hint?: ReactNode; name?: string }) {
  return <TextField label={label} name={name} {...decimalInput(value, onValue)} placeholder={placeholder} error={error} hint={hint} />;
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
      {...decimalInput(value, onValue)}
      error={error}
      hint={<Trans>Step {formatQuantity(rules.quantity_step)} · min {formatQuantity(rules.quantity_min)} · max {formatQuantity(rules.quantity_max)}</Trans>}
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
