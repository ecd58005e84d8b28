import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Icon } from "./icons";

/**
 * A labelled input. `error` is already translated; a password field gets a show/hide toggle; `suffix` holds a
 * unit or a button (send code, max).
 */
export function TextField({ label, error, hint, suffix, type = "text", ...input }: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  suffix?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const { t } = useLingui();
  const [reveal, setReveal] = useState(false);
  const isPassword = type === "password";
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <input
          id={id}
          className="field__input"
          type={isPassword && reveal ? "text" : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {isPassword && (
          <button type="button" className="icon-btn" onClick={() => setReveal((v) => !v)} aria-label={reveal ? t`Hide password` : t`Show password`}>
            <Icon name={reveal ? "eyeOff" : "eye"} size={20} />
          </button>
        )}
        {suffix}
      </div>
      {error ? (
        <div className="field__error" id={`${id}-error`} role="alert">
          {error}
        </div>
      ) : (
        hint && <div className="field__hint">{hint}</div>
      )}
    </div>
  );
}

export function SelectField({ label, children, ...select }: { label: ReactNode; children: ReactNode } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <select id={id} className="field__input" {...select}>
          {children}
        </select>
        <Icon name="chevron" size={16} className="icon faint" />
      </div>
    </div>
  );
}

/**
 * Beside a disabled action, why it is disabled: every action a user cannot take says so where they look, in their
 * language, instead of a grey button without a word. Nothing is shown when there is no reason.
 */
export function DisabledReason({ children, testId }: { children?: ReactNode; testId?: string }) {
  if (!children) return null;
  return (
    <p className="disabled-reason" role="status" data-testid={testId ?? "disabled-reason"}>
      {children}
    </p>
  );
}

/** A form's button held back until its fields are filled in says so beside it (nothing once they are). */
export function FillInReason({ missing }: { missing: boolean }) {
  return <DisabledReason>{missing ? <Trans>Fill in every field above.</Trans> : null}</DisabledReason>;
}
