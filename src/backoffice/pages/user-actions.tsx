import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { formatAmount, formatDateTime } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { DisabledReason, FillInReason, TextField } from "@/shared/ui/field";
import { ConfirmModal } from "@/shared/ui/modal";
import { KeyValue } from "@/shared/ui/key-value";
import { adjustBalance, freezeUser, lockUser, unfreezeUser, unlockUser, type UserDetailData } from "../kyc-api";
import { decimalInput } from "@/shared/i18n/decimal-input";

type StateAction = "freeze" | "unfreeze" | "lock" | "unlock";

/** A key per adjustment form: a double click or a retry adjusts once (the server's idempotency). */

export function AccountState({ detail, canAct, onChanged }: { detail: UserDetailData; canAct: boolean; onChanged: () => void }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState<StateAction | null>(null);
  const [reason, setReason] = useState("");
  const state = detail.state;
  const run = useAction(async (action: StateAction) => {
    const input = { user_id: detail.profile.id, reason: reason.trim() || undefined };
    const call = { freeze: freezeUser, unfreeze: unfreezeUser, lock: lockUser, unlock: unlockUser }[action];
    await call(input);
    const done = { freeze: t`Account frozen`, unfreeze: t`Account unfrozen`, lock: t`Account locked`, unlock: t`Account unlocked` }[action];
    showToast(done, "success");
    setAsking(null);
    setReason("");
    onChanged();
  });
  const titles: Record<StateAction, string> = {
    freeze: t`Freeze this account?`,
    unfreeze: t`Unfreeze this account?`,
    lock: t`Lock this account?`,
    unlock: t`Unlock this account?`,
  };
  const explain: Record<StateAction, string> = {
    freeze: t`The user is logged out everywhere and cannot log in ("account frozen, contact customer service") until an admin unfreezes the account.`,
    unfreeze: t`The user can log in again.`,
    lock: t`The user is logged out everywhere and cannot log in ("you are locked") until an admin unlocks the account.`,
    unlock: t`The user can log in again (this also ends a lock for wrong passwords).`,
  };
  return (
    <section className="bo-panel bo-facts">
      <h2>
        <Trans>Account state</Trans>
      </h2>
      <KeyValue label={<Trans>Frozen</Trans>}>
        <span>{state.frozen ? <Trans>Yes</Trans> : <Trans>No</Trans>}</span>
      </KeyValue>
      <KeyValue label={<Trans>Locked</Trans>}>
        <span>
          {!state.locked ? (
            <Trans>No</Trans>
          ) : state.locked_by_operator ? (
            <Trans>Yes, until an admin unlocks it</Trans>
          ) : (
            <Trans>Yes, after wrong passwords, until {formatDateTime(state.locked_until)}</Trans>
          )}
        </span>
      </KeyValue>
      {canAct && (
        <div className="bo-card__actions" style={{ marginTop: 10 }}>
          {state.frozen ? (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setAsking("unfreeze")}>
              <Trans>Unfreeze</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn--danger btn--small" onClick={() => setAsking("freeze")}>
              <Trans>Freeze</Trans>
            </button>
          )}
          {state.locked ? (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setAsking("unlock")}>
              <Trans>Unlock</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn--danger btn--small" onClick={() => setAsking("lock")}>
              <Trans>Lock</Trans>
            </button>
          )}
        </div>
      )}
      <ConfirmModal
        open={asking !== null}
        title={asking ? titles[asking] : ""}
        confirm={<Trans>Confirm</Trans>}
        danger={asking === "freeze" || asking === "lock"}
        busy={run.pending}
        onConfirm={() => asking && void run.run(asking)}
        onClose={() => setAsking(null)}
      >
        {asking && <p style={{ marginTop: 0 }}>{explain[asking]}</p>}
        <TextField label={<Trans>Reason (kept in the audit log)</Trans>} name="reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} placeholder={t`Optional`} />
      </ConfirmModal>
    </section>
  );
}

export function Adjustment({ detail, onDone }: { detail: UserDetailData; onDone: () => void }) {
  const { t } = useLingui();
  const [form, setForm] = useState({ currency: "USDT", amount: "", reason: "" });
  const [key, setKey] = useState(newIdempotencyKey);
  const [confirming, setConfirming] = useState(false);
  const amount = form.amount.trim();
  const debit = amount.startsWith("-");
  const magnitude = amount.replace(/^[-+]/, "");
  const currency = form.currency.trim().toUpperCase();
  const ready = /^[-+]?\d+(\.\d+)?$/.test(amount) && !/^0*(\.0*)?$/.test(magnitude) && form.reason.trim() !== "" && currency !== "";
  const submit = useAction(async () => {
    const answer = await adjustBalance({ user_id: detail.profile.id, currency: form.currency.trim(), amount: amount.replace(/^\+/, ""), reason: form.reason.trim(), idempotency_key: key });
    showToast(answer.duplicate ? t`Already adjusted (the same form was sent twice)` : t`Balance adjusted`, "success");
    setConfirming(false);
    setForm((f) => ({ ...f, amount: "", reason: "" }));
    setKey(newIdempotencyKey());
    onDone();
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) setConfirming(true);
      }}
      style={{ marginTop: 16 }}
      aria-label={t`Manual adjustment`}
    >
      <h2 style={{ fontSize: 14 }}>
        <Trans>Manual adjustment</Trans>
      </h2>
      <div className="bo-adjust">
        <TextField label={<Trans>Currency</Trans>} name="currency" value={form.currency} autoCapitalize="characters" onChange={(e) => setForm((f) => ({ ...f, currency: e.target.value }))} error={submit.errorOf("currency")} />
        <TextField
          label={<Trans>Amount (negative debits)</Trans>}
          name="amount"
          placeholder={t`e.g. 25 or -25`}
          {...decimalInput(form.amount, (amount) => setForm((f) => ({ ...f, amount })))}
          error={submit.errorOf("amount")}
        />
        <div className="bo-adjust__wide">
          <TextField
            label={<Trans>Reason (the user sees it in their records)</Trans>}
            name="adjust_reason"
            value={form.reason}
            maxLength={500}
            onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))}
            error={submit.errorOf("reason")}
          />
        </div>
        <button type="submit" className="btn btn--primary btn--small bo-adjust__wide" disabled={!ready || submit.pending}>
          <Trans>Adjust balance</Trans>
        </button>
        {/* The button held back says why beside it: a field left empty, or an amount that is not a number other than 0. */}
        <div className="bo-adjust__wide">
          {amount === "" || form.reason.trim() === "" || currency === "" ? (
            <FillInReason missing />
          ) : (
            <DisabledReason>{ready ? null : <Trans>The amount is a number other than 0, such as 25 or -25.</Trans>}</DisabledReason>
          )}
        </div>
      </div>
      <ConfirmModal open={confirming} title={<Trans>Confirm the adjustment</Trans>} confirm={<Trans>Confirm</Trans>} busy={submit.pending} onConfirm={() => void submit.run()} onClose={() => setConfirming(false)}>
        <p style={{ marginTop: 0 }}>
          {debit ? (
            <Trans>
              Debit {formatAmount(magnitude, currency, { showCurrency: false })} {currency} from {detail.profile.account}.
            </Trans>
          ) : (
            <Trans>
              Credit {formatAmount(magnitude, currency, { showCurrency: false })} {currency} to {detail.profile.account}.
            </Trans>
          )}
        </p>
        <p className="faint" style={{ marginBottom: 0 }}>
          <Trans>Reason: {form.reason.trim()}</Trans>
        </p>
      </ConfirmModal>
    </form>
  );
}
