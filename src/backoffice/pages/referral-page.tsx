import { useEffect, useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReferralConfig } from "@contract/referral";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatDateTime, formatRate } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { DeskList } from "../desk-list";
import { getReferralConfig, getReferralPayouts, saveReferralConfig } from "../referral-api";
import { decimalInput } from "@/shared/i18n/decimal-input";

const LIMIT = 20;
const percent = (value: string) => formatRate(value, 2);

/**
 * The referral programme (admin): the reward per direct invitee and the conditions it waits for, the commission
 * shares of the trading fees direct and indirect invitees paid (fractions: 0.2 = 20 %), and every payout made.
 * Saving is audited and applies to what is paid from then on.
 */
export function ReferralPage() {
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Referral programme</Trans>
        </h1>
      </div>
      <ReferralSettings />
      <ReferralPayouts />
    </>
  );
}

function ReferralSettings() {
  const { i18n } = useLingui();
  const { data, mutate } = useSWR("backoffice/referral/config", () => getReferralConfig({}, { silent: true }));
  const [form, setForm] = useState<ReferralConfig | null>(null);
  useEffect(() => {
    if (data) setForm(data);
  }, [data]);
  const save = useAction(async () => {
    if (!form) return;
    const saved = await saveReferralConfig({ ...form, reward_amount: form.reward_amount.trim(), direct_rate: form.direct_rate.trim(), indirect_rate: form.indirect_rate.trim() });
    await mutate(saved, { revalidate: false });
    showToast(i18n._(successes.SAVE.key), "success");
  });
  if (!form) return <Skeleton lines={6} />;
  const toggle = (condition: "kyc" | "first_deposit") =>
    setForm({ ...form, conditions: form.conditions.includes(condition) ? form.conditions.filter((c) => c !== condition) : [...form.conditions, condition] });
  return (
    <form className="card" onSubmit={save.onSubmit} noValidate style={{ display: "flex", flexDirection: "column", gap: 12, maxWidth: 560 }}>
      <label style={{ display: "flex", gap: 8, alignItems: "center" }}>
        <input type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
        <Trans>Programme on (rewards and commissions are paid)</Trans>
      </label>
      <div style={{ display: "grid", gridTemplateColumns: "1fr 120px", gap: 8 }}>
        <TextField label={<Trans>Reward per direct invitee</Trans>} name="reward_amount" {...decimalInput(form.reward_amount, (wire) => setForm({ ...form, reward_amount: wire }))} error={save.errorOf("reward_amount")} />
        <TextField label={<Trans>Currency</Trans>} name="reward_currency" value={form.reward_currency} onChange={(e) => setForm({ ...form, reward_currency: e.target.value })} error={save.errorOf("reward_currency")} />
      </div>
      <fieldset style={{ border: 0, padding: 0, display: "grid", gap: 6 }}>
        <legend className="field__label">
          <Trans>The reward waits for</Trans>
        </legend>
        <label style={{ display: "flex", gap: 8 }}>
          <input type="checkbox" checked={form.conditions.includes("kyc")} onChange={() => toggle("kyc")} />
          <Trans>The invitee's identity verification approved</Trans>
        </label>
        <label style={{ display: "flex", gap: 8 }}>
          <input type="checkbox" checked={form.conditions.includes("first_deposit")} onChange={() => toggle("first_deposit")} />
          <Trans>The invitee's first deposit approved</Trans>
        </label>
      </fieldset>
      <TextField label={<Trans>Direct invitees' fee share (fraction)</Trans>} name="direct_rate" {...decimalInput(form.direct_rate, (wire) => setForm({ ...form, direct_rate: wire }))} hint={percent(form.direct_rate)} error={save.errorOf("direct_rate")} />
      <TextField label={<Trans>Indirect invitees' fee share (fraction)</Trans>} name="indirect_rate" {...decimalInput(form.indirect_rate, (wire) => setForm({ ...form, indirect_rate: wire }))} hint={percent(form.indirect_rate)} error={save.errorOf("indirect_rate")} />
      <p className="muted" style={{ fontSize: 12, margin: 0 }}>
        <Trans>Commissions come only out of trading fees the invitees paid, never out of their deposits.</Trans>
      </p>
      <button type="submit" className="btn btn--primary" disabled={save.pending}>
        <Trans>Save</Trans>
      </button>
    </form>
  );
}

function ReferralPayouts() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useSWR(["backoffice/referral/payouts", page], () => getReferralPayouts({ page, limit: LIMIT }, { silent: true }));
  return (
    <section style={{ marginTop: 20 }}>
      <h2 style={{ fontSize: 16 }}>
        <Trans>Payouts</Trans>
      </h2>
      {data && data.totals.length > 0 && (
        <p className="muted">
          {data.totals.map((total) => `${total.kind === "reward" ? t`Rewards` : t`Commissions`}: ${formatAmount(total.amount, total.currency)}`).join(" · ")}
        </p>
      )}
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>No payouts yet.</Trans>} emptyIcon="gift" lines={5} pager={{ page, total: data?.total ?? 0, limit: LIMIT, onPage: setPage }}>
        <table className="bo-table">
          <thead>
            <tr>
              <th><Trans>Time</Trans></th>
              <th><Trans>Paid to</Trans></th>
              <th><Trans>From</Trans></th>
              <th><Trans>Kind</Trans></th>
              <th className="num"><Trans>Amount</Trans></th>
              <th className="num"><Trans>Ledger entry</Trans></th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((row) => (
              <tr key={row.id}>
                <td>{formatDateTime(row.created_at)}</td>
                <td>{row.account} (#{row.user_id})</td>
                <td>{row.from_account} (#{row.from_user_id})</td>
                <td>{row.kind === "reward" ? t`Reward` : row.level === 1 ? t`Commission, direct` : t`Commission, indirect`}</td>
                <td className="num">{formatAmount(row.amount, row.currency)}</td>
                <td className="num">#{row.entry_id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>
    </section>
  );
}
