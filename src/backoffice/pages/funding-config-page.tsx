import { useEffect, useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FundingConfig } from "@contract/funding";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { getFundingConfig, saveFundingConfig } from "../funding-api";
import { decimalInput } from "@/shared/i18n/decimal-input";

/**
 * Funding configuration (admin): deposit limits, deposit networks with the platform's receiving addresses, and the
 * withdrawal minimum and fee. A network without an address takes no deposits. Every save is audited (before/after).
 */
export function FundingConfigPage() {
  const { t, i18n } = useLingui();
  const { data, mutate } = useSWR("backoffice/funding/config", () => getFundingConfig({}, { silent: true }));
  const [form, setForm] = useState<FundingConfig | null>(null);
  // Typed as text, parsed on save (a comma typed mid-word must survive the next render).
  const [networksText, setNetworksText] = useState("");
  useEffect(() => {
    if (data) {
      setForm(structuredClone(data));
      setNetworksText(data.withdraw.networks.join(", "));
    }
  }, [data]);
  const save = useAction(async () => {
    if (!form) return;
    const networks = networksText.split(",").map((n) => n.trim().toUpperCase()).filter(Boolean);
    const saved = await saveFundingConfig({ config: { ...form, withdraw: { ...form.withdraw, networks } } });
    await mutate(saved, { revalidate: false });
    showToast(i18n._(successes.SAVE.key), "success");
  });
  if (!form) return <Skeleton lines={8} />;
  const setDeposit = (change: Partial<FundingConfig["deposit"]>) => setForm((f) => f && { ...f, deposit: { ...f.deposit, ...change } });
  const setWithdraw = (change: Partial<FundingConfig["withdraw"]>) => setForm((f) => f && { ...f, withdraw: { ...f.withdraw, ...change } });
  const setNetwork = (index: number, change: Partial<FundingConfig["deposit"]["networks"][number]>) =>
    setDeposit({ networks: form.deposit.networks.map((n, i) => (i === index ? { ...n, ...change } : n)) });
  const err = (path: string) => save.errorOf(`config.${path}`);
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Funding configuration</Trans>
        </h1>
      </div>
      <form className="form" onSubmit={save.onSubmit} noValidate style={{ maxWidth: 720 }}>
        <section className="card form">
          <h2 style={{ fontSize: 16 }}>
            <Trans>Deposits ({form.deposit.currency})</Trans>
          </h2>
          <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 12 }}>
            <TextField label={<Trans>Minimum</Trans>} name="deposit_min" {...decimalInput(form.deposit.min, (wire) => setDeposit({ min: wire.trim() }))} error={err("deposit.min")} />
            <TextField label={<Trans>Maximum</Trans>} name="deposit_max" {...decimalInput(form.deposit.max, (wire) => setDeposit({ max: wire.trim() }))} error={err("deposit.max")} />
          </div>
          {form.deposit.networks.map((n, i) => (
            <div key={i} style={{ display: "grid", gridTemplateColumns: "120px 1fr auto auto", gap: 10, alignItems: "end" }}>
              <TextField label={<Trans>Network</Trans>} name={`network_${i}`} value={n.network} onChange={(e) => setNetwork(i, { network: e.target.value.toUpperCase() })} error={err(`deposit.networks.${i}.network`)} />
              <TextField
                label={<Trans>Receiving address</Trans>}
                name={`address_${i}`}
                value={n.address}
                onChange={(e) => setNetwork(i, { address: e.target.value.trim() })}
                placeholder={t`Empty: no deposits on this network`}
                error={err(`deposit.networks.${i}.address`)}
              />
              <label className="check" style={{ paddingBottom: 14 }}>
                <input type="checkbox" checked={n.enabled} onChange={(e) => setNetwork(i, { enabled: e.target.checked })} />
                <Trans>Open</Trans>
              </label>
              <button type="button" className="icon-btn" aria-label={t`Remove network`} onClick={() => setDeposit({ networks: form.deposit.networks.filter((_, j) => j !== i) })}>
                <Icon name="trash" size={18} />
              </button>
            </div>
          ))}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setDeposit({ networks: [...form.deposit.networks, { network: "", address: "", enabled: true }] })}>
            <Icon name="plus" size={16} />
            <Trans>Add network</Trans>
          </button>
        </section>

        <section className="card form">
          <h2 style={{ fontSize: 16 }}>
            <Trans>Withdrawals ({form.withdraw.currency})</Trans>
          </h2>
          <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 12 }}>
            <TextField label={<Trans>Minimum</Trans>} name="withdraw_min" {...decimalInput(form.withdraw.min, (wire) => setWithdraw({ min: wire.trim() }))} error={err("withdraw.min")} />
            <TextField label={<Trans>Fee (deducted)</Trans>} name="withdraw_fee" {...decimalInput(form.withdraw.fee, (wire) => setWithdraw({ fee: wire.trim() }))} error={err("withdraw.fee")} hint={<Trans>Must be below the minimum.</Trans>} />
          </div>
          <TextField
            label={<Trans>Networks (comma separated)</Trans>}
            name="withdraw_networks"
            value={networksText}
            onChange={(e) => setNetworksText(e.target.value)}
            error={err("withdraw.networks")}
          />
        </section>
        <p className="faint" style={{ fontSize: 13, margin: 0 }}>
          <Trans>Changes apply at once to every user and are written to the audit log with the old and new values.</Trans>
        </p>
        <button type="submit" className="btn btn--primary" style={{ maxWidth: 240 }} disabled={save.pending}>
          <Trans>Save</Trans>
        </button>
      </form>
    </>
  );
}
