import { useState } from "react";
import { useLocation } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { refreshUserInfo } from "@/shared/api/user-info";
import { showToast, useAtomValue, userInfoAtom } from "@/shared/state/store";
import { FillInReason, TextField } from "@/shared/ui/field";
import { Page } from "@/shared/ui/page";
import { newPasswordProblems } from "@/shared/lib/form-checks";
import { useStepUpAction } from "@/shared/ui/step-up";
import { updatePassword } from "../api/update-password";

/** Set the trading password (first time: no pause) or change it (withdrawals pause for 24 hours). */
export function PayPasswordPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const user = useAtomValue(userInfoAtom);
  const isSet = user?.has_trade_password ?? false;
  const [form, setForm] = useState({ old_password: "", password: "", re_password: "", google_code: "" });
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));
  // A change carries the current trading password; setting the first one asks for the step-up proof instead.
  const submit = useStepUpAction(async (stepUp) => {
    await updatePassword({
      ...stepUp,
      type: "trade",
      password: form.password,
      re_password: form.re_password,
      old_password: isSet ? form.old_password : undefined,
      google_code: user?.google_bound ? form.google_code : undefined,
    });
    await refreshUserInfo();
    showToast(i18n._(isSet ? successes.PASSWORD_CHANGED.key : successes.SET.key), "success");
    if (window.history.length > 1) window.history.back();
    else navigate("/");
  }, { needed: !isSet, check: () => newPasswordProblems(form.password, form.re_password) });
  return (
    <Page title={<Trans>Trading password</Trans>} nav="default">
      <p className="muted" style={{ marginTop: 0, fontSize: 14 }}>
        {isSet ? (
          <Trans>Changing the trading password pauses withdrawals for 24 hours.</Trans>
        ) : (
          <Trans>The trading password confirms withdrawals. It is separate from your login password.</Trans>
        )}
      </p>
      <form className="form" onSubmit={submit.onSubmit} noValidate>
        {isSet && (
          <TextField label={<Trans>Current trading password</Trans>} name="old_password" type="password" autoComplete="off" value={form.old_password} onChange={set("old_password")} error={submit.errorOf("old_password")} />
        )}
        <TextField label={<Trans>New trading password</Trans>} name="password" type="password" autoComplete="new-password" value={form.password} onChange={set("password")} placeholder={t`6 to 16 characters`} error={submit.errorOf("password")} />
        <TextField label={<Trans>Confirm trading password</Trans>} name="re_password" type="password" autoComplete="new-password" value={form.re_password} onChange={set("re_password")} error={submit.errorOf("re_password")} />
        {user?.google_bound && (
          <TextField label={<Trans>Google authenticator code</Trans>} name="google_code" inputMode="numeric" maxLength={6} value={form.google_code} onChange={set("google_code")} error={submit.errorOf("google_code")} />
        )}
        <button type="submit" className="btn btn--primary" disabled={submit.pending || !form.password || !form.re_password || (isSet && !form.old_password)}>
          <Trans>Confirm</Trans>
        </button>
        <FillInReason missing={!form.password || !form.re_password || (isSet && !form.old_password)} />
      </form>
      {submit.prompt}
    </Page>
  );
}
