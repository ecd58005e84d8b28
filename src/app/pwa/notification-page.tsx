import { useEffect, useId, useState } from "react";
import { Trans } from "@lingui/react/macro";
import { deviceSubscribed, subscribeDevice, unsubscribeDevice } from "@/features/push/model/device";
import { PushKinds } from "@/features/push/ui/push-kinds";
import { getNotifyEnabled, NOTICE_SYNC_TAG, setNotifyEnabled } from "@/shared/pwa/notices";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { useRouteMeta } from "../route-meta";
import { InstallAppCell } from "./install";
import "./pwa.css";

type Permission = NotificationPermission | "unsupported";
type Background = "on" | "open-only";

const notificationsSupported = () => typeof Notification !== "undefined" && "serviceWorker" in navigator;

/**
 * Notification settings on this device: system notifications on or off (asking the browser's permission the first
 * time; on, this device also subscribes to Web Push, off it unsubscribes), what is pushed while the app is closed,
 * kind by kind, and whether notices also refresh in the background. The in-app badge on the bell is always on.
 */
export function NotificationPage() {
  const route = useRouteMeta();
  const switchLabel = useId();
  const [permission, setPermission] = useState<Permission>(() => (notificationsSupported() ? Notification.permission : "unsupported"));
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [background, setBackground] = useState<Background>("open-only");
  const [subscribed, setSubscribed] = useState(false);

  useEffect(() => {
    void getNotifyEnabled().then(setEnabled);
    void backgroundRefresh().then(setBackground);
    void deviceSubscribed().then(setSubscribed, () => setSubscribed(false));
  }, []);

  const on = enabled === true && permission === "granted";
  const toggle = async () => {
    if (on) {
      await setNotifyEnabled(false);
      setEnabled(false);
      setSubscribed(false);
      await unsubscribeDevice().catch(() => undefined);
      return;
    }
    if (!notificationsSupported()) return;
    const answer = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
    setPermission(answer);
    if (answer === "granted") {
      await setNotifyEnabled(true);
      setEnabled(true);
      setSubscribed(await subscribeDevice().catch(() => false));
    }
  };

  return (
    <Page title={<Trans>Notifications</Trans>} nav={route.nav}>
      <div className="list">
        <div className="setting">
          <div className="setting__text">
            <span id={switchLabel}>
              <Trans>System notifications</Trans>
            </span>
            <small>
              <Trans>A notification on this device when a new message or notice arrives while the app is in the background.</Trans>
            </small>
          </div>
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={on}
            aria-labelledby={switchLabel}
            disabled={enabled === null || permission === "unsupported" || permission === "denied"}
            onClick={() => void toggle()}
            data-testid="notify-switch"
          />
        </div>
        <div className="setting">
          <div className="setting__text">
            <span>
              <Trans>Unread badge</Trans>
            </span>
            <small>
              <Trans>The bell on the home screen counts unread messages and notices.</Trans>
            </small>
          </div>
          <span className="badge badge--brand">
            <Trans>Always on</Trans>
          </span>
        </div>
        <div className="setting">
          <div className="setting__text">
            <span>
              <Trans>Background refresh</Trans>
            </span>
            <small>
              {background === "on" ? (
                <Trans>Notices are checked now and then even when the app is closed.</Trans>
              ) : (
                <Trans>Notices refresh while the app is open, when you come back to it and when the connection returns. Installing the app lets some browsers check in the background too.</Trans>
              )}
            </small>
          </div>
          <span className={`badge${background === "on" ? " badge--up" : ""}`}>{background === "on" ? <Trans>On</Trans> : <Trans>App open</Trans>}</span>
        </div>
      </div>

      {permission === "denied" && (
        <div className="notice" role="note" style={{ marginTop: 12 }}>
          <Icon name="info" size={18} />
          <span>
            <Trans>Notifications are blocked for this site. Allow them in your browser's site settings, then come back here.</Trans>
          </span>
        </div>
      )}
      {permission === "unsupported" && (
        <div className="notice" role="note" style={{ marginTop: 12 }}>
          <Icon name="info" size={18} />
          <span>
            <Trans>This browser can't show notifications. On iPhone and iPad, add the app to your Home Screen first.</Trans>
          </span>
        </div>
      )}

      <PushKinds active={on && subscribed} explain={permission !== "unsupported"} />

      <div className="list" style={{ marginTop: 12 }}>
        <InstallAppCell />
      </div>
    </Page>
  );
}

/** Whether the periodic background sync of notices is registered on this device. */
async function backgroundRefresh(): Promise<Background> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const periodicSync = (registration as (ServiceWorkerRegistration & { periodicSync?: { getTags(): Promise<string[]> } }) | undefined)?.periodicSync;
    const tags = (await periodicSync?.getTags()) ?? [];
    return tags.includes(NOTICE_SYNC_TAG) ? "on" : "open-only";
  } catch {
    return "open-only";
  }
}
