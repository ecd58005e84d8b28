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
import { ConfirmModal, Modal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { KeyValue } from "@/shared/ui/key-value";
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
              <KeyValue label={<Trans>Amount</Trans>}>
                <span className="record__amount">
                  <Amount value={d.amount} currency={d.currency} />
                </span>
              </KeyValue>
              <KeyValue label={<Trans>Network</Trans>}>
                <span>{d.network}</span>
              </KeyValue>
              <KeyValue label={<Trans>Submitted</Trans>}>
                <span className="num">{formatDateTime(d.created_at)}</span>
              </KeyValue>
              {d.reviewed_at && (
                <KeyValue label={d.status === "cancelled" ? <Trans>Cancelled</Trans> : <Trans>Reviewed</Trans>}>
                  <span className="num">{formatDateTime(d.reviewed_at)}</span>
                </KeyValue>
              )}
              {d.reason && (
                <div className="record__reason">
                  <Trans>Reason: {d.reason}</Trans>
                </div>
              )}
              {d.source === "chain" && d.tx_hash && (
                <KeyValue label={<Trans>Transaction</Trans>}>
                  <span className="num" style={{ fontSize: 12, wordBreak: "break-all" }}>
                    {d.tx_hash}
                  </span>
                </KeyValue>
              )}
              {d.source === "chain" && (
                <KeyValue label={<Trans>Confirmations</Trans>}>
                  <span className="num">{d.confirmations ?? 0}</span>
                </KeyValue>
              )}
              <div className="record__actions">
                {d.source === "voucher" && (
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => setViewing(d.id)}>
                    <Trans>Screenshot</Trans>
                  </button>
                )}
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
      <ConfirmModal
        open={cancelling !== null}
        title={<Trans>Cancel this deposit?</Trans>}
        cancel={<Trans>Keep it</Trans>}
        confirm={<Trans>Cancel deposit</Trans>}
        danger
        busy={cancel.pending}
        onConfirm={() => cancelling && void cancel.run(cancelling.id)}
        onClose={() => setCancelling(null)}
      >
        <Trans>Cancel it only if you did not send the money: a cancelled deposit is not reviewed.</Trans>
      </ConfirmModal>
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
