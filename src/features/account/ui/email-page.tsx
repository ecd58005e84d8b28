import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { refreshUserInfo } from "@/shared/api/user-info";
import { useStepUpAction } from "@/shared/ui/step-up";
import { showToast, useAtomValue, userInfoAtom } from "@/shared/state/store";
import { FillInReason, TextField } from "@/shared/ui/field";
import { KeyValue } from "@/shared/ui/key-value";
import { Page } from "@/shared/ui/page";
import { SendCodeButton } from "@/shared/ui/send-code-button";
import { bindEmail } from "../api/bind-email";

/** Bind (or change) the e-mail with a code sent to it; it is where password-reset codes go. */
export function EmailPage() {
  const { t, i18n } = useLingui();
  const user = useAtomValue(userInfoAtom);
  const [form, setForm] = useState({ email: "", code: "" });
  const submit = useStepUpAction(async (stepUp) => {
    await bindEmail({ email: form.email.trim(), code: form.code, ...stepUp });
    await refreshUserInfo();
    showToast(i18n._(successes.EMAIL_BOUND.key), "success");
    setForm({ email: "", code: "" });
  });
  return (
    <Page title={<Trans>Email</Trans>} nav="default">
      {/* The card's padding holds the row off its edges (a `.kv` on the card itself reset it to none). */}
      <div className="card" style={{ marginBottom: 14 }}>
        <KeyValue label={<Trans>Bound e-mail</Trans>}>{user?.email ?? t`Not bound`}</KeyValue>
      </div>
      <form className="form" onSubmit={submit.onSubmit} noValidate>
        <TextField label={user?.email ? <Trans>New e-mail</Trans> : <Trans>E-mail</Trans>} name="email" type="email" autoComplete="email" value={form.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))} error={submit.errorOf("email")} />
        <TextField
          label={<Trans>E-mail code</Trans>}
          name="code"
          inputMode="numeric"
          maxLength={6}
          value={form.code}
          onChange={(e) => setForm((f) => ({ ...f, code: e.target.value }))}
          placeholder={t`6-digit code`}
          error={submit.errorOf("code")}
          suffix={<SendCodeButton email={form.email.trim()} purpose="bind" />}
        />
        <button type="submit" className="btn btn--primary" disabled={submit.pending || !form.email || form.code.length !== 6}>
          <Trans>Bind</Trans>
        </button>
        <FillInReason missing={!form.email || form.code.length !== 6} />
      </form>
      {submit.prompt}
    </Page>
  );
}
