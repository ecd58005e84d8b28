import { useState } from "react";
import { Trans } from "@lingui/react/macro";
import { isBusy } from "@/shared/pwa/busy";
import { applyUpdate, dismissUpdate, useUpdateState } from "@/shared/pwa/updates";
import "./pwa.css";

/** "New version available": the user reloads when it suits them, never in the middle of a form. */
export function UpdatePrompt() {
  const update = useUpdateState();
  const [busy, setBusy] = useState(false);
  if (!update.waiting || update.dismissed) return null;
  const reload = () => setBusy(!applyUpdate(isBusy));
  return (
    <div className="pwa-sheet" role="alertdialog" aria-labelledby="update-title" aria-describedby="update-text" data-testid="update-prompt">
      <div className="pwa-sheet__text">
        <strong id="update-title">
          <Trans>New version available</Trans>
        </strong>
        <span id="update-text">
          {busy ? (
            <Trans>Finish or leave what you are filling in first: reloading now would lose it.</Trans>
          ) : (
            <Trans>Reload to use it. Nothing changes until you do.</Trans>
          )}
        </span>
      </div>
      <div className="pwa-sheet__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={dismissUpdate}>
          <Trans>Later</Trans>
        </button>
        <button type="button" className="btn btn--primary btn--small" onClick={reload} disabled={update.applying}>
          <Trans>Reload</Trans>
        </button>
      </div>
    </div>
  );
}
