import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import type { Position } from "@contract/positions";
import { Icon } from "@/shared/ui/icons";
import { formatAmount } from "@/shared/i18n/format";
import { signOf } from "@/shared/lib/decimal";
import { directionLabels, statusLabels, statusTone } from "../model/labels";


export function Notice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="notice" role="note">
      <Icon name="info" size={18} />
      <div style={{ flex: 1 }}>
        {children}
        {action && <div style={{ marginTop: 8 }}>{action}</div>}
      </div>
    </div>
  );
}

/**
 * An amount of the margin currency where the heading names it ("Margin (USDT)"): every position is margined in
 * USDT, so its amounts take USDT's decimals.
 */
export const inUsdt = (value: string | null | undefined, { signed = false } = {}) => formatAmount(value, "USDT", { signed, showCurrency: false });

/** A profit green, a loss red, with its sign. */
export function Pnl({ value, currency, testId }: { value: string | null; currency?: string; testId?: string }) {
  const tone = signOf(value);
  return (
    <span className={`num ${tone > 0 ? "up" : tone < 0 ? "down" : ""}`} data-testid={testId}>
      {inUsdt(value, { signed: true })}
      {currency ? ` ${currency}` : ""}
    </span>
  );
}

export function DirectionBadge({ position }: { position: Pick<Position, "direction" | "leverage"> }) {
  const { i18n } = useLingui();
  return (
    <span className={`badge ${position.direction === "long" ? "badge--up" : "badge--danger"}`}>
      {i18n._(directionLabels[position.direction])} {position.leverage}x
    </span>
  );
}

export function StatusBadge({ status }: { status: Position["status"] }) {
  const { i18n } = useLingui();
  return <span className={`badge ${statusTone[status]}`}>{i18n._(statusLabels[status])}</span>;
}
