import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { DepositStatus } from "@contract/funding";
import { formatDateTime, formatDecimal } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { ConfirmModal } from "@/shared/ui/modal";
import { approveDeposit, getDepositVoucher, getDeposits, rejectDeposit } from "../funding-api";
import { DeskList } from "../desk-list";
import { ImageViewerModal } from "../image-viewer";
import { RejectModal } from "../reject-modal";
import { StatusFilter, useReviewQueue } from "../review-queue";
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
  const { data, approving } = queue;
  const [voucherOf, setVoucherOf] = useState<Deposit | null>(null);
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Deposits</Trans>
        </h1>
      </div>
      <div className="bo-toolbar">
        <StatusFilter value={queue.status} statuses={DEPOSIT_STATUSES} nameOf={statusText} onChange={queue.setStatus} />
      </div>
      <DeskList loading={queue.isLoading} count={data?.list.length ?? 0} empty={<Trans>No deposits here.</Trans>} emptyIcon="deposit" pager={{ page: queue.page, total: data?.total ?? 0, limit: LIMIT, onPage: queue.setPage }}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                <th>#</th>
                <th><Trans>User</Trans></th>
                <th className="num"><Trans>Amount</Trans></th>
                <th><Trans>Network</Trans></th>
                <th><Trans>Submitted</Trans></th>
                <th><Trans>Status</Trans></th>
                <th><Trans>Reviewed</Trans></th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.list.map((d) => (
                <tr key={d.id} data-testid={`deposit-${d.id}`}>
                  <td className="num">{d.id}</td>
                  <td>
                    {d.account} <span className="faint">#{d.user_id}</span>
                  </td>
                  <td className="num">
                    {formatDecimal(d.amount)} {d.currency}
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
                  <td style={{ whiteSpace: "nowrap" }}>
                    {d.source === "voucher" && (
                      <button type="button" className="btn btn--ghost btn--small" onClick={() => setVoucherOf(d)}>
                        <Trans>Voucher</Trans>
                      </button>
                    )}{" "}
                    {d.status === "pending" && (
                      <>
                        <button type="button" className="btn btn--primary btn--small" onClick={() => queue.setApproving(d)}>
                          <Trans>Approve</Trans>
                        </button>{" "}
                        <button type="button" className="btn btn--danger btn--small" onClick={() => queue.setRejecting(d)}>
                          <Trans>Reject</Trans>
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DeskList>

      <VoucherModal deposit={voucherOf} onClose={() => setVoucherOf(null)} />
      <ConfirmModal {...queue.approveModal} title={<Trans>Approve this deposit?</Trans>} confirm={<Trans>Approve and credit</Trans>}>
        {approving && (
          <Trans>
            Credit {formatDecimal(approving.amount)} {approving.currency} to {approving.account}. Approve only after the transfer arrived on the {approving.network} address {approving.address}.
          </Trans>
        )}
      </ConfirmModal>
      <RejectModal {...queue.rejectModal} title={<Trans>Reject this deposit?</Trans>} />
    </>
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
