import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { PASSKEY_NAME_MAX } from "@contract/constants";
import { usePasskeys } from "@/shared/api/passkeys";
import { passkeysSupported } from "@/shared/lib/passkey-support";
import { formatDateTime } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { FillInReason, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { useStepUpAction } from "@/shared/ui/step-up";
import { addPasskey, removePasskey } from "../api/passkeys";
import "./account.css";

/**
 * Passkeys: sign in and confirm changes with the device's lock (fingerprint, face, PIN) instead of a password.
 * Add one (named), see when each was last used, remove one; adding and removing ask the step-up first.
 */
export function PasskeysPage() {
  const { t } = useLingui();
  const { data, isLoading } = usePasskeys();
  const [name, setName] = useState("");
  const add = useStepUpAction(async (stepUp) => {
    if (!(await addPasskey(name.trim(), stepUp))) return;
    setName("");
    showToast(t`Passkey added`, "success");
  });
  const remove = useStepUpAction(async (stepUp, id: number) => {
    await removePasskey(id, stepUp);
    showToast(t`Passkey removed`, "success");
  });
  const list = data?.list ?? [];
  return (
    <Page title={<Trans>Passkeys</Trans>} nav="default">
      <p className="faint" style={{ fontSize: 13, marginTop: 0 }}>
        <Trans>A passkey signs you in and confirms security changes with this device's screen lock, and it only works on TradeWise's own site.</Trans>
      </p>
      {isLoading ? (
        <Skeleton lines={2} />
      ) : list.length === 0 ? (
        <EmptyState icon="key">
          <Trans>No passkey yet.</Trans>
        </EmptyState>
      ) : (
        <ul className="sessions" aria-label={t`Passkeys`}>
          {list.map((passkey) => (
            <li key={passkey.id} className="card session" data-testid="passkey">
              <Icon name="key" />
              <div className="session__text">
                <strong>{passkey.name}</strong>
                <div className="muted session__meta">
                  <span>
                    <Trans>Added {formatDateTime(passkey.created_at)}</Trans>
                  </span>
                  <span>{passkey.last_used_at ? <Trans>Last used {formatDateTime(passkey.last_used_at)}</Trans> : <Trans>Never used</Trans>}</span>
                </div>
              </div>
              <button type="button" className="btn btn--ghost btn--small" disabled={remove.pending} onClick={() => remove.run(passkey.id)} aria-label={t`Remove ${passkey.name}`}>
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <form className="form" style={{ marginTop: 16 }} onSubmit={add.onSubmit} noValidate>
          <TextField
            label={<Trans>Passkey name</Trans>}
            name="name"
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            placeholder={t`For example: My phone`}
            error={add.errorOf("name")}
          />
          <button type="submit" className="btn btn--primary" disabled={add.pending || !name.trim()}>
            <Trans>Add a passkey</Trans>
          </button>
          <FillInReason missing={!name.trim()} />
        </form>
      ) : (
        <p className="notice" role="status" style={{ marginTop: 16 }}>
          <Trans>This browser cannot use passkeys.</Trans>
        </p>
      )}
      <p className="faint" style={{ fontSize: 12, marginTop: 14 }}>
        <Trans>Removing a passkey pauses withdrawals for 24 hours, as any security change does.</Trans>
      </p>
      {add.prompt}
      {remove.prompt}
    </Page>
  );
}
