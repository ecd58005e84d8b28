import type { Alert } from "@contract/alerts";
import { useLingui } from "@lingui/react/macro";
import { useTopics } from "@/shared/api/realtime";
import { formatPrice } from "@/shared/market/format";
import { decimalsOf } from "@/shared/lib/decimal";
import { showToast } from "@/shared/state/store";
import { paths } from "@/shared/lib/paths";
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
      const text = t`${alert.symbol} at ${price}: ${condition(alert, precision)}`;
      showToast(text, "info", 8_000);
      const symbol = alert.symbol;
      void notify(alert, t`Price alert: ${symbol}`, text);
    },
    { user: true },
  );
  return null;
}

/**
 * A system notification too, when the user allowed them: an alert is what the user asked to be told, also in another
 * tab or with the screen off. Its tag is the push's (`alert:<id>`), so a Web Push of the same firing replaces it.
 */
async function notify(alert: Alert, title: string, body: string): Promise<void> {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const registration = await navigator.serviceWorker?.getRegistration();
  // Through the worker: phones (Android Chrome) refuse `new Notification()` from a page.
  await registration?.showNotification(title, { body, tag: `alert:${alert.id}`, icon: "icons/icon-192.png", data: { path: paths.alerts } }).catch(() => undefined);
}
