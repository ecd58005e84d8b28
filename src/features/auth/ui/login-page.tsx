import { useState } from "react";
import { Link, useLocation } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { DisabledReason, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { Logo } from "@/shared/ui/logo";
import { Page } from "@/shared/ui/page";
import { login } from "../api/login";
import { startSession } from "../model/session";
import { loadWalletSignIn, walletProvider } from "../model/wallet-provider";

/** Passkey sign-in, loaded when it is used. */
const loadPasskeySignIn = () => import("../model/passkey-signin");
// Asked here rather than through shared/lib/passkey-support: a chunk of its own would cost the first route's budget.
const passkeysSupported = () => typeof window.PublicKeyCredential === "function";
import "./auth.css";

export function LoginPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const submit = useAction(async () => {
    const session = await login({ account, password });
    await startSession(session);
    showToast(i18n._(successes.LOGIN.key), "success");
    navigate(paths.home, { replace: true });
  });
  // With the account typed, only its passkeys are offered; empty, any passkey of ours the device holds.
  const passkey = useAction(async () => {
    const { signInWithPasskey } = await loadPasskeySignIn();
    if (!(await signInWithPasskey(account.trim()))) return;
    showToast(i18n._(successes.LOGIN.key), "success");
    navigate(paths.home, { replace: true });
  });
  const wallet = useAction(async () => {
    const provider = walletProvider();
    if (!provider) return;
    const { signInWithWallet } = await loadWalletSignIn();
    const outcome = await signInWithWallet(provider);
    navigate(outcome === "signed-in" ? paths.home : paths.tipWallet, { replace: true });
  });

  return (
    <Page
      title={<Trans>Log in</Trans>}
      nav="default"
      back={false}
      navRight={
        <Link href={paths.language} className="icon-btn" aria-label={t`Language`}>
          <Icon name="globe" />
        </Link>
      }
    >
      <div className="auth-hero">
        <Logo />
        <div className="auth-hero__name">TradeWise</div>
        <div className="auth-hero__tagline">
          <Trans>Crypto, forex and metals, with a ledger you can check.</Trans>
        </div>
      </div>
      <form className="form" onSubmit={submit.onSubmit} noValidate>
        <TextField
          label={<Trans>Account or e-mail</Trans>}
          name="account"
          autoComplete="username"
          autoCapitalize="none"
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          placeholder={t`Enter your account or e-mail`}
          error={submit.errorOf("account")}
          required
        />
        <TextField
          label={<Trans>Password</Trans>}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder={t`Enter your password`}
          error={submit.errorOf("password")}
          required
        />
        <div className="auth-links">
          <span />
          <Link href={paths.forget}>
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <button type="submit" className="btn btn--primary" disabled={submit.pending || !account || !password}>
          <Trans>Log in</Trans>
        </button>
        <DisabledReason>{!account || !password ? <Trans>Enter your account and password.</Trans> : null}</DisabledReason>
      </form>
      {(passkeysSupported() || walletProvider()) && (
        <div className="divider">
          <Trans>or</Trans>
        </div>
      )}
      {passkeysSupported() && (
        <button type="button" className="btn btn--ghost" onClick={() => void passkey.run()} disabled={passkey.pending}>
          <Icon name="key" />
          <Trans>Sign in with a passkey</Trans>
        </button>
      )}
      {walletProvider() && (
        <>
          <button type="button" className="btn btn--ghost" onClick={() => void wallet.run()} disabled={wallet.pending}>
            <Icon name="wallet" />
            <Trans>Sign in with wallet</Trans>
          </button>
        </>
      )}
      <p className="auth-foot">
        <Trans>
          No account yet? <Link href={paths.register}>Register</Link>
        </Trans>
      </p>
    </Page>
  );
}
