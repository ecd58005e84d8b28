import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { TermChange } from "@contract/market";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime, formatRate } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { DisabledReason, TextField } from "@/shared/ui/field";
import { ConfirmModal } from "@/shared/ui/modal";
import { DeskList } from "../desk-list";
import { cancelTermChange, getTermChanges, saveTermNotice } from "../market-api";
import { ConfigLines } from "./pending-config";

const TERM_CHANGES_KEY = "backoffice/market/terms";

/** The term changes' list, shared by the pairs table (its upcoming column) and this panel. */
export function useTermChanges() {
  return useSWR(TERM_CHANGES_KEY, () => getTermChanges({}, { silent: true }));
}

/**
 * Announced changes of pairs' terms and of the trading configurations (server/src/market/term-changes.ts): a wider
 * spread, or a saved leveraged, spot or options configuration with a term worse for users, waits for the notice
 * period and is announced to every user; a change only better applies at once and is announced too. Pending changes can be
 * cancelled before their time, with a reason (audited; the cancellation is announced as well). The notice period is
 * an operator setting, at least 24 h.
 */
export function TermChangesPanel({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const { data, isLoading, mutate } = useTermChanges();
  const [cancelling, setCancelling] = useState<TermChange | null>(null);
  const [reason, setReason] = useState("");
  const [hours, setHours] = useState<string | null>(null);
  const statusText = (c: TermChange) => (c.status === "pending" ? t`Pending` : c.status === "applied" ? t`Applied` : t`Cancelled`);
  const termText = (c: TermChange) =>
    c.term === "spread_rate" ? t`Spread` : c.term === "positions.config" ? t`Leveraged trading rules` : c.term === "spot.config" ? t`Spot fee rates` : t`Option payout rates`;

  const cancel = useAction(async () => {
    if (!cancelling) return;
    await cancelTermChange({ id: cancelling.id, reason: reason.trim() });
    showToast(i18n._(successes.SAVE.key), "success");
    setCancelling(null);
    setReason("");
    await mutate();
    onChanged();
  });
  const saveNotice = useAction(async () => {
    if (hours === null) return;
    await saveTermNotice({ notice_hours: hours.trim() });
    showToast(i18n._(successes.SAVE.key), "success");
    setHours(null);
    await mutate();
  });

  return (
    <section style={{ marginTop: 28 }} data-testid="term-changes">
      <h2>
        <Trans>Announced term changes</Trans>
      </h2>
      <p className="faint" style={{ fontSize: 13 }}>
        <Trans>
          A wider spread, a higher fee, maintenance or swap rate, a lower maximum leverage or a lower option payout is announced to every user in their language and applies after the notice period; a change only better for users applies at once and is announced too. Open positions and waiting orders keep the terms they were placed with.
        </Trans>
      </p>
      <form className="bo-toolbar" onSubmit={saveNotice.onSubmit} noValidate>
        <TextField
          label={<Trans>Notice period (hours)</Trans>}
          name="notice_hours"
          inputMode="numeric"
          value={hours ?? String(data?.notice_hours ?? "")}
          onChange={(e) => setHours(e.target.value)}
          error={saveNotice.errorOf("notice_hours")}
          hint={data ? <NoticeRange min={data.min_notice_hours} max={data.max_notice_hours} /> : undefined}
        />
        <button type="submit" className="btn btn--primary btn--small" disabled={hours === null || saveNotice.pending}>
          <Trans>Save</Trans>
        </button>
      </form>
      <DisabledReason testId="notice-save-reason">{hours === null ? <Trans>Type a new notice period to save it.</Trans> : null}</DisabledReason>
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>No term changes announced.</Trans>} emptyIcon="chart" lines={3}>
        <table className="bo-table">
          <thead>
            <tr>
              <th><Trans>Pair</Trans></th>
              <th><Trans>Term</Trans></th>
              <th className="num"><Trans>From</Trans></th>
              <th className="num"><Trans>To</Trans></th>
              <th><Trans>Announced</Trans></th>
              <th><Trans>Takes effect</Trans></th>
              <th><Trans>Status</Trans></th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.list.map((c) => (
              <tr key={c.id} data-testid={`term-change-${c.id}`}>
                <td style={{ fontWeight: 600 }}>{c.symbol ?? "—"}</td>
                <td>{termText(c)}</td>
                {c.changes ? (
                  <td colSpan={2}>
                    <ConfigLines lines={c.changes} />
                  </td>
                ) : (
                  <>
                    <td className="num">{formatRate(c.from)}</td>
                    <td className="num">{formatRate(c.to)}</td>
                  </>
                )}
                <td>{formatDateTime(c.announced_at)}</td>
                <td>{formatDateTime(c.effective_at)}</td>
                <td>
                  <span className={`badge ${c.status === "pending" ? "badge--warn" : c.status === "cancelled" ? "badge--danger" : "badge--up"}`}>{statusText(c)}</span>
                  {c.cancel_reason && <div className="faint" style={{ fontSize: 12 }}>{c.cancel_reason}</div>}
                </td>
                <td>
                  {c.status === "pending" && (
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => setCancelling(c)}>
                      <Trans>Cancel change</Trans>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>
      <ConfirmModal
        open={cancelling !== null}
        title={<Trans>Cancel the announced change</Trans>}
        confirm={<Trans>Cancel change</Trans>}
        cancel={<Trans>Keep it</Trans>}
        danger
        busy={cancel.pending}
        disabled={!reason.trim()}
        onConfirm={() => void cancel.run()}
        onClose={() => setCancelling(null)}
      >
        {cancelling && <CancelSummary change={cancelling} term={termText(cancelling)} />}
        <TextField label={<Trans>Reason (audit log)</Trans>} name="reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} error={cancel.errorOf("reason")} />
        <DisabledReason testId="cancel-reason-missing">{reason.trim() ? null : <Trans>Give the reason the audit log keeps.</Trans>}</DisabledReason>
      </ConfirmModal>
    </section>
  );
}

function NoticeRange({ min, max }: { min: number; max: number }) {
  return <Trans>From {min} to {max} hours; applies to changes made after it.</Trans>;
}

function CancelSummary({ change, term }: { change: TermChange; term: string }) {
  const { symbol } = change;
  if (change.changes) {
    const when = formatDateTime(change.effective_at);
    return (
      <div style={{ marginTop: 0 }}>
        <p style={{ marginTop: 0 }}>
          <Trans>
            {term}: the change announced for {when}. The terms in force stay, and every user is told that it is cancelled.
          </Trans>
        </p>
        <ConfigLines lines={change.changes} />
      </div>
    );
  }
  const from = formatRate(change.from);
  const to = formatRate(change.to);
  const date = formatDateTime(change.effective_at);
  return (
    <p style={{ marginTop: 0 }}>
      <Trans>
        {symbol}: {term} from {from} to {to} on {date}. Every user is told that it is cancelled.
      </Trans>
    </p>
  );
}
