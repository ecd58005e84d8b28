import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ProductInput } from "@contract/earn";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatRate } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { SelectField, TextField } from "@/shared/ui/field";
import { Modal } from "@/shared/ui/modal";
import { DeskList } from "../desk-list";
import { getEarnProducts, saveEarnProduct } from "../earn-api";

type Product = Awaited<ReturnType<typeof getEarnProducts>>["list"][number];
type Draft = Omit<ProductInput, "days" | "max_participants" | "countries_off"> & { days: string; max_participants: string; countries_off: string };

const blank: Draft = {
  kind: "arbitrage",
  name: "",
  currency: "USDT",
  min: "100",
  max: "10000",
  days: "30",
  daily_rate: "0.001",
  early_exit_penalty_rate: "0",
  max_participants: "0",
  status: "open",
  funded_by: "",
  risk_note: "",
  countries_off: "",
};

const draftOf = (p: Product): Draft => ({
  id: p.id,
  kind: p.kind,
  name: p.name,
  currency: p.currency,
  min: p.min,
  max: p.max,
  days: String(p.days),
  daily_rate: p.daily_rate,
  early_exit_penalty_rate: p.early_exit_penalty_rate,
  max_participants: String(p.max_participants),
  status: p.status,
  funded_by: p.funded_by,
  risk_note: p.risk_note,
  countries_off: p.countries_off.join(", "),
});

/** Earn products (AI arbitrage and hosting): create, edit, close; the earn liabilities against the rewards account. */
export function EarnProductsPage() {
  const { t } = useLingui();
  const { data, mutate } = useSWR("backoffice/earn/products", () => getEarnProducts({}, { silent: true }));
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useAction(async () => {
    if (!draft) return;
    await saveEarnProduct({
      ...draft,
      days: Number(draft.days),
      max_participants: Number(draft.max_participants),
      countries_off: draft.countries_off.split(/[\s,]+/).filter(Boolean),
    });
    showToast(t`Product saved`, "success");
    setDraft(null);
    await mutate();
  });
  const set = (name: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => (d ? { ...d, [name]: e.target.value } : d));
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Earn products</Trans>
        </h1>
        <button type="button" className="btn btn--primary btn--small" onClick={() => setDraft({ ...blank })}>
          <Trans>New product</Trans>
        </button>
      </div>
      <section data-testid="earn-liabilities">
        <h2 style={{ fontSize: 15 }}>
          <Trans>Earn liabilities</Trans>
        </h2>
        <DeskList loading={!data} count={data?.liabilities.length ?? 0} empty={<Trans>No balances.</Trans>} emptyIcon="wallet" lines={3}>
          <table className="bo-table">
            <thead>
              <tr>
                <th><Trans>Currency</Trans></th>
                <th className="num"><Trans>Principal held</Trans></th>
                <th className="num"><Trans>Income due to maturity</Trans></th>
                <th className="num"><Trans>Rewards account</Trans></th>
                <th className="num"><Trans>Running orders</Trans></th>
              </tr>
            </thead>
            <tbody>
              {data?.liabilities.map((l) => (
                <tr key={l.currency}>
                  <td>{l.currency}</td>
                  <td className="num">{formatAmount(l.principal, l.currency, { showCurrency: false })}</td>
                  <td className="num">{formatAmount(l.income_due, l.currency, { showCurrency: false })}</td>
                  <td className="num">{formatAmount(l.rewards_balance, l.currency, { showCurrency: false })}</td>
                  <td className="num">{l.running_orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </DeskList>
      </section>
      <h2 style={{ fontSize: 15 }}>
        <Trans>Products</Trans>
      </h2>
      <DeskList loading={!data} count={data?.list.length ?? 0} empty={<Trans>No products yet.</Trans>} emptyIcon="robot">
        <table className="bo-table">
          <thead>
            <tr>
              <th>#</th>
              <th><Trans>Kind</Trans></th>
              <th><Trans>Name</Trans></th>
              <th className="num"><Trans>Daily rate</Trans></th>
              <th className="num"><Trans>APR</Trans></th>
              <th className="num"><Trans>Days</Trans></th>
              <th className="num"><Trans>Limits</Trans></th>
              <th className="num"><Trans>Participants</Trans></th>
              <th><Trans>Status</Trans></th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.list.map((p) => (
              <tr key={p.id} data-testid={`product-${p.id}`}>
                <td className="num">{p.id}</td>
                <td>{p.kind === "arbitrage" ? t`AI arbitrage` : t`Hosting`}</td>
                <td>{p.name}</td>
                <td className="num">{formatRate(p.daily_rate)}</td>
                <td className="num">{formatRate(p.apr)}</td>
                <td className="num">{p.days}</td>
                <td className="num">
                  {formatAmount(p.min, p.currency, { showCurrency: false })} - {formatAmount(p.max, p.currency)}
                </td>
                <td className="num">
                  {p.participants}
                  {p.max_participants > 0 ? ` / ${p.max_participants}` : ""}
                </td>
                <td>{p.status === "open" ? t`Open` : t`Closed`}</td>
                <td>
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => setDraft(draftOf(p))}>
                    <Trans>Edit</Trans>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>
      <Modal
        open={draft !== null}
        title={draft?.id ? <Trans>Edit product</Trans> : <Trans>New product</Trans>}
        onClose={() => setDraft(null)}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setDraft(null)}>
              <Trans>Cancel</Trans>
            </button>
            <button type="button" className="btn btn--primary" disabled={save.pending} onClick={() => void save.run()}>
              <Trans>Save</Trans>
            </button>
          </>
        }
      >
        {draft && (
          <div className="form">
            <SelectField label={<Trans>Kind</Trans>} name="kind" value={draft.kind} disabled={Boolean(draft.id)} onChange={set("kind")}>
              <option value="arbitrage">{t`AI arbitrage`}</option>
              <option value="hosting">{t`Hosting`}</option>
            </SelectField>
            <TextField label={<Trans>Name</Trans>} name="name" value={draft.name} onChange={set("name")} error={save.errorOf("name")} />
            <TextField label={<Trans>Currency</Trans>} name="currency" value={draft.currency} onChange={set("currency")} error={save.errorOf("currency")} />
            <TextField label={<Trans>Minimum</Trans>} name="min" value={draft.min} onChange={set("min")} error={save.errorOf("min")} />
            <TextField label={<Trans>Maximum</Trans>} name="max" value={draft.max} onChange={set("max")} error={save.errorOf("max")} />
            <TextField label={<Trans>Term (days)</Trans>} name="days" value={draft.days} onChange={set("days")} error={save.errorOf("days")} />
            <TextField label={<Trans>Daily rate (fraction: 0.001 = 0.1 %)</Trans>} name="daily_rate" value={draft.daily_rate} onChange={set("daily_rate")} error={save.errorOf("daily_rate")} hint={<Trans>APR is computed: daily rate × 365.</Trans>} />
            {draft.kind === "hosting" && <TextField label={<Trans>Early exit penalty rate</Trans>} name="early_exit_penalty_rate" value={draft.early_exit_penalty_rate} onChange={set("early_exit_penalty_rate")} error={save.errorOf("early_exit_penalty_rate")} />}
            <TextField label={<Trans>Participants cap (0: none)</Trans>} name="max_participants" value={draft.max_participants} onChange={set("max_participants")} error={save.errorOf("max_participants")} />
            <TextField label={<Trans>Who pays the return (shown to users)</Trans>} name="funded_by" value={draft.funded_by} onChange={set("funded_by")} error={save.errorOf("funded_by")} />
            <TextField label={<Trans>Risk note (shown to users)</Trans>} name="risk_note" value={draft.risk_note} onChange={set("risk_note")} error={save.errorOf("risk_note")} />
            <TextField label={<Trans>Not offered in (KYC countries, e.g. FR, US)</Trans>} name="countries_off" value={draft.countries_off} onChange={set("countries_off")} error={save.errorOf("countries_off")} />
            <SelectField label={<Trans>Status</Trans>} name="status" value={draft.status} onChange={set("status")}>
              <option value="open">{t`Open`}</option>
              <option value="closed">{t`Closed`}</option>
            </SelectField>
          </div>
        )}
      </Modal>
    </>
  );
}
