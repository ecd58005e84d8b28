import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { DepositStatus } from "@contract/funding";
import { formatAmount, formatDateTime, formatDecimal } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { ConfirmModal } from "@/shared/ui/modal";
import { approveDeposit, getDepositVoucher, getDeposits, rejectDeposit } from "../funding-api";
import { ImageViewerModal } from "../image-viewer";
import { RejectModal } from "../reject-modal";
import { ReviewQueuePage, useReviewQueue } from "../review-queue";
import { DEPOSIT_STATUSES, statusText } from "./funding-parts";

const LIMIT = 30;

type Deposit = Awaited<ReturnType<typeof getDeposits>>["list"][number];

/**
 * The deposit queue: each declared deposit with its screenshot. Approve credits the user once (a second click, or
 * another operator at the same time, finds it decided); reject needs a reason the user sees.
 */
export function DepositsPage() {
  const { t } = useLingui();
  const queue = useReviewQueue<Deposit, DepositStatus>({
    key: "backoffice/deposits",
    limit: LIMIT,
    load: (query) => getDeposits(query, { silent: true }),
    approve: async ({ id }, key) => {
      await approveDeposit({ id, idempotency_key: key });
      showToast(t`Deposit #${id} approved: the user is credited`, "success");
    },
    reject: async ({ id }, reason, key) => {
      await rejectDeposit({ id, reason, idempotency_key: key });
      showToast(t`Deposit #${id} rejected`, "success");
    },
  });
  const { approving } = queue;
  const [voucherOf, setVoucherOf] = useState<Deposit | null>(null);
  return (
    <ReviewQueuePage
      queue={queue}
      title={<Trans>Deposits</Trans>}
      statuses={DEPOSIT_STATUSES}
      nameOf={statusText}
      limit={LIMIT}
      empty={<Trans>No deposits here.</Trans>}
      emptyIcon="deposit"
      rowId={(id) => `deposit-${id}`}
      columns={
        <>
          <th className="num"><Trans>Amount</Trans></th>
          <th><Trans>Network</Trans></th>
          <th><Trans>Submitted</Trans></th>
          <th><Trans>Status</Trans></th>
          <th><Trans>Reviewed</Trans></th>
        </>
      }
      cells={(d) => (
        <>
          <td className="num">
            {formatAmount(d.amount, d.currency)}
          </td>
          <td>
            {d.network}
            {d.source === "chain" && d.tx_hash && (
              <div className="faint num" style={{ fontSize: 12, wordBreak: "break-all" }} data-testid="deposit-tx">
                {d.tx_hash} #{d.log_index} · <Trans>block {d.block}</Trans> · <Trans>{d.confirmations} confirmations</Trans>
              </div>
            )}
          </td>
          <td className="num">{formatDateTime(d.created_at)}</td>
          <td>
            {statusText(d.status)}
            {d.reason && <div className="faint" style={{ fontSize: 12 }}>{d.reason}</div>}
          </td>
          <td>
            {d.reviewed_by ?? ""} {d.reviewed_at ? <span className="faint num">{formatDateTime(d.reviewed_at)}</span> : null}
          </td>
        </>
      )}
      actions={(d) =>
        d.source === "voucher" && (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setVoucherOf(d)}>
            <Trans>Voucher</Trans>
          </button>
        )
      }
      decidable={(d) => d.status === "pending"}
    >
      <VoucherModal deposit={voucherOf} onClose={() => setVoucherOf(null)} />
      <ConfirmModal {...queue.approveModal} title={<Trans>Approve this deposit?</Trans>} confirm={<Trans>Approve and credit</Trans>}>
        {approving && (
          <Trans>
            Credit {formatDecimal(approving.amount)} {approving.currency} to {approving.account}. Approve only after the transfer arrived on the {approving.network} address {approving.address}.
          </Trans>
        )}
      </ConfirmModal>
      <RejectModal {...queue.rejectModal} title={<Trans>Reject this deposit?</Trans>} />
    </ReviewQueuePage>
  );
}

function VoucherModal({ deposit, onClose }: { deposit: Deposit | null; onClose: () => void }) {
  const { t } = useLingui();
  const { data } = useSWR(deposit ? ["backoffice/deposits/voucher", deposit.id] : null, () => getDepositVoucher({ id: deposit!.id }, { silent: true }), { revalidateOnFocus: false });
  return (
    <ImageViewerModal
      open={deposit !== null}
      title={<Trans>Payment screenshot</Trans>}
      onClose={onClose}
      facts={
        deposit && (
          // eslint-disable-next-line lingui/no-unlocalized-strings -- MD5 is the checksum's name in every language
          <>{formatDecimal(deposit.amount)} {deposit.currency} · {deposit.network} · md5 {deposit.voucher_md5}</>
        )
      }
      images={[{ src: data ? `data:${data.content_type};base64,${data.data}` : null, alt: t`Payment screenshot` }]}
    />
  );
}
