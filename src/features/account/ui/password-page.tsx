import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { endSession } from "@/shared/api/session";
import { useAction } from "@/shared/api/use-action";
import { showToast, useAtomValue, userInfoAtom } from "@/shared/state/store";
import { FillInReason, TextField } from "@/shared/ui/field";
import { Page } from "@/shared/ui/page";
import { updatePassword } from "../api/update-password";

/** Change the login password: every session ends, so the user signs in again with the new one. */
export function PasswordPage() {
  const { t, i18n } = useLingui();
  const user = useAtomValue(userInfoAtom);
  const [form, setForm] = useState({ old_password: "", password: "", re_password: "", google_code: "" });
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const submit = useAction(async () => {
    await updatePassword({ type: "login", ...form, google_code: user?.google_bound ? form.google_code : undefined });
    showToast(i18n._(successes.PASSWORD_CHANGED.key), "success");
    await endSession();
  });
  return (
    <Page title={<Trans>Login password</Trans>} nav="default">
      <form className="form" onSubmit={submit.onSubmit} noValidate>
        <TextField label={<Trans>Current password</Trans>} name="old_password" type="password" autoComplete="current-password" value={form.old_password} onChange={set("old_password")} error={submit.errorOf("old_password")} />
        <TextField label={<Trans>New password</Trans>} name="password" type="password" autoComplete="new-password" value={form.password} onChange={set("password")} placeholder={t`6 to 16 characters`} error={submit.errorOf("password")} />
        <TextField label={<Trans>Confirm password</Trans>} name="re_password" type="password" autoComplete="new-password" value={form.re_password} onChange={set("re_password")} error={submit.errorOf("re_password")} />
        {user?.google_bound && (
          <TextField label={<Trans>Google authenticator code</Trans>} name="google_code" inputMode="numeric" maxLength={6} value={form.google_code} onChange={set("google_code")} error={submit.errorOf("google_code")} />
        )}
        <p className="field__hint">
          <Trans>You will be signed out everywhere, and withdrawals pause for 24 hours.</Trans>
        </p>
        <button type="submit" className="btn btn--primary" disabled={submit.pending || !form.old_password || !form.password || !form.re_password}>
          <Trans>Confirm</Trans>
        </button>
        <FillInReason missing={!form.old_password || !form.password || !form.re_password} />
      </form>
    </Page>
  );
}
