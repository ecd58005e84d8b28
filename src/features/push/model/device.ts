/**
 * This device's Web Push subscription: whether the platform offers it, subscribing with the server's VAPID key and
 * telling the server, and the reverse. The service worker (sw/sw.ts) shows what arrives.
 */
import { isIos, isStandalone } from "@/shared/pwa/install";
import { getPushKey, postPushSubscribe, postPushUnsubscribe } from "../api/push";

/**
 * `supported`; `needs-install`: iPhone and iPad offer push only to an app added to the Home Screen (iOS 16.4 and
 * later); `unsupported`: no PushManager here (an older iOS, some in-app browsers).
 */
export type PushSupport = "supported" | "needs-install" | "unsupported";

export function pushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported";
  if ("serviceWorker" in navigator && "PushManager" in window && typeof Notification !== "undefined") return "supported";
  return isIos() && !isStandalone() ? "needs-install" : "unsupported";
}

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
};

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** Whether this device holds a push subscription (the server may still have dropped it: `subscribeDevice` renews). */
export async function deviceSubscribed(): Promise<boolean> {
  if (pushSupport() !== "supported") return false;
  const reg = await navigator.serviceWorker.getRegistration();
  return Boolean(await reg?.pushManager.getSubscription());
}

/**
 * Subscribes this device (permission must be granted) and gives the subscription to the server, which ties it to
 * this session. A subscription made with another server key is replaced.
 */
export async function subscribeDevice(): Promise<boolean> {
  if (pushSupport() !== "supported" || Notification.permission !== "granted") return false;
  const { public_key } = await getPushKey({}, { silent: true, loading: false });
  const key = fromBase64url(public_key);
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
  await postPushSubscribe({ endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } }, { loading: false });
  return true;
}

/** Stops pushes to this device: the server forgets it, the browser drops the subscription. */
export async function unsubscribeDevice(): Promise<void> {
  if (pushSupport() !== "supported") return;
  const reg = await navigator.serviceWorker.getRegistration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  await postPushUnsubscribe({ endpoint: subscription.endpoint }, { silent: true, loading: false }).catch(() => undefined);
  await subscription.unsubscribe();
}
