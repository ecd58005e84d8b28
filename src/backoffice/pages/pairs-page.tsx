import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MarketKind, Pair } from "@contract/market";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime, formatDecimal, formatRate } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { SelectField, TextField } from "@/shared/ui/field";
import { Modal } from "@/shared/ui/modal";
import { DeskList } from "../desk-list";
import { getPairs, updatePair } from "../market-api";
import { kindText, KINDS } from "./market-parts";
import { TermChangesPanel, useTermChanges } from "./term-changes-panel";
import { decimalInput } from "@/shared/i18n/decimal-input";

type Draft = Pick<Pair, "trading" | "quantity_step" | "quantity_min" | "quantity_max" | "spread_rate"> & { price_precision: string; reason: string };

const draftOf = (pair: Pair): Draft => ({
  trading: pair.trading,
  price_precision: String(pair.price_precision),
  quantity_step: pair.quantity_step,
  quantity_min: pair.quantity_min,
  quantity_max: pair.quantity_max,
  spread_rate: pair.spread_rate,
  reason: "",
});

/**
 * Pairs: every pair's trading rules (trading on or off, price precision, quantity step, minimum and maximum, the
 * platform's spread). An edit applies to every user at once and is written to the audit log with its reason. No
 * control here sets a price: prices come from the feed only.
 */
export function PairsPage() {
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<MarketKind | "">("");
  const { data, isLoading, mutate } = useSWR(["backoffice/market/pairs", kind], () => getPairs(kind ? { kind } : {}, { silent: true }));
  const terms = useTermChanges();
  const [editing, setEditing] = useState<Pair | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const open = (pair: Pair) => {
    setEditing(pair);
    setDraft(draftOf(pair));
    save.setFieldErrors({});
  };
  const close = () => {
    setEditing(null);
    setDraft(null);
  };
  const save = useAction(async () => {
    if (!editing || !draft) return;
    const before = draftOf(editing);
    // Only what changed is sent, so the audit log says exactly what the operator did.
    const changes: Parameters<typeof updatePair>[0] = { symbol: editing.symbol };
    if (draft.trading !== before.trading) changes.trading = draft.trading;
    if (draft.price_precision !== before.price_precision) changes.price_precision = Number(draft.price_precision);
    if (draft.quantity_step !== before.quantity_step) changes.quantity_step = draft.quantity_step.trim();
    if (draft.quantity_min !== before.quantity_min) changes.quantity_min = draft.quantity_min.trim();
    if (draft.quantity_max !== before.quantity_max) changes.quantity_max = draft.quantity_max.trim();
    if (draft.spread_rate !== before.spread_rate) changes.spread_rate = draft.spread_rate.trim();
    if (draft.reason.trim()) changes.reason = draft.reason.trim();
    const saved = await updatePair(changes);
    await mutate((list) => list?.map((p) => (p.symbol === saved.symbol ? saved : p)), { revalidate: false });
    // A spread change is announced (and a wider one waits): the list of announced changes has a new line.
    if (changes.spread_rate !== undefined) await terms.mutate();
    showToast(i18n._(successes.SAVE.key), "success");
    close();
  });
  const set = (change: Partial<Draft>) => setDraft((d) => d && { ...d, ...change });
  const noticeHours = terms.data?.notice_hours ?? 24;

  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Pairs</Trans>
        </h1>
      </div>
      <div className="bo-toolbar">
        <SelectField label={t`Market`} value={kind} onChange={(e) => setKind(e.target.value as MarketKind | "")}>
          <option value="">{t`All`}</option>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {kindText(k)}
            </option>
          ))}
        </SelectField>
      </div>
      <DeskList loading={isLoading} count={data?.length ?? 0} empty={<Trans>No pairs.</Trans>} emptyIcon="chart" lines={8}>
        <table className="bo-table">
          <thead>
            <tr>
              <th><Trans>Pair</Trans></th>
              <th><Trans>Market</Trans></th>
              <th><Trans>Trading</Trans></th>
              <th className="num"><Trans>Precision</Trans></th>
              <th className="num"><Trans>Quantity step</Trans></th>
              <th className="num"><Trans>Minimum</Trans></th>
              <th className="num"><Trans>Maximum</Trans></th>
              <th className="num"><Trans>Spread</Trans></th>
              <th className="num"><Trans>Contract size</Trans></th>
              <th><Trans>Source</Trans></th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.map((p) => (
              <tr key={p.symbol} data-testid={`pair-${p.symbol}`}>
                <td style={{ fontWeight: 600 }}>{p.symbol}</td>
                <td>{kindText(p.kind)}</td>
                <td>
                  <span className={`badge ${p.trading ? "badge--up" : "badge--danger"}`}>{p.trading ? t`On` : t`Off`}</span>
                </td>
                <td className="num">{p.price_precision}</td>
                <td className="num">{formatDecimal(p.quantity_step)}</td>
                <td className="num">{formatDecimal(p.quantity_min)}</td>
                <td className="num">{formatDecimal(p.quantity_max)}</td>
                <td className="num">
                  {formatRate(p.spread_rate)}
                  {p.upcoming?.map((u) => {
                    const to = formatRate(u.to);
                    const date = formatDateTime(u.effective_at);
                    return (
                      <div key={u.id} className="faint" style={{ fontSize: 12 }} data-testid="pair-upcoming">
                        <Trans>
                          → {to} on {date}
                        </Trans>
                      </div>
                    );
                  })}
                </td>
                <td className="num">{formatDecimal(p.contract_size)}</td>
                <td>
                  <span className={`badge ${p.source === "sim" ? "badge--warn" : ""}`}>{p.source}</span>
                </td>
                <td>
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => open(p)}>
                    <Trans>Edit</Trans>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>

      <Modal
        open={editing !== null && draft !== null}
        title={
          <>
            <Trans>Edit pair</Trans> {editing?.symbol}
          </>
        }
        onClose={close}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={close}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" form="pair-form" className="btn btn--primary" disabled={save.pending}>
              <Trans>Save</Trans>
            </button>
          </>
        }
      >
        {editing && draft && (
          <form id="pair-form" className="form" onSubmit={save.onSubmit} noValidate style={{ textAlign: "left" }}>
            <label className="check">
              <input type="checkbox" name="trading" checked={draft.trading} onChange={(e) => set({ trading: e.target.checked })} />
              <span>
                <Trans>Trading on (off: every user's new orders on this pair are refused)</Trans>
              </span>
            </label>
            <div style={{ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: 10 }}>
              <TextField label={<Trans>Price precision</Trans>} name="price_precision" inputMode="numeric" value={draft.price_precision} onChange={(e) => set({ price_precision: e.target.value.trim() })} error={save.errorOf("price_precision")} hint={<Trans>Decimals, 0 to 10</Trans>} />
              <TextField label={<Trans>Quantity step</Trans>} name="quantity_step" {...decimalInput(draft.quantity_step, (wire) => set({ quantity_step: wire }))} error={save.errorOf("quantity_step")} />
              <TextField label={<Trans>Minimum quantity</Trans>} name="quantity_min" {...decimalInput(draft.quantity_min, (wire) => set({ quantity_min: wire }))} error={save.errorOf("quantity_min")} />
              <TextField label={<Trans>Maximum quantity</Trans>} name="quantity_max" {...decimalInput(draft.quantity_max, (wire) => set({ quantity_max: wire }))} error={save.errorOf("quantity_max")} />
            </div>
            <TextField
              label={<Trans>Spread (fraction of the price)</Trans>}
              name="spread_rate"
              {...decimalInput(draft.spread_rate, (spread_rate) => set({ spread_rate }))}
              error={save.errorOf("spread_rate")}
              hint={`${draft.spread_rate || "0"} = ${formatRate(draft.spread_rate)}`}
            />
            <p className="faint" style={{ fontSize: 13, margin: 0 }} data-testid="spread-new-orders">
              <Trans>
                A wider spread is announced to every user at once and applies to orders placed after the notice period ({noticeHours} h); a narrower one applies at once and is announced too. Open positions and waiting orders keep the spread they were placed with: their close, take-profit, stop-loss and liquidation do not move.
              </Trans>
            </p>
            <TextField label={<Trans>Reason (audit log; shown to users when trading is switched off)</Trans>} name="reason" value={draft.reason} maxLength={200} onChange={(e) => set({ reason: e.target.value })} error={save.errorOf("reason")} />
          </form>
        )}
      </Modal>

      <TermChangesPanel onChanged={() => void mutate()} />
    </>
  );
}
