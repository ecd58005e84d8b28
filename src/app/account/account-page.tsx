import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { logout } from "@/features/auth/api/logout";
import { useUserInfo } from "@/shared/api/user-info";
import { endSession } from "@/shared/api/session";
import { useAction } from "@/shared/api/use-action";
import { copyText } from "@/shared/lib/clipboard";
import { paths } from "@/shared/lib/paths";
import { setTheme, showToast, themeAtom, useAtomValue, userInfoAtom } from "@/shared/state/store";
import { Cell } from "@/shared/ui/cell";
import { Icon } from "@/shared/ui/icons";
import { ConfirmModal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { ReviewBadge } from "@/features/account/ui/review-badge";
import { AssetsCard } from "@/features/wallet/ui/assets-card";
import { setConfirmsOpening, useConfirmsOpening } from "@/features/positions/model/confirm-pref";
import { InstallAppCell } from "../pwa/install";
import { DeskSheet } from "../trade/desk-sheets";
import "@/features/account/ui/account.css";

/** The account tab: who I am, the services and settings menus (each entry named after the page it opens; the page's
 * "Account" title is not repeated as a heading or an entry), theme and log out. */
export function AccountPage() {
  const { t, i18n } = useLingui();
  useUserInfo();
  const user = useAtomValue(userInfoAtom);
  const theme = useAtomValue(themeAtom);
  const [confirming, setConfirming] = useState(false);
  const [choosingDesk, setChoosingDesk] = useState(false);
  const confirmsOpening = useConfirmsOpening();
  const signOut = useAction(async () => {
    // The server revokes the token; whatever it answers, this device forgets the session.
    await logout({}).catch(() => undefined);
    showToast(i18n._(successes.LOGOUT.key), "success");
    await endSession();
    // Logging out works offline too: this device forgets the session and its data either way.
  }, { offline: "allow" });
  if (!user) return null;
  return (
    <Page title={<Trans>Account</Trans>} back={false} tabs>
      <section className="profile">
        <div className="avatar" aria-hidden="true">
          {user.account.slice(0, 1).toUpperCase()}
        </div>
        <div style={{ minWidth: 0 }}>
          <div className="profile__name">{user.account}</div>
          <div className="profile__meta">
            <span>UID {user.id}</span>
            <ReviewBadge status={user.review_status} />
          </div>
        </div>
      </section>

      <AssetsCard compact />

      <div className="card invite" style={{ marginTop: 12 }}>
        <div>
          <div className="faint" style={{ fontSize: 12 }}>
            <Trans>My invitation code</Trans>
          </div>
          <div className="invite__code">{user.invite_code}</div>
        </div>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void copyText(user.invite_code)}>
          <Icon name="copy" size={16} />
          <Trans>Copy</Trans>
        </button>
      </div>

      <h2 className="section__title">
        <Trans>Services</Trans>
      </h2>
      <nav className="list" aria-label={t`Account menu`}>
        <Cell icon="wallet" label={<Trans>Wallets</Trans>} href={paths.wallets} />
        <Cell icon="trade" label={<Trans>Transaction</Trans>} onClick={() => setChoosingDesk(true)} />
        <Cell icon="robot" label={<Trans>Arbitrage</Trans>} href={paths.arbitrage} />
        <Cell icon="bank" label={<Trans>Loan application</Trans>} href={paths.loanApply} />
        <Cell icon="list" label={<Trans>Trade order</Trans>} href={paths.orderTrade} />
        <Cell icon="record" label={<Trans>Transaction record</Trans>} href={paths.orderFinance} />
        <Cell icon="file" label={<Trans>Terms and conditions</Trans>} href={paths.agreements} />
        <InstallAppCell />
      </nav>

      <h2 className="section__title">
        <Trans>Settings</Trans>
      </h2>
      <nav className="list" aria-label={t`Settings menu`}>
        <Cell icon="bell" label={<Trans>Notification</Trans>} href={paths.notifications} />
        <Cell icon="bell" label={<Trans>Price alerts</Trans>} href={paths.alerts} />
        <Cell icon="shield" label={<Trans>Security centre</Trans>} href={paths.safeCenter} />
        <Cell icon="shield" label={<Trans>Proof of reserves</Trans>} href={paths.trust} />
        <Cell icon="key" label={<Trans>Google 2FA</Trans>} href={paths.google} value={user.google_bound ? t`Bound` : t`Not bound`} />
        <Cell icon="user" label={<Trans>KYC verification</Trans>} href={paths.kyc} value={<ReviewBadge status={user.review_status} />} />
        <Cell icon="mail" label={<Trans>Email</Trans>} href={paths.email} value={user.email ?? t`Not bound`} />
        <Cell icon="card" label={<Trans>Bank cards</Trans>} href={paths.bank} />
        <Cell icon="globe" label={<Trans>Language</Trans>} href={paths.language} />
        <Cell
          icon="candles"
          label={<Trans>Confirm before opening a position</Trans>}
          value={confirmsOpening ? t`On` : t`Off`}
          onClick={() => setConfirmsOpening(!confirmsOpening)}
        />
        <Cell
          icon={theme === "dark" ? "moon" : "sun"}
          label={<Trans>Dark mode</Trans>}
          value={theme === "dark" ? t`On` : t`Off`}
          onClick={() => void setTheme(theme === "dark" ? "light" : "dark")}
        />
      </nav>

      <button type="button" className="btn btn--danger" style={{ marginTop: 20 }} onClick={() => setConfirming(true)}>
        <Icon name="logout" />
        <Trans>Log out</Trans>
      </button>
      <p className="faint" style={{ textAlign: "center", fontSize: 12, marginTop: 16 }}>
        <Trans>Version {__APP_VERSION__}</Trans>
      </p>

      <DeskSheet open={choosingDesk} onClose={() => setChoosingDesk(false)} />
      <ConfirmModal open={confirming} title={<Trans>Log out?</Trans>} confirm={<Trans>Log out</Trans>} busy={signOut.pending} onConfirm={() => void signOut.run()} onClose={() => setConfirming(false)}>
        <Trans>You will need your password to sign in again.</Trans>
      </ConfirmModal>
    </Page>
  );
}
