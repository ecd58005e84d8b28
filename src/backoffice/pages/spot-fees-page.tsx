import { useEffect, useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
import { Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { getSpotConfig, saveSpotConfig } from "../spot-api";
import { formatRate } from "@/shared/i18n/format";
import { PendingConfigNote, useConfigSavedToast } from "./pending-config";
import { decimalInput } from "@/shared/i18n/decimal-input";

/**
 * Spot fee rates (admin): the default rate of every pair and per-pair rates, fractions of the amount (0.001 = 0.1 %),
 * charged in the quote currency. Saving is audited; an open limit order keeps the rate it was placed with.
 */
export function SpotFeesPage() {
  const { t } = useLingui();
  const savedToast = useConfigSavedToast();
  const { data, mutate } = useSWR("backoffice/spot/config", () => getSpotConfig({}, { silent: true }));
  const [rate, setRate] = useState<string | null>(null);
  const [pairs, setPairs] = useState<Array<{ symbol: string; rate: string }>>([]);
  useEffect(() => {
    if (!data) return;
    setRate(data.fee_rate);
    setPairs(Object.entries(data.pairs).map(([symbol, value]) => ({ symbol, rate: value })));
  }, [data]);
  const save = useAction(async () => {
    const saved = await saveSpotConfig({
      fee_rate: (rate ?? "").trim(),
      pairs: Object.fromEntries(pairs.filter((p) => p.symbol.trim() && p.rate.trim()).map((p) => [p.symbol.trim().toUpperCase(), p.rate.trim()])),
    });
    await mutate(saved, { revalidate: false });
    savedToast(saved);
  });
  if (rate === null) return <Skeleton lines={6} />;
  const percent = (value: string) => formatRate(value, 3);
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Spot fees</Trans>
        </h1>
      </div>
      <PendingConfigNote pending={data?.pending} />
      <form className="card" onSubmit={save.onSubmit} noValidate style={{ display: "flex", flexDirection: "column", gap: 12, maxWidth: 560 }}>
        <TextField label={<Trans>Default fee rate (fraction)</Trans>} name="fee_rate" {...decimalInput(rate, setRate)} hint={percent(rate)} error={save.errorOf("fee_rate")} />
        <h2 style={{ fontSize: 15 }}>
          <Trans>Per-pair rates</Trans>
        </h2>
        {pairs.map((p, index) => (
          <div key={index} style={{ display: "grid", gridTemplateColumns: "1fr 1fr auto", gap: 8, alignItems: "end" }}>
            <TextField label={<Trans>Symbol</Trans>} value={p.symbol} placeholder="BTC/USDT" onChange={(e) => setPairs(pairs.map((x, i) => (i === index ? { ...x, symbol: e.target.value } : x)))} />
            <TextField label={<Trans>Fee rate (fraction)</Trans>} {...decimalInput(p.rate, (wire) => setPairs(pairs.map((x, i) => (i === index ? { ...x, rate: wire } : x))))} hint={percent(p.rate)} />
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setPairs(pairs.filter((_, i) => i !== index))}>
              {t`Remove`}
            </button>
          </div>
        ))}
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setPairs([...pairs, { symbol: "", rate: "" }])}>
          <Trans>Add a pair rate</Trans>
        </button>
        <p className="faint" style={{ fontSize: 13, margin: 0 }}>
          <Trans>
            Changes are written to the audit log and announced to every user: a higher rate applies to new orders after the notice period, a lower one at once. Waiting limit orders keep the rate they were placed with.
          </Trans>
        </p>
        <button type="submit" className="btn btn--primary" disabled={save.pending}>
          <Trans>Save</Trans>
        </button>
      </form>
    </>
  );
}
