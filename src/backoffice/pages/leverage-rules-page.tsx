import { useEffect, useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MarketKind } from "@contract/market";
import type { PositionsConfig, Rules } from "@contract/positions";
import { useAction } from "@/shared/api/use-action";
import { Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { getPositionsConfig, savePositionsConfig } from "../positions-api";
import { kindText, KINDS } from "./market-parts";
import { PendingConfigNote, useConfigSavedToast } from "./pending-config";

/** A rules form as typed: every field text (leverages comma separated), parsed on save. */
type RulesText = Record<keyof Rules, string>;
interface Override extends Partial<RulesText> {
  symbol: string;
}

const FIELDS: (keyof Rules)[] = ["leverages", "max_leverage", "fee_rate", "maintenance_rate", "swap_long_rate", "swap_short_rate"];

const toText = (rules: Partial<Rules>): Partial<RulesText> =>
  Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)])) as Partial<RulesText>;

function fromText(text: Partial<RulesText>): Partial<Rules> {
  const out: Partial<Rules> = {};
  for (const field of FIELDS) {
    const value = text[field]?.trim();
    if (!value) continue;
    if (field === "leverages") out.leverages = value.split(/[\s,]+/).filter(Boolean).map(Number);
    else if (field === "max_leverage") out.max_leverage = Number(value);
    else out[field] = value;
  }
  return out;
}

/**
 * Leverage rules (admin): per kind the allowed leverages, the cap, fee, maintenance and swap rates; per-pair
 * overrides; the forex and metals weekly session; the margin warning level. Saved and audited at once; open
 * positions keep the rules they opened with.
 */
export function LeverageRulesPage() {
  const { t } = useLingui();
  const savedToast = useConfigSavedToast();
  const { data, mutate } = useSWR("backoffice/positions/config", () => getPositionsConfig({}, { silent: true }));
  const [kinds, setKinds] = useState<Record<MarketKind, Partial<RulesText>> | null>(null);
  const [overrides, setOverrides] = useState<Override[]>([]);
  const [session, setSession] = useState({ close: "", open: "" });
  const [warning, setWarning] = useState("");
  useEffect(() => {
    if (!data) return;
    setKinds({ crypto: toText(data.kinds.crypto), forex: toText(data.kinds.forex), metal: toText(data.kinds.metal) });
    setOverrides(Object.entries(data.pairs).map(([symbol, rules]) => ({ symbol, ...toText(rules) })));
    setSession(data.session);
    setWarning(data.warning_level);
  }, [data]);
  const save = useAction(async () => {
    if (!kinds) return;
    const config: PositionsConfig = {
      kinds: { crypto: fromText(kinds.crypto) as Rules, forex: fromText(kinds.forex) as Rules, metal: fromText(kinds.metal) as Rules },
      pairs: Object.fromEntries(overrides.filter((o) => o.symbol.trim()).map(({ symbol, ...rules }) => [symbol.trim().toUpperCase(), fromText(rules)])),
      session: { close: session.close.trim(), open: session.open.trim() },
      warning_level: warning.trim(),
    };
    const saved = await savePositionsConfig(config);
    await mutate(saved, { revalidate: false });
    savedToast(saved);
  });
  if (!kinds) return <Skeleton lines={10} />;
  const labels: Record<keyof Rules, string> = {
    leverages: t`Leverages (comma separated)`,
    max_leverage: t`Maximum leverage`,
    fee_rate: t`Fee rate (fraction)`,
    maintenance_rate: t`Maintenance rate (fraction)`,
    swap_long_rate: t`Daily swap, long (fraction)`,
    swap_short_rate: t`Daily swap, short (fraction)`,
  };
  const err = (path: string) => save.errorOf(path);
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Leverage rules</Trans>
        </h1>
      </div>
      <PendingConfigNote pending={data?.pending} />
      <form className="form" onSubmit={save.onSubmit} noValidate style={{ maxWidth: 900 }}>
        {KINDS.map((kind) => (
          <section key={kind} className="card form" aria-label={kindText(kind)}>
            <h2 style={{ fontSize: 16 }}>{kindText(kind)}</h2>
            <div style={{ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 12 }}>
              {FIELDS.map((field) => (
                <TextField
                  key={field}
                  label={labels[field]}
                  name={`${kind}_${field}`}
                  value={kinds[kind][field] ?? ""}
                  onChange={(e) => setKinds((k) => k && { ...k, [kind]: { ...k[kind], [field]: e.target.value } })}
                  error={err(`kinds.${kind}.${field}`)}
                />
              ))}
            </div>
          </section>
        ))}

        <section className="card form">
          <h2 style={{ fontSize: 16 }}>
            <Trans>Per-pair overrides</Trans>
          </h2>
          <p className="faint" style={{ fontSize: 13, margin: 0 }}>
            <Trans>An empty field keeps the kind's rule.</Trans>
          </p>
          {overrides.map((o, i) => (
            <div key={i} style={{ display: "grid", gridTemplateColumns: "120px repeat(4, minmax(0, 1fr)) auto", gap: 10, alignItems: "end" }}>
              <TextField label={<Trans>Symbol</Trans>} name={`pair_${i}`} value={o.symbol} onChange={(e) => setOverrides((list) => list.map((x, j) => (j === i ? { ...x, symbol: e.target.value } : x)))} />
              {(["leverages", "max_leverage", "fee_rate", "maintenance_rate"] as const).map((field) => (
                <TextField key={field} label={labels[field]} name={`pair_${i}_${field}`} value={o[field] ?? ""} onChange={(e) => setOverrides((list) => list.map((x, j) => (j === i ? { ...x, [field]: e.target.value } : x)))} error={err(`pairs.${o.symbol}.${field}`)} />
              ))}
              <button type="button" className="icon-btn" aria-label={t`Remove override`} onClick={() => setOverrides((list) => list.filter((_, j) => j !== i))}>
                <Icon name="trash" size={18} />
              </button>
            </div>
          ))}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setOverrides((list) => [...list, { symbol: "" }])}>
            <Icon name="plus" size={16} />
            <Trans>Add override</Trans>
          </button>
        </section>

        <section className="card form">
          <h2 style={{ fontSize: 16 }}>
            <Trans>Forex and metals session (UTC)</Trans>
          </h2>
          <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr 1fr", gap: 12 }}>
            <TextField label={<Trans>Closes (weekday HH:MM)</Trans>} name="session_close" value={session.close} onChange={(e) => setSession((s) => ({ ...s, close: e.target.value }))} hint={<Trans>0 = Sunday, e.g. 5 21:00</Trans>} error={err("session.close")} />
            <TextField label={<Trans>Opens (weekday HH:MM)</Trans>} name="session_open" value={session.open} onChange={(e) => setSession((s) => ({ ...s, open: e.target.value }))} error={err("session.open")} />
            <TextField label={<Trans>Margin warning level</Trans>} name="warning_level" value={warning} onChange={(e) => setWarning(e.target.value)} hint={<Trans>Percent, e.g. 150</Trans>} error={err("warning_level")} />
          </div>
        </section>
        <p className="faint" style={{ fontSize: 13, margin: 0 }}>
          <Trans>
            Changes are written to the audit log and announced to every user. A higher fee, maintenance or swap rate or a lower maximum leverage applies to new orders after the notice period; a change only better for users applies at once. Open positions keep the rules they opened with.
          </Trans>
        </p>
        <button type="submit" className="btn btn--primary" style={{ maxWidth: 240 }} disabled={save.pending}>
          <Trans>Save</Trans>
        </button>
      </form>
    </>
  );
}
