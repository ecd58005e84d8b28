import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { DisabledReason, TextField } from "@/shared/ui/field";
import { Page } from "@/shared/ui/page";
import { register } from "../api/register";
import { startSession } from "../model/session";
import { SendCodeButton } from "@/shared/ui/send-code-button";
import "./auth.css";

const looksLikeEmail = (value: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value.trim());

export function RegisterPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const [form, setForm] = useState({
    account: "",
    password: "",
    re_password: "",
    invite_code: search.get("invite") ?? search.get("code") ?? "",
    code: "",
  });
  const byEmail = looksLikeEmail(form.account);
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const submit = useAction(async () => {
    const session = await register({ ...form, code: byEmail ? form.code : undefined });
    await startSession(session);
    showToast(i18n._(successes.REGISTER.key), "success");
    navigate(paths.home, { replace: true });
  });
  const complete = form.account && form.password && form.re_password && form.invite_code && (!byEmail || form.code);

  return (
    <Page title={<Trans>Register</Trans>} nav="default">
      <form className="form" onSubmit={submit.onSubmit} noValidate>
        <TextField
          label={<Trans>Account or e-mail</Trans>}
          name="account"
          autoComplete="username"
          autoCapitalize="none"
          value={form.account}
          onChange={set("account")}
          placeholder={t`4-32 letters or digits, or your e-mail`}
          error={submit.errorOf("account")}
        />
        {byEmail && (
          <TextField
            label={<Trans>E-mail code</Trans>}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={form.code}
            onChange={set("code")}
            placeholder={t`6-digit code`}
            error={submit.errorOf("code")}
            suffix={<SendCodeButton email={form.account.trim()} purpose="register" />}
          />
        )}
        <TextField
          label={<Trans>Password</Trans>}
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set("password")}
          placeholder={t`6 to 16 characters`}
          error={submit.errorOf("password")}
        />
        <TextField
          label={<Trans>Confirm password</Trans>}
          name="re_password"
          type="password"
          autoComplete="new-password"
          value={form.re_password}
          onChange={set("re_password")}
          placeholder={t`Enter the password again`}
          error={submit.errorOf("re_password")}
        />
        <TextField
          label={<Trans>Invitation code</Trans>}
          name="invite_code"
          autoCapitalize="characters"
          value={form.invite_code}
          onChange={set("invite_code")}
          placeholder={t`Required`}
          error={submit.errorOf("invite_code")}
        />
        <p className="field__hint">
          <Trans>
            By registering you accept the <Link href={paths.serviceAgreement}>service agreement</Link>.
          </Trans>
        </p>
        <button type="submit" className="btn btn--primary" disabled={submit.pending || !complete}>
          <Trans>Register</Trans>
        </button>
        <DisabledReason>{complete ? null : <Trans>Fill in every field above to register.</Trans>}</DisabledReason>
      </form>
      <p className="auth-foot">
        <Trans>
          Already have an account? <Link href={paths.login}>Log in</Link>
        </Trans>
      </p>
    </Page>
  );
}
