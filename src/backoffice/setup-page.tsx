import { useState } from "react";
import { useLocation } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
import { copyText } from "@/shared/lib/clipboard";
import { TextField } from "@/shared/ui/field";
import { Logo } from "@/shared/ui/logo";
import { QrCode } from "@/shared/ui/qr-code";
import { setOperatorToken, setupBegin, setupFinish } from "./api";

/** The token of the first run's link (`#/setup?token=...`): it stays in the page, never in a server's access log. */
export function setupTokenOf(hash: string): string {
  const query = hash.split("?")[1] ?? "";
  return new URLSearchParams(query).get("token") ?? "";
}

/**
 * First run: the link printed at the first start opens this page. The first operator (admin) chooses a name and a
 * password, adds the key to an authenticator, and is created only once a code from it proves the enrolment.
 */
export function SetupPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [token] = useState(() => setupTokenOf(window.location.hash));
  const [form, setForm] = useState({ name: "", password: "", totp: "" });
  const [key, setKey] = useState<{ secret: string; uri: string } | null>(null);
  const begin = useAction(async () => setKey(await setupBegin({ token, name: form.name })));
  const finish = useAction(async () => {
    const session = await setupFinish({ token, ...form });
    setOperatorToken(session.token);
    navigate("/", { replace: true });
  });
  const edit = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));
  return (
    <div className="bo-login">
      <div style={{ display: "flex", alignItems: "center", gap: 10, marginBottom: 16 }}>
        <Logo size={40} />
        <h1 style={{ fontSize: 20 }}>
          <Trans>Create the first operator</Trans>
        </h1>
      </div>
      {!key ? (
        <form className="form" onSubmit={begin.onSubmit} noValidate>
          <p className="faint" style={{ marginTop: 0 }}>
            <Trans>This link works once, for 24 hours, while no operator exists. The operator you create here is an administrator.</Trans>
          </p>
          <TextField label={<Trans>Operator name</Trans>} name="name" autoComplete="username" value={form.name} onChange={edit("name")} error={begin.errorOf("name")} />
          <TextField
            label={<Trans>Password</Trans>}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={<Trans>At least 10 characters.</Trans>}
            value={form.password}
            onChange={edit("password")}
          />
          <button type="submit" className="btn btn--primary" disabled={begin.pending || !form.name || form.password.length < 10}>
            <Trans>Continue</Trans>
          </button>
        </form>
      ) : (
        <form className="form" onSubmit={finish.onSubmit} noValidate>
          <p style={{ marginTop: 0 }}>
            <Trans>Add this key to an authenticator app (scan the code or type the key), then enter the code it shows.</Trans>
          </p>
          <div style={{ display: "grid", justifyItems: "center", gap: 8 }}>
            <QrCode text={key.uri} label={t`Authenticator key`} />
            <code className="bo-code" data-testid="setup-secret">
              {key.secret}
            </code>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => void copyText(key.secret)}>
              <Trans>Copy the key</Trans>
            </button>
            <code className="faint" style={{ fontSize: 11, wordBreak: "break-all" }} data-testid="setup-uri">
              {key.uri}
            </code>
          </div>
          <TextField
            label={<Trans>Authenticator code</Trans>}
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={form.totp}
            onChange={edit("totp")}
            error={finish.errorOf("totp") ?? finish.errorOf("password")}
          />
          <button type="submit" className="btn btn--primary" disabled={finish.pending || form.totp.length !== 6}>
            <Trans>Create and sign in</Trans>
          </button>
        </form>
      )}
    </div>
  );
}
