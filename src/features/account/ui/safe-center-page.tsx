import { Trans, useLingui } from "@lingui/react/macro";
import { usePasskeys } from "@/shared/api/passkeys";
import { useUserInfo } from "@/shared/api/user-info";
import { formatDateTime } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { useAtomValue, userInfoAtom } from "@/shared/state/store";
import { Cell } from "@/shared/ui/cell";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { ReviewBadge } from "./review-badge";
import "./account.css";

/** The security centre: every credential, its state, and the withdrawal pause a change causes. */
export function SafeCenterPage() {
  const { t } = useLingui();
  useUserInfo();
  const passkeys = usePasskeys();
  const user = useAtomValue(userInfoAtom);
  if (!user) return null;
  return (
    <Page title={<Trans>Security centre</Trans>} nav="default">
      {user.withdraw_locked_until && (
        <div className="notice" role="status" style={{ marginBottom: 12 }}>
          <Icon name="lock" size={18} />
          <span>
            <Trans>After a security change, withdrawals are paused until {formatDateTime(user.withdraw_locked_until)}.</Trans>
          </span>
        </div>
      )}
      <div className="list">
        <Cell icon="lock" label={<Trans>Login password</Trans>} href={paths.password} value={t`Change`} />
        <Cell icon="key" label={<Trans>Trading password</Trans>} href={paths.payPassword} value={user.has_trade_password ? t({ message: "Set", context: "a password that has been set, as opposed to Not set" }) : t`Not set`} />
        <Cell icon="shield" label={<Trans>Google 2FA</Trans>} href={paths.google} value={user.google_bound ? t`Bound` : t`Not bound`} />
        <Cell icon="mail" label={<Trans>Email</Trans>} href={paths.email} value={user.email ?? t`Not bound`} />
        <Cell icon="card" label={<Trans>Bank cards</Trans>} href={paths.bank} />
        <Cell icon="shield" label={<Trans>Anti-phishing code</Trans>} href={paths.antiPhishing} value={user.anti_phishing_set ? t`On` : t`Not set`} />
        <Cell icon="phone" label={<Trans>Active sessions</Trans>} href={paths.sessions} />
        <Cell icon="record" label={<Trans>Login history</Trans>} href={paths.loginHistory} />
        <Cell icon="key" label={<Trans>Passkeys</Trans>} href={paths.passkeys} value={passkeys.data ? (passkeys.data.list.length ? String(passkeys.data.list.length) : t`Not set`) : undefined} />
        <Cell icon="user" label={<Trans>KYC verification</Trans>} href={paths.kyc} value={<ReviewBadge status={user.review_status} />} />
        <Cell icon="shield" label={<Trans>Proof of reserves</Trans>} href={paths.trust} />
      </div>
      <p className="faint" style={{ fontSize: 12, marginTop: 14 }}>
        <Trans>Changing the login password, the trading password or Google 2FA, or removing a passkey, pauses withdrawals for 24 hours. Setting them for the first time does not.</Trans>
      </p>
    </Page>
  );
}
