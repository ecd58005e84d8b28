import { useState } from "react";
import { useLocation } from "wouter";
import { Trans } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
import { TextField } from "@/shared/ui/field";
import { Logo } from "@/shared/ui/logo";
import { login, setOperatorToken } from "./api";

/** Operator login: name, password and the authenticator code (no code, no entry). */
export function LoginPage() {
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ name: "", password: "", totp: "" });
  const submit = useAction(async () => {
    const session = await login(form);
    setOperatorToken(session.token);
    navigate("/", { replace: true });
  });
  return (
    <div className="bo-login">
      <div style={{ display: "flex", alignItems: "center", gap: 10, marginBottom: 24 }}>
        <Logo size={40} />
        <h1 style={{ fontSize: 20 }}>
          <Trans>TradeWise back office</Trans>
        </h1>
      </div>
      <form className="form" onSubmit={submit.onSubmit} noValidate>
        <TextField label={<Trans>Operator name</Trans>} name="name" autoComplete="username" value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} />
        <TextField label={<Trans>Password</Trans>} name="password" type="password" autoComplete="current-password" value={form.password} onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))} />
        <TextField label={<Trans>Authenticator code</Trans>} name="totp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={form.totp} onChange={(e) => setForm((f) => ({ ...f, totp: e.target.value }))} />
        <button type="submit" className="btn btn--primary" disabled={submit.pending || !form.name || !form.password || form.totp.length !== 6}>
          <Trans>Sign in</Trans>
        </button>
      </form>
    </div>
  );
}
