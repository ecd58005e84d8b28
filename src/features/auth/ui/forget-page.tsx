import { useState } from "react";
import { useLocation } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { DisabledReason, TextField } from "@/shared/ui/field";
import { Page } from "@/shared/ui/page";
import { forget } from "../api/forget";
import { SendCodeButton } from "@/shared/ui/send-code-button";

/** Reset the login password with a code sent to the bound e-mail. */
export function ForgetPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ email: "", code: "", password: "", re_password: "" });
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const submit = useAction(async () => {
    await forget(form);
    showToast(i18n._(successes.PASSWORD_CHANGED.key), "success");
    navigate(paths.login, { replace: true });
  });
  return (
    <Page title={<Trans>Reset password</Trans>} nav="default">
      <p className="muted" style={{ marginTop: 0, fontSize: 14 }}>
        <Trans>We send a code to the e-mail bound to your account. Withdrawals pause for 24 hours after a reset.</Trans>
      </p>
      <form className="form" onSubmit={submit.onSubmit} noValidate>
        <TextField label={<Trans>E-mail</Trans>} name="email" type="email" autoComplete="email" value={form.email} onChange={set("email")} error={submit.errorOf("email")} />
        <TextField
          label={<Trans>E-mail code</Trans>}
          name="code"
          inputMode="numeric"
          maxLength={6}
          value={form.code}
          onChange={set("code")}
          placeholder={t`6-digit code`}
          error={submit.errorOf("code")}
          suffix={<SendCodeButton email={form.email.trim()} purpose="forget" />}
        />
        <TextField label={<Trans>New password</Trans>} name="password" type="password" autoComplete="new-password" value={form.password} onChange={set("password")} placeholder={t`6 to 16 characters`} error={submit.errorOf("password")} />
        <TextField label={<Trans>Confirm password</Trans>} name="re_password" type="password" autoComplete="new-password" value={form.re_password} onChange={set("re_password")} error={submit.errorOf("re_password")} />
        <button type="submit" className="btn btn--primary" disabled={submit.pending || !form.email || !form.code || !form.password}>
          <Trans>Reset password</Trans>
        </button>
        <DisabledReason>
          {!form.email ? (
            <Trans>Enter your e-mail: the code is sent there.</Trans>
          ) : !form.code ? (
            <Trans>Enter the code from the e-mail.</Trans>
          ) : !form.password ? (
            <Trans>Enter a new password.</Trans>
          ) : null}
        </DisabledReason>
      </form>
    </Page>
  );
}
