import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { get, set } from "idb-keyval";
import { promptInstall, useInstallOffer } from "@/shared/pwa/install";
import { Cell } from "@/shared/ui/cell";
import { Modal } from "@/shared/ui/modal";
import "./pwa.css";

/** "Install app" in the account menu: the browser's install dialog, or on iOS the Share-menu steps. */
export function InstallAppCell() {
  const offer = useInstallOffer();
  const [showSteps, setShowSteps] = useState(false);
  if (!offer) return null;
  return (
    <>
      <Cell icon="download" label={<Trans>Install app</Trans>} onClick={() => (offer === "prompt" ? void promptInstall() : setShowSteps(true))} />
      <IosSteps open={showSteps} onClose={() => setShowSteps(false)} />
    </>
  );
}

function IosSteps({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={<Trans>Add TradeWise to your Home Screen</Trans>}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          <Trans>Got it</Trans>
        </button>
      }
    >
      <ol className="install-steps">
        <li>
          <Trans>Tap the Share button in Safari's toolbar.</Trans>
        </li>
        <li>
          <Trans>Choose "Add to Home Screen", then "Add".</Trans>
        </li>
      </ol>
      <p>
        <Trans>It opens full screen, starts faster and shows your last data offline.</Trans>
      </p>
    </Modal>
  );
}

const HINT_SEEN_KEY = "ios-install-hint-seen";

/** iOS Safari has no install prompt: a one-time hint, dismissed for good on this device. */
export function IosInstallHint() {
  const { t } = useLingui();
  const offer = useInstallOffer();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (offer !== "ios-hint") return;
    let active = true;
    void get<boolean>(HINT_SEEN_KEY)
      .then((seen) => active && setVisible(!seen))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [offer]);
  if (!visible || offer !== "ios-hint") return null;
  const close = () => {
    setVisible(false);
    void set(HINT_SEEN_KEY, true).catch(() => undefined);
  };
  return (
    <div className="pwa-sheet" role="dialog" aria-label={t`Install app`} data-testid="ios-install-hint">
      <div className="pwa-sheet__text">
        <strong>
          <Trans>Install TradeWise</Trans>
        </strong>
        <span>
          <Trans>Tap Share, then "Add to Home Screen".</Trans>
        </span>
      </div>
      <div className="pwa-sheet__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={close}>
          <Trans>Got it</Trans>
        </button>
      </div>
    </div>
  );
}
