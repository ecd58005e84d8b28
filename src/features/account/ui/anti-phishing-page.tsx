import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { refreshUserInfo } from "@/shared/api/user-info";
import { useAction } from "@/shared/api/use-action";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { FillInReason, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { setAntiPhishing, useAntiPhishing } from "../api/security";
import "./account.css";

/** Same rule as the server's (contract security.ts): 4 to 20 letters, digits, _ or -. */
const CODE_RULE = /^[A-Za-z0-9_-]{4,20}$/;

/** The anti-phishing code: a word of the user's that every genuine e-mail and notice from the platform starts with. */
export function AntiPhishingPage() {
  const { i18n } = useLingui();
  const { data, isLoading, mutate } = useAntiPhishing();
  const [form, setForm] = useState({ code: "", step_up: "" });
  const submit = useAction(async () => {
    await setAntiPhishing({ code: form.code.trim(), step_up: form.step_up });
    setForm({ code: "", step_up: "" });
    await Promise.all([mutate(), refreshUserInfo()]);
    showToast(i18n._(successes.SET.key), "success");
  });
  const current = data?.code ?? null;
  return (
    <Page title={<Trans>Anti-phishing code</Trans>} nav="default">
      <p className="notice">
        <Icon name="shield" size={18} />
        <span>
          <Trans>Every e-mail and every notice we send you starts with this code. A message without it, or with another code, is not from us: do not click its links.</Trans>
        </span>
      </p>
      <div className="card" style={{ margin: "12px 0" }}>
        {isLoading ? (
          <Skeleton lines={1} />
        ) : current ? (
          <div className="invite">
            <span className="muted"><Trans>Your code</Trans></span>
            <span className="invite__code" data-testid="anti-phishing-code">{current}</span>
          </div>
        ) : (
          <span className="muted"><Trans>No code set yet.</Trans></span>
        )}
      </div>
      <form className="form" onSubmit={submit.onSubmit} noValidate>
        <TextField
          label={current ? <Trans>New code</Trans> : <Trans>Code</Trans>}
          name="code"
          autoComplete="off"
          maxLength={20}
          value={form.code}
          onChange={(e) => setForm((f) => ({ ...f, code: e.target.value }))}
          error={submit.errorOf("code")}
          hint={<Trans>4 to 20 letters, digits, _ or -. Pick something only you would choose.</Trans>}
        />
        <TextField
          label={<Trans>Trading password or Google 2FA code</Trans>}
          name="step_up"
          type="password"
          autoComplete="off"
          value={form.step_up}
          onChange={(e) => setForm((f) => ({ ...f, step_up: e.target.value }))}
          error={submit.errorOf("step_up")}
        />
        <button type="submit" className="btn btn--primary" disabled={submit.pending || !CODE_RULE.test(form.code.trim()) || !form.step_up}>
          {current ? <Trans>Change</Trans> : <Trans>Set</Trans>}
        </button>
        <FillInReason missing={!form.code.trim() || !form.step_up} />
      </form>
    </Page>
  );
}
