import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { refreshUserInfo } from "@/shared/api/user-info";
import { useAction } from "@/shared/api/use-action";
import { copyText } from "@/shared/lib/clipboard";
import { showToast, useAtomValue, userInfoAtom } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { FillInReason, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { useStepUpAction } from "@/shared/ui/step-up";
import { QrCode } from "@/shared/ui/qr-code";
import { google } from "../api/google";
import "./account.css";

/** Google 2FA: scan the key, confirm with a code to bind; unbinding asks for the password and a code. */
export function GooglePage() {
  const user = useAtomValue(userInfoAtom);
  return (
    <Page title={<Trans>Google 2FA</Trans>} nav="default">
      {user?.google_bound ? <Unbind /> : <Bind />}
    </Page>
  );
}

function Bind() {
  const { t, i18n } = useLingui();
  const [key, setKey] = useState<{ secret: string; url: string } | null>(null);
  const [code, setCode] = useState("");
  // The server keeps the pending key until it is bound, so a user who scanned it and comes back sees the same one;
  // "New key" asks for another (the old one's codes then stop binding).
  const load = (action: "get" | "renew") =>
    google({ action }, { loading: false }).then((r) => {
      if (r.secret && r.otpauth_url) setKey({ secret: r.secret, url: r.otpauth_url });
    });
  useEffect(() => {
    void load("get");
  }, []);
  const submit = useStepUpAction(async (stepUp) => {
    await google({ action: "bind", code, ...stepUp });
    await refreshUserInfo();
    showToast(i18n._(successes.SET.key), "success");
  });
  return (
    <>
      <ol className="steps">
        <li><Trans>Install Google Authenticator or another TOTP app.</Trans></li>
        <li><Trans>Scan the code, or enter the key by hand.</Trans></li>
        <li><Trans>Enter the 6-digit code the app shows.</Trans></li>
      </ol>
      <div className="card" style={{ marginTop: 14, display: "grid", gap: 12 }}>
        {key ? (
          <>
            <QrCode text={key.url} label={t`Google authenticator key`} />
            <div className="secret">{key.secret}</div>
            <div style={{ display: "flex", gap: 8, justifyContent: "center" }}>
              <button type="button" className="btn btn--ghost btn--small" onClick={() => void copyText(key.secret)}>
                <Icon name="copy" size={16} />
                <Trans>Copy key</Trans>
              </button>
              <button type="button" className="btn btn--ghost btn--small" onClick={() => void load("renew")}>
                <Trans>New key</Trans>
              </button>
            </div>
          </>
        ) : (
          <Skeleton lines={4} />
        )}
      </div>
      <p className="notice" style={{ marginTop: 12 }}>
        <Icon name="info" size={18} />
        <span><Trans>Write the key down and keep it safe: it restores your codes on a new phone.</Trans></span>
      </p>
      <form className="form" onSubmit={submit.onSubmit} noValidate style={{ marginTop: 8 }}>
        <TextField label={<Trans>Google authenticator code</Trans>} name="code" inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} error={submit.errorOf("code")} />
        <button type="submit" className="btn btn--primary" disabled={submit.pending || code.length !== 6 || !key}>
          <Trans>Bind</Trans>
        </button>
        <FillInReason missing={Boolean(key) && code.length !== 6} />
      </form>
      {submit.prompt}
    </>
  );
}

function Unbind() {
  const { i18n } = useLingui();
  const [form, setForm] = useState({ password: "", code: "" });
  const submit = useAction(async () => {
    await google({ action: "unbind", ...form });
    await refreshUserInfo();
    showToast(i18n._(successes.UPDATE.key), "success");
  });
  return (
    <>
      <div className="card" style={{ display: "flex", gap: 12, alignItems: "center" }}>
        <Icon name="shield" />
        <div>
          <strong><Trans>Google 2FA is on</Trans></strong>
          <div className="muted" style={{ fontSize: 13 }}>
            <Trans>Password changes ask for a code from your authenticator app.</Trans>
          </div>
        </div>
      </div>
      <h2 className="section__title"><Trans>Turn off Google 2FA</Trans></h2>
      <form className="form" onSubmit={submit.onSubmit} noValidate>
        <TextField label={<Trans>Login password</Trans>} name="password" type="password" autoComplete="current-password" value={form.password} onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))} error={submit.errorOf("password")} />
        <TextField label={<Trans>Google authenticator code</Trans>} name="code" inputMode="numeric" maxLength={6} value={form.code} onChange={(e) => setForm((f) => ({ ...f, code: e.target.value }))} error={submit.errorOf("code")} />
        <p className="field__hint"><Trans>Turning it off pauses withdrawals for 24 hours.</Trans></p>
        <button type="submit" className="btn btn--danger" disabled={submit.pending || !form.password || form.code.length !== 6}>
          <Trans>Turn off</Trans>
        </button>
        <FillInReason missing={!form.password || form.code.length !== 6} />
      </form>
    </>
  );
}
