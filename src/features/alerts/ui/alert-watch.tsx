import type { Alert } from "@contract/alerts";
import { useLingui } from "@lingui/react/macro";
import { useTopics } from "@/shared/api/realtime";
import { formatPrice } from "@/shared/market/format";
import { decimalsOf } from "@/shared/lib/decimal";
import { showToast } from "@/shared/state/store";
import { refreshAlerts } from "../api/alerts";
import { useAlertCondition } from "./alert-text";

/**
 * While signed in: a fired alert arriving on the socket (`alerts`, no subscription needed) shows as a toast naming
 * its tick, and the alerts list is refreshed. With the app closed, the same firing arrives as a Web Push (kind `alert`).
 */
export function AlertWatch() {
  const { t } = useLingui();
  const condition = useAlertCondition();
  useTopics<Alert>(
    [{ channel: "alerts" }],
    (alert) => {
      void refreshAlerts();
      if (!alert?.fired_tick) return;
      const precision = Math.min(decimalsOf(alert.fired_tick.price), 8);
      const price = formatPrice(alert.fired_tick.price, precision);
      showToast(t`${alert.symbol} at ${price}: ${condition(alert, precision)}`, "info", 8_000);
    },
    { user: true },
  );
  return null;
}
