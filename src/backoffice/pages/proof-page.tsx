import { useEffect, useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Reserve } from "@contract/proof";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatDateTime, formatRate } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { DeskList } from "../desk-list";
import { getProofHistory, getProofLiabilities, saveProofReserves, takeProofSnapshot } from "../proof-api";
import { decimalInput } from "@/shared/i18n/decimal-input";

const LIMIT = 20;
const blank = (): Reserve => ({ currency: "USDT", network: "", address: "", amount: "0" });

/**
 * Proof of reserves: what users are owed per currency (available + frozen, and the latest snapshot's total) against
 * the reserves the operator declares (addresses and amounts; saving is audited), the coverage ratio, a snapshot on
 * request (admin, audited), and the history of published roots.
 */
export function ProofPage() {
  const { t, i18n } = useLingui();
  const liabilities = useSWR("backoffice/proof/liabilities", () => getProofLiabilities({}, { silent: true }));
  const [page, setPage] = useState(1);
  const history = useSWR(["backoffice/proof/history", page] as const, ([, p]) => getProofHistory({ page: p, limit: LIMIT }, { silent: true }));
  const [reserves, setReserves] = useState<Reserve[] | null>(null);
  useEffect(() => {
    if (liabilities.data && reserves === null) setReserves(liabilities.data.reserves);
  }, [liabilities.data, reserves]);
  const snapshot = useAction(async () => {
    await takeProofSnapshot({});
    await Promise.all([liabilities.mutate(), history.mutate()]);
    showToast(t`Snapshot taken`, "success");
  });
  const save = useAction(async () => {
    const saved = await saveProofReserves({ reserves: reserves ?? [] });
    setReserves(saved.reserves);
    await liabilities.mutate();
    showToast(i18n._(successes.SAVE.key), "success");
  });
  const edit = (i: number, patch: Partial<Reserve>) => setReserves((list) => (list ?? []).map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Proof of reserves</Trans>
        </h1>
        <button type="button" className="btn btn--primary btn--small" onClick={() => void snapshot.run()} disabled={snapshot.pending}>
          <Trans>Take a snapshot now</Trans>
        </button>
      </div>
      <h2 className="section__title">
        <Trans>Liabilities against reserves</Trans>
      </h2>
      <DeskList loading={!liabilities.data} count={liabilities.data?.list.length ?? 0} empty={<Trans>No balances.</Trans>} emptyIcon="wallet" lines={4}>
        <table className="bo-table">
          <thead>
            <tr>
              <th><Trans>Currency</Trans></th>
              <th className="num"><Trans>Users</Trans></th>
              <th className="num"><Trans>Available</Trans></th>
              <th className="num"><Trans>Frozen</Trans></th>
              <th className="num"><Trans>Liabilities</Trans></th>
              <th className="num"><Trans>Latest snapshot</Trans></th>
              <th className="num"><Trans>Declared reserves</Trans></th>
              <th className="num"><Trans>Coverage</Trans></th>
            </tr>
          </thead>
          <tbody>
            {liabilities.data?.list.map((l) => (
              <tr key={l.currency}>
                <td>{l.currency}</td>
                <td className="num">{l.users}</td>
                <td className="num">{formatAmount(l.available, l.currency, { showCurrency: false })}</td>
                <td className="num">{formatAmount(l.frozen, l.currency, { showCurrency: false })}</td>
                <td className="num">{formatAmount(l.liabilities, l.currency, { showCurrency: false })}</td>
                <td className="num">{l.snapshot_total === null ? "-" : formatAmount(l.snapshot_total, l.currency, { showCurrency: false })}</td>
                <td className="num">{formatAmount(l.reserves, l.currency, { showCurrency: false })}</td>
                <td className="num" style={{ color: l.coverage !== null && Number(l.coverage) < 1 ? "var(--danger)" : undefined }}>
                  {l.coverage === null ? "-" : formatRate(l.coverage, 2)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>
      <h2 className="section__title">
        <Trans>Declared reserves</Trans>
      </h2>
      {reserves === null ? (
        <Skeleton lines={2} />
      ) : (
        <form className="card" onSubmit={save.onSubmit} noValidate style={{ display: "flex", flexDirection: "column", gap: 8, maxWidth: 900 }}>
          {reserves.map((r, i) => (
            <div key={i} style={{ display: "grid", gridTemplateColumns: "90px 110px 1fr 160px auto", gap: 8 }}>
              <input aria-label={t`Currency`} value={r.currency} onChange={(e) => edit(i, { currency: e.target.value })} />
              <input aria-label={t`Network`} value={r.network} onChange={(e) => edit(i, { network: e.target.value })} />
              <input aria-label={t`Address`} value={r.address} onChange={(e) => edit(i, { address: e.target.value })} />
              <input aria-label={t`Amount`} {...decimalInput(r.amount, (wire) => edit(i, { amount: wire }))} />
              <button type="button" className="btn btn--ghost btn--small" onClick={() => setReserves(reserves.filter((_, k) => k !== i))}>
                <Trans>Remove</Trans>
              </button>
            </div>
          ))}
          {Object.keys(save.fieldErrors).length > 0 && <p style={{ color: "var(--danger)" }}>{Object.values(save.fieldErrors)[0]}</p>}
          <div style={{ display: "flex", gap: 8 }}>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setReserves([...reserves, blank()])}>
              <Trans>Add a reserve</Trans>
            </button>
            <button type="submit" className="btn btn--primary btn--small" disabled={save.pending}>
              <Trans>Save reserves</Trans>
            </button>
          </div>
        </form>
      )}
      <h2 className="section__title">
        <Trans>History of roots</Trans>
      </h2>
      <DeskList loading={!history.data} count={history.data?.list.length ?? 0} emptyIcon="shield" lines={4} pager={{ page, total: history.data?.total ?? 0, limit: LIMIT, onPage: setPage }}>
        <table className="bo-table">
          <thead>
            <tr>
              <th><Trans>Taken at</Trans></th>
              <th><Trans>By</Trans></th>
              <th className="num"><Trans>Users</Trans></th>
              <th><Trans>Roots</Trans></th>
            </tr>
          </thead>
          <tbody>
            {history.data?.list.map((s) => (
              <tr key={s.id}>
                <td>{formatDateTime(s.at)}</td>
                <td>{s.kind === "daily" ? <Trans>Daily (00:00 UTC)</Trans> : s.kind === "catch_up" ? <Trans>New balances since the last one</Trans> : (s.operator ?? "-")}</td>
                <td className="num">{s.users}</td>
                <td>
                  {s.currencies.map((c) => (
                    <div key={c.currency} className="bo-code" style={{ fontSize: 11, wordBreak: "break-all" }}>
                      {c.currency} {formatAmount(c.total, c.currency, { showCurrency: false })} · {c.root}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>
    </>
  );
}
