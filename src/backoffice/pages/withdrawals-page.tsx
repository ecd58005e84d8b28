import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FundingStatus } from "@contract/funding";
import { formatAmount, formatDateTime } from "@/shared/i18n/format";
import { copyText } from "@/shared/lib/clipboard";
import { showToast } from "@/shared/state/store";
import { TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { ConfirmModal } from "@/shared/ui/modal";
import { approveWithdrawal, getWithdrawals, rejectWithdrawal } from "../funding-api";
import { RejectModal } from "../reject-modal";
import { ReviewQueuePage, useReviewQueue } from "../review-queue";
import { FUNDING_STATUSES, statusText } from "./funding-parts";

const LIMIT = 30;

type Withdrawal = Awaited<ReturnType<typeof getWithdrawals>>["list"][number];

/**
 * The withdrawal queue. Pay the "receive" amount to the address on its network, then approve with the payout's
 * transaction hash (the frozen amount leaves, the fee goes to the fee account); or reject with a reason (refund).
 */
export function WithdrawalsPage() {
  const { t } = useLingui();
  const [txHash, setTxHash] = useState("");
  const queue = useReviewQueue<Withdrawal, FundingStatus>({
    key: "backoffice/withdrawals",
    limit: LIMIT,
    load: (query) => getWithdrawals(query, { silent: true }),
    approve: async ({ id }, key) => {
      await approveWithdrawal({ id, tx_hash: txHash.trim(), idempotency_key: key });
      showToast(t`Withdrawal #${id} marked paid`, "success");
      setTxHash("");
    },
    reject: async ({ id }, reason, key) => {
      await rejectWithdrawal({ id, reason, idempotency_key: key });
      showToast(t`Withdrawal #${id} rejected: the amount is back in the user's wallet`, "success");
    },
  });
  const { approving } = queue;
  return (
    <ReviewQueuePage
      queue={queue}
      title={<Trans>Withdrawals</Trans>}
      statuses={FUNDING_STATUSES}
      nameOf={statusText}
      limit={LIMIT}
      empty={<Trans>No withdrawals here.</Trans>}
      emptyIcon="withdraw"
      rowId={(id) => `withdrawal-${id}`}
      columns={
        <>
          <th className="num"><Trans>Amount</Trans></th>
          <th className="num"><Trans>Fee</Trans></th>
          <th className="num"><Trans>To send</Trans></th>
          <th><Trans>Address</Trans></th>
          <th><Trans>Requested</Trans></th>
          <th><Trans>Status</Trans></th>
        </>
      }
      cells={(w) => (
        <>
          <td className="num">{formatAmount(w.amount, w.currency, { showCurrency: false })}</td>
          <td className="num">{formatAmount(w.fee, w.currency, { showCurrency: false })}</td>
          <td className="num">
            <strong>{formatAmount(w.receive, w.currency, { showCurrency: false })}</strong> {w.currency}
          </td>
          <td>
            <span className="badge">{w.network}</span>{" "}
            <span className="bo-code">{w.address}</span>{" "}
            <button type="button" className="btn btn--link" aria-label={t`Copy address`} onClick={() => void copyText(w.address)}>
              <Icon name="copy" size={14} />
            </button>
          </td>
          <td className="num">{formatDateTime(w.created_at)}</td>
          <td>
            {statusText(w.status)}
            {w.tx_hash && <div className="bo-code faint">{w.tx_hash}</div>}
            {w.reason && <div className="faint" style={{ fontSize: 12 }}>{w.reason}</div>}
            {w.reviewed_by && (
              <div className="faint" style={{ fontSize: 12 }}>
                {w.reviewed_by} {w.reviewed_at ? formatDateTime(w.reviewed_at) : ""}
              </div>
            )}
          </td>
        </>
      )}
      decidable={(w) => w.status === "pending" || w.status === "review"}
    >
      <ConfirmModal {...queue.approveModal} title={<Trans>Mark this withdrawal paid</Trans>} confirm={<Trans>Approve</Trans>} disabled={!txHash.trim()}>
        {approving && (
          <p style={{ marginTop: 0 }}>
            <Trans>
              Send {formatAmount(approving.receive, approving.currency, { showCurrency: false })} {approving.currency} on {approving.network} to {approving.address}, then enter the transaction hash.
            </Trans>
          </p>
        )}
        <TextField label={<Trans>Payout transaction hash</Trans>} name="tx_hash" value={txHash} onChange={(e) => setTxHash(e.target.value)} placeholder="0x…" error={queue.approve.errorOf("tx_hash")} />
      </ConfirmModal>
      <RejectModal {...queue.rejectModal} title={<Trans>Reject this withdrawal?</Trans>} confirm={<Trans>Reject and refund</Trans>} />
    </ReviewQueuePage>
  );
}
