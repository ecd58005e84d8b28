import { useState } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import type { DepositItem } from "@contract/funding";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton, Spinner } from "@/shared/ui/feedback";
import { Modal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { cancelDeposit } from "../api/deposit-cancel";
import { useDepositLog } from "../api/deposit-log";
import { useDepositVoucher } from "../api/deposit-voucher";
import { Amount, flatten, LoadMore, StatusBadge } from "./parts";
import "./wallet.css";

/** Deposit records: each declared deposit, its state, the operator's reason when refused; pending ones cancel. */
export function DepositRecordsPage() {
  const { t, i18n } = useLingui();
  const log = useDepositLog();
  const { items, hasMore } = flatten(log.data);
  const [cancelling, setCancelling] = useState<DepositItem | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const cancel = useAction(async (id: number) => {
    await cancelDeposit({ id });
    showToast(i18n._(successes.CANCEL.key), "success");
    setCancelling(null);
    await log.mutate();
  });
  return (
    <Page title={<Trans>Deposit records</Trans>} nav="default">
      {!log.data ? (
        <Skeleton lines={6} />
      ) : items.length === 0 ? (
        <EmptyState icon="deposit">
          <p style={{ margin: "0 0 12px" }}>
            <Trans>No deposits yet.</Trans>
          </p>
          <Link href={paths.uploadVoucher} className="btn btn--primary btn--small">
            <Trans>Deposit USDT</Trans>
          </Link>
        </EmptyState>
      ) : (
        <section aria-label={t`Deposit records`}>
          {items.map((d) => (
            <article key={d.id} className="record" data-testid="deposit-record">
              <div className="record__head">
                <span className="record__title">
                  <Trans>Deposit #{d.id}</Trans>
                </span>
                <StatusBadge status={d.status} />
              </div>
              <div className="kv">
                <span>
                  <Trans>Amount</Trans>
                </span>
                <span className="record__amount">
                  <Amount value={d.amount} currency={d.currency} />
                </span>
              </div>
              <div className="kv">
                <span>
                  <Trans>Network</Trans>
                </span>
                <span>{d.network}</span>
              </div>
              <div className="kv">
                <span>
                  <Trans>Submitted</Trans>
                </span>
                <span className="num">{formatDateTime(d.created_at)}</span>
              </div>
              {d.reviewed_at && (
                <div className="kv">
                  <span>{d.status === "cancelled" ? <Trans>Cancelled</Trans> : <Trans>Reviewed</Trans>}</span>
                  <span className="num">{formatDateTime(d.reviewed_at)}</span>
                </div>
              )}
              {d.reason && (
                <div className="record__reason">
                  <Trans>Reason: {d.reason}</Trans>
                </div>
              )}
              <div className="record__actions">
                <button type="button" className="btn btn--ghost btn--small" onClick={() => setViewing(d.id)}>
                  <Trans>Screenshot</Trans>
                </button>
                {d.status === "pending" && (
                  <button type="button" className="btn btn--danger btn--small" onClick={() => setCancelling(d)}>
                    <Trans>Cancel deposit</Trans>
                  </button>
                )}
              </div>
            </article>
          ))}
          <LoadMore hasMore={hasMore} loading={log.isValidating && log.data.length < log.size} onMore={() => void log.setSize(log.size + 1)} />
        </section>
      )}
      <Modal
        open={cancelling !== null}
        title={<Trans>Cancel this deposit?</Trans>}
        onClose={() => setCancelling(null)}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setCancelling(null)}>
              <Trans>Keep it</Trans>
            </button>
            <button type="button" className="btn btn--danger" disabled={cancel.pending} onClick={() => cancelling && void cancel.run(cancelling.id)}>
              <Trans>Cancel deposit</Trans>
            </button>
          </>
        }
      >
        <Trans>Cancel it only if you did not send the money: a cancelled deposit is not reviewed.</Trans>
      </Modal>
      <VoucherModal id={viewing} onClose={() => setViewing(null)} />
    </Page>
  );
}

function VoucherModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useLingui();
  const { data } = useDepositVoucher(id);
  return (
    <Modal
      open={id !== null}
      title={<Trans>Payment screenshot</Trans>}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      }
    >
      {data ? <img className="voucher-img" src={`data:${data.content_type};base64,${data.data}`} alt={t`Payment screenshot`} /> : <Spinner />}
    </Modal>
  );
}
