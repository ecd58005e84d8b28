import { useSyncExternalStore } from "react";
import { Trans } from "@lingui/react/macro";
import { formatDateTime } from "../i18n/format";
import { useOnline } from "../api/online";
import { mounted, timeListeners, updatedAt } from "../api/swr";
import { Icon } from "./icons";
import "./offline-bar.css";

/** HH:mm today, YYYY-MM-DD HH:mm on another day (a phone may stay offline overnight). */
export function formatUpdatedAt(ms: number, now = Date.now()): string {
  const text = formatDateTime(Math.floor(ms / 1000));
  return new Date(now).toDateString() === new Date(ms).toDateString() ? text.slice(11, 16) : text.slice(0, 16);
}

/**
 * When the data on show was last updated: the oldest update among the keys the mounted screens use (what the user
 * reads is at least that old), or the newest update of any key when no mounted key has data. Null: nothing cached.
 */
export function dataUpdatedAt(): number | null {
  let oldestMounted: number | null = null;
  for (const key of mounted.keys()) {
    const at = updatedAt.get(key);
    if (at !== undefined && (oldestMounted === null || at < oldestMounted)) oldestMounted = at;
  }
  if (oldestMounted !== null) return oldestMounted;
  let newest: number | null = null;
  for (const at of updatedAt.values()) if (newest === null || at > newest) newest = at;
  return newest;
}

const subscribeTimes = (listener: () => void) => {
  timeListeners.add(listener);
  return () => timeListeners.delete(listener);
};

export function useDataUpdatedAt(): number | null {
  return useSyncExternalStore(subscribeTimes, dataUpdatedAt, () => null);
}

/**
 * Shown under the navigation bar while the server can't be reached: the screen shows the last data it saved, as
 * of the time given (the oldest update among the data on show), and actions that need the server are paused.
 */
export function OfflineBar() {
  const online = useOnline();
  const updatedAtMs = useDataUpdatedAt();
  if (online) return null;
  const time = updatedAtMs !== null ? formatUpdatedAt(updatedAtMs) : null;
  return (
    <div className="offline-bar" role="status" data-testid="offline-indicator">
      <Icon name="info" size={16} />
      <span>
        <Trans>Offline</Trans>
        {time !== null && (
          <>
            {" · "}
            <Trans>Updated</Trans> <time dateTime={new Date(updatedAtMs!).toISOString()}>{time}</time>
          </>
        )}
      </span>
      <span className="offline-bar__hint">
        <Trans>Actions need a connection</Trans>
      </span>
    </div>
  );
}
