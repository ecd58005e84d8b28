import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { ActiveSession } from "@contract/security";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { ConfirmModal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { deviceName, endOtherSessions, endSession, useSessions } from "../api/security";
import { DisabledReason } from "@/shared/ui/field";
import "./account.css";

/** Where the account is signed in: device, browser, address, last use; log one out, or every other one. */
export function SessionsPage() {
  const { t } = useLingui();
  const { data, isLoading, mutate } = useSessions();
  const [ending, setEnding] = useState<ActiveSession | "others" | null>(null);
  const end = useAction(async () => {
    if (ending === "others") {
      const { ended } = await endOtherSessions({});
      showToast(t`${plural(ended, { one: "# session logged out", other: "# sessions logged out" })}`, "success");
    } else if (ending) {
      await endSession({ id: ending.id });
      showToast(t`Session logged out`, "success");
    }
    setEnding(null);
    await mutate();
  });
  const list = data?.list ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Page title={<Trans>Active sessions</Trans>} nav="default">
      {isLoading ? (
        <Skeleton lines={4} />
      ) : (
        <ul className="sessions" aria-label={t`Active sessions`}>
          {list.map((session) => (
            <li key={session.id} className="card session" data-testid="session">
              <Icon name="phone" />
              <div className="session__text">
                <strong>{deviceName(session) || t`Unknown device`}</strong>
                {session.current && <span className="badge"><Trans>This device</Trans></span>}
                <div className="muted session__meta">
                  <span><Trans>IP {session.ip}</Trans></span>
                  <span><Trans>Last seen {formatDateTime(session.last_seen_at)}</Trans></span>
                  <span><Trans>Signed in {formatDateTime(session.created_at)}</Trans></span>
                </div>
              </div>
              {!session.current && (
                <button type="button" className="btn btn--ghost btn--small" onClick={() => setEnding(session)}>
                  <Trans>Log out</Trans>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn--danger" style={{ marginTop: 14 }} disabled={others === 0} onClick={() => setEnding("others")}>
        <Trans>Log out all other sessions</Trans>
      </button>
      <DisabledReason>{others === 0 ? <Trans>No other session is signed in.</Trans> : null}</DisabledReason>
      <p className="faint" style={{ fontSize: 12, marginTop: 10 }}>
        <Trans>A session you do not recognise? Log it out, then change your login password.</Trans>
      </p>
      <ConfirmModal
        open={ending !== null}
        title={ending === "others" ? <Trans>Log out all other sessions?</Trans> : <Trans>Log out this session?</Trans>}
        confirm={<Trans>Log out</Trans>}
        danger
        busy={end.pending}
        onConfirm={() => void end.run()}
        onClose={() => setEnding(null)}
      >
        {ending !== null && ending !== "others" ? deviceName(ending) : <Trans>Every device but this one will have to sign in again.</Trans>}
      </ConfirmModal>
    </Page>
  );
}
