import { useEffect, useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatPercent } from "@/shared/i18n/format";
import type { MarketKind } from "@contract/market";
import type { OptionsConfig } from "@contract/options";
import { useAction } from "@/shared/api/use-action";
import { Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { getOptionsConfig, saveOptionsConfig } from "../options-api";
import { kindText, KINDS } from "./market-parts";
import { PendingConfigNote, useConfigSavedToast } from "./pending-config";

type PeriodText = { seconds: string; rate: string; min: string; max: string };
const toText = (list: OptionsConfig["kinds"]["crypto"]): PeriodText[] => list.map((p) => ({ seconds: String(p.seconds), rate: p.rate, min: p.min, max: p.max }));

/** 1 / (1 + rate) as a percentage, for the operator to see what a rate means for users. */
export function breakEven(rate: string): string {
  const r = Number(rate);
  return Number.isFinite(r) && r > 0 ? formatPercent(100 / (1 + r), 2, false) : "-";
}

/**
 * Option periods (admin): per kind, each period's length, the profit rate paid on a win (below 1: a win pays less
 * than the stake it risks) and the stake limits; the payable currencies. Saved and audited at once; options already
 * placed keep their rate.
 */
export function OptionsPeriodsPage() {
  const { t } = useLingui();
  const savedToast = useConfigSavedToast();
  const { data, mutate } = useSWR("backoffice/options/config", () => getOptionsConfig({}, { silent: true }));
  const [kinds, setKinds] = useState<Record<MarketKind, PeriodText[]> | null>(null);
  const [currencies, setCurrencies] = useState("");
  useEffect(() => {
    if (!data) return;
    setKinds({ crypto: toText(data.kinds.crypto), forex: toText(data.kinds.forex), metal: toText(data.kinds.metal) });
    setCurrencies(data.currencies.join(", "));
  }, [data]);
  const save = useAction(async () => {
    if (!kinds) return;
    const parse = (list: PeriodText[]) => list.filter((p) => p.seconds.trim()).map((p) => ({ seconds: Number(p.seconds), rate: p.rate.trim(), min: p.min.trim(), max: p.max.trim() }));
    const config: OptionsConfig = {
      kinds: { crypto: parse(kinds.crypto), forex: parse(kinds.forex), metal: parse(kinds.metal) },
      currencies: currencies.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase()),
    };
    const saved = await saveOptionsConfig(config);
    await mutate(saved, { revalidate: false });
    savedToast(saved);
  });
  if (!kinds) return <Skeleton lines={10} />;
  const edit = (kind: MarketKind, i: number, field: keyof PeriodText, value: string) => setKinds((k) => k && { ...k, [kind]: k[kind].map((p, j) => (j === i ? { ...p, [field]: value } : p)) });
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Option periods</Trans>
        </h1>
      </div>
      <PendingConfigNote pending={data?.pending} />
      <form className="form" onSubmit={save.onSubmit} noValidate style={{ maxWidth: 900 }}>
        {KINDS.map((kind) => (
          <section key={kind} className="card form" aria-label={kindText(kind)}>
            <h2 style={{ fontSize: 16 }}>{kindText(kind)}</h2>
            {kinds[kind].map((p, i) => (
              <div key={i} style={{ display: "grid", gridTemplateColumns: "repeat(4, minmax(0, 1fr)) 110px auto", gap: 10, alignItems: "end" }}>
                <TextField label={<Trans>Seconds</Trans>} name={`${kind}_${i}_seconds`} inputMode="numeric" value={p.seconds} onChange={(e) => edit(kind, i, "seconds", e.target.value)} />
                <TextField label={<Trans>Profit rate on a win (below 1)</Trans>} name={`${kind}_${i}_rate`} value={p.rate} onChange={(e) => edit(kind, i, "rate", e.target.value)} />
                <TextField label={<Trans>Minimum stake</Trans>} name={`${kind}_${i}_min`} value={p.min} onChange={(e) => edit(kind, i, "min", e.target.value)} />
                <TextField label={<Trans>Maximum stake</Trans>} name={`${kind}_${i}_max`} value={p.max} onChange={(e) => edit(kind, i, "max", e.target.value)} />
                <span className="faint" style={{ fontSize: 13, paddingBottom: 14 }}>
                  <Trans>Break-even {breakEven(p.rate)}</Trans>
                </span>
                <button type="button" className="icon-btn" aria-label={t`Remove period`} onClick={() => setKinds((k) => k && { ...k, [kind]: k[kind].filter((_, j) => j !== i) })}>
                  <Icon name="trash" size={18} />
                </button>
              </div>
            ))}
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setKinds((k) => k && { ...k, [kind]: [...k[kind], { seconds: "", rate: "0.8", min: "10", max: "50000" }] })}>
              <Icon name="plus" size={16} />
              <Trans>Add period</Trans>
            </button>
          </section>
        ))}
        <section className="card form">
          <TextField label={<Trans>Payable currencies (comma separated)</Trans>} name="currencies" value={currencies} onChange={(e) => setCurrencies(e.target.value)} />
        </section>
        <p className="faint" style={{ fontSize: 13, margin: 0 }}>
          <Trans>
            Every rate must be above 0 and below 1. Changes are written to the audit log and announced to every user: a lower rate applies to new options after the notice period, a higher one at once. Placed options keep their rate.
          </Trans>
        </p>
        <button type="submit" className="btn btn--primary" style={{ maxWidth: 240 }} disabled={save.pending}>
          <Trans>Save</Trans>
        </button>
      </form>
    </>
  );
}
