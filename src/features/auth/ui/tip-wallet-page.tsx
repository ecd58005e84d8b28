import { useLocation } from "wouter";
import { Trans } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { walletProvider } from "../model/wallet-provider";
import { signInWithWallet } from "../model/wallet-signin";

/** Shown when the wallet refused to connect or sign: try again, use an account instead, or go back. */
export function TipWalletPage() {
  const [, navigate] = useLocation();
  const retry = useAction(async () => {
    const provider = walletProvider();
    if (!provider) return;
    if ((await signInWithWallet(provider)) === "signed-in") navigate(paths.home, { replace: true });
  });
  return (
    <Page title={<Trans>Wallet connection</Trans>}>
      <div className="empty" style={{ paddingTop: 64 }}>
        <Icon name="wallet" className="empty__icon" size={56} />
        <strong style={{ color: "var(--text)", fontSize: 17 }}>
          <Trans>The wallet connection was refused</Trans>
        </strong>
        <div>
          <Trans>Approve the connection and the signature request in your wallet to sign in. Signing costs nothing and sends no transaction.</Trans>
        </div>
      </div>
      <div className="form">
        {walletProvider() && (
          <button type="button" className="btn btn--primary" onClick={() => void retry.run()} disabled={retry.pending}>
            <Trans>Try again</Trans>
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={() => navigate(paths.login, { replace: true })}>
          <Trans>Log in with an account</Trans>
        </button>
      </div>
    </Page>
  );
}
