import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import type { DepositStatus } from "@contract/funding";
import { Icon } from "@/shared/ui/icons";
import { statusLabels, statusTone } from "../model/labels";
export { flatten, LoadMore } from "@/shared/ui/load-more";
export { Amount } from "./amount";

/** A deposit's or withdrawal's state in a word, coloured. */
export function StatusBadge({ status }: { status: DepositStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge ${statusTone[status]}`}>{i18n._(statusLabels[status])}</span>;
}

/** A round badge with the currency's letters. */
export function CoinIcon({ currency }: { currency: string }) {
  return (
    <span className={`coin coin--${currency}`} aria-hidden="true">
      {currency.slice(0, 4)}
    </span>
  );
}

export function Notice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="notice" role="note" style={{ marginBottom: 12 }}>
      <Icon name="info" size={18} />
      <div style={{ flex: 1 }}>
        {children}
        {action && <div style={{ marginTop: 8 }}>{action}</div>}
      </div>
    </div>
  );
}
