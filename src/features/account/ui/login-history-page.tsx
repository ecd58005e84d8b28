import { Trans, useLingui } from "@lingui/react/macro";
import type { LoginOutcome } from "@contract/security";
import { formatDateTime } from "@/shared/i18n/format";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Page } from "@/shared/ui/page";
import { deviceName, useLoginHistory } from "../api/security";
import "./account.css";

/** Sign-in attempts on the account, newest first: successes, wrong passwords, throttled tries, new devices. */
export function LoginHistoryPage() {
  const { t } = useLingui();
  const { data, isLoading } = useLoginHistory();
  const outcome: Record<LoginOutcome, string> = {
    success: t`Signed in`,
    wrong_password: t`Wrong password`,
    wrong_passkey: t`Passkey refused`,
    throttled: t`Refused: too many attempts`,
    frozen: t`Refused: account frozen`,
    locked: t`Refused: account locked`,
  };
  return (
    <Page title={<Trans>Login history</Trans>} nav="default">
      {isLoading ? (
        <Skeleton lines={6} />
      ) : !data?.list.length ? (
        <EmptyState />
      ) : (
        <ul className="sessions" aria-label={t`Login history`}>
          {data.list.map((event) => (
            <li key={event.id} className="card session" data-testid="login-event">
              <div className="session__text">
                <strong className={event.success ? "up" : "down"}>{outcome[event.outcome]}</strong>
                {event.new_device && <span className="badge"><Trans>New device</Trans></span>}
                <div className="muted session__meta">
                  <span>{formatDateTime(event.at)}</span>
                  <span><Trans>IP {event.ip}</Trans></span>
                  <span>{deviceName(event) || t`Unknown device`}</span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
