import { useEffect, useState } from "react";
import { get, set } from "idb-keyval";
import { Trans } from "@lingui/react/macro";
import { callsDone } from "@/shared/api/calls-done";
import { getNotifyEnabled, setNotifyEnabled } from "@/shared/pwa/notices";
import { Modal } from "@/shared/ui/modal";
import { pushSupport, subscribeDevice } from "../model/device";

/** The calls that place a trade: the first one that succeeds is the moment to offer notifications. */
const TRADE_CALLS = new Set(["lever/submit", "coin/trade", "microtrade/submit", "microtrade/whsubmit"]);
/** Set once the user answered the offer (either way): it is never offered twice; the settings screen remains. */
const ASKED_KEY = "push-asked";

async function shouldOffer(): Promise<boolean> {
  if (pushSupport() !== "supported" || Notification.permission !== "default") return false;
  return (await get<boolean>(ASKED_KEY).catch(() => true)) !== true;
}

/**
 * While signed in: keeps this device's push subscription tied to the current session (logging out drops it on the
 * server), and after the user's first trade offers notifications, saying what they are for, rather than asking on a
 * first visit when the question means nothing yet.
 */
export function PushWatch() {
  const [offer, setOffer] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void (async () => {
      if (pushSupport() === "supported" && Notification.permission === "granted" && (await getNotifyEnabled())) await subscribeDevice().catch(() => undefined);
    })();
    const onCall = (path: string) => {
      if (TRADE_CALLS.has(path)) void shouldOffer().then((yes) => yes && setOffer(true));
    };
    callsDone.add(onCall);
    return () => void callsDone.delete(onCall);
  }, []);

  const answer = async (allow: boolean) => {
    setBusy(true);
    await set(ASKED_KEY, true).catch(() => undefined);
    try {
      // Asked from the button's tap: browsers only show the permission prompt for a user gesture.
      if (allow && (await Notification.requestPermission()) === "granted") {
        await setNotifyEnabled(true);
        await subscribeDevice().catch(() => undefined);
      }
    } finally {
      setBusy(false);
      setOffer(false);
    }
  };

  return (
    <Modal
      open={offer}
      title={<Trans>Know when your orders fill</Trans>}
      onClose={() => void answer(false)}
      actions={
        <>
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void answer(false)}>
            <Trans>Later</Trans>
          </button>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void answer(true)} data-testid="push-allow">
            <Trans>Allow notifications</Trans>
          </button>
        </>
      }
    >
      <p>
        <Trans>Fills, stops and margin warnings, even with the app closed.</Trans>
      </p>
    </Modal>
  );
}
