import useSWR from "swr";
import type { push } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET push/key: the VAPID public key a device subscribes with. */
export const getPushKey = endpoint<typeof push.key>({ method: "GET", path: "push/key", access: "user" });
/** POST push/subscribe: this device's PushSubscription (the same endpoint again updates it). */
export const postPushSubscribe = endpoint<typeof push.subscribe>({ method: "POST", path: "push/subscribe", access: "user" });
/** POST push/unsubscribe: stop pushing to this device. */
export const postPushUnsubscribe = endpoint<typeof push.unsubscribe>({ method: "POST", path: "push/unsubscribe", access: "user" });
/** GET push/settings: which kinds I receive. */
export const getPushSettings = endpoint<typeof push.settings>({ method: "GET", path: "push/settings", access: "user" });
/** POST push/settings: choose kinds. */
export const savePushSettings = endpoint<typeof push.saveSettings>({ method: "POST", path: "push/settings", access: "user" });

export const PUSH_SETTINGS_KEY = "push/settings";

export const usePushSettings = (enabled: boolean) =>
  useSWR(enabled ? PUSH_SETTINGS_KEY : null, () => getPushSettings({}, { silent: true, loading: false }), { revalidateOnFocus: false });
