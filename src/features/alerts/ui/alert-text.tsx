import type { Alert } from "@contract/alerts";
import { useLingui } from "@lingui/react/macro";
import { formatRate } from "@/shared/i18n/format";
import { formatPrice } from "@/shared/market/format";

/** What an alert watches for, in a line: "Above 60,500.00", "Moves 5% within 1 h". */
export function useAlertCondition(): (alert: Alert, precision: number) => string {
  const { t } = useLingui();
  return (alert, precision) => {
    if (alert.kind === "above") return t`Above ${formatPrice(alert.price, precision)}`;
    if (alert.kind === "below") return t`Below ${formatPrice(alert.price, precision)}`;
    const rate = formatRate(alert.rate);
    switch (alert.window_s) {
      case 60:
        return t`Moves ${rate} within 1 min`;
      case 300:
        return t`Moves ${rate} within 5 min`;
      case 3600:
        return t`Moves ${rate} within 1 h`;
      default:
        return t`Moves ${rate} within 24 h`;
    }
  };
}
