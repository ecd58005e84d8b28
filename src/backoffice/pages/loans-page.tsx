import { useEffect, useState } from "react";
import useSWR from "swr";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { LoanStatus, LoanUpload } from "@contract/loans";
import { formatAmount, formatDateTime } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { ConfirmModal } from "@/shared/ui/modal";
import { approveLoan, getLoanPhoto, getLoanQueue, rejectLoan } from "../earn-api";
import { ImageViewerModal } from "../image-viewer";
import { RejectModal } from "../reject-modal";
import { ReviewQueuePage, useReviewQueue } from "../review-queue";

/** An amount of a currency without its code (the column or the sentence names it): the app's money formatter. */
const money = (value: string, currency: string) => formatAmount(value, currency, { showCurrency: false });

const LIMIT = 30;
const LOAN_UPLOADS: LoanUpload[] = ["house", "income", "bank", "id_front", "id_hand"];
type Loan = Awaited<ReturnType<typeof getLoanQueue>>["list"][number];
const STATUSES: LoanStatus[] = ["pending", "issued", "settled", "rejected"];

/** The loan queue: the application's five photos, approve (credited from the loans account) or reject with a reason. */
export function LoansPage() {
  const { t } = useLingui();
  const [viewing, setViewing] = useState<Loan | null>(null);
  const queue = useReviewQueue<Loan, LoanStatus>({
    key: "backoffice/loans",
    limit: LIMIT,
    load: (query) => getLoanQueue(query, { silent: true }),
    approve: async ({ id }, key) => {
      await approveLoan({ id, idempotency_key: key });
      showToast(t`Loan #${id} approved: the amount is credited`, "success");
    },
    reject: async ({ id }, reason, key) => {
      await rejectLoan({ id, reason, idempotency_key: key });
      showToast(t`Loan #${id} rejected`, "success");
    },
  });
  const { data, approving } = queue;
  const { data: accounts } = useSWR(["backoffice/loans", "accounts", data], () => getLoanQueue({ page: 1, limit: 1 }, { silent: true }).then((r) => r.accounts));
  const statusName = (s: LoanStatus) => ({ pending: t`Pending review`, issued: t`Loan issued`, settled: t`Settled`, rejected: t`Rejected` })[s];
  return (
    <ReviewQueuePage
      queue={queue}
      title={<Trans>Loans</Trans>}
      head={accounts?.map((a) => (
        <span key={a.currency} className="faint">
          <Trans>
            Loans account: {money(a.balance, a.currency)} {a.currency}
          </Trans>
        </span>
      ))}
      statuses={STATUSES}
      nameOf={statusName}
      limit={LIMIT}
      empty={<Trans>No loans here.</Trans>}
      emptyIcon="bank"
      rowId={(id) => `loan-${id}`}
      columns={
        <>
          <th className="num"><Trans>Amount</Trans></th>
          <th className="num"><Trans>Days</Trans></th>
          <th className="num"><Trans>Total due</Trans></th>
          <th className="num"><Trans>Unpaid</Trans></th>
          <th><Trans>Applied</Trans></th>
          <th><Trans>Status</Trans></th>
        </>
      }
      cells={(l) => (
        <>
          <td className="num">
            {money(l.amount, l.currency)} {l.currency}
          </td>
          <td className="num">{l.days}</td>
          <td className="num">{money(l.total_due, l.currency)}</td>
          <td className="num">
            {money(l.unpaid, l.currency)}
            {l.overdue && (
              <div className="down" style={{ fontSize: 12 }}>
                <Plural value={l.overdue_days} one="# day overdue" other="# days overdue" />
              </div>
            )}
          </td>
          <td className="num">{formatDateTime(l.created_at)}</td>
          <td>
            {statusName(l.status)}
            {l.reason && <div className="faint" style={{ fontSize: 12 }}>{l.reason}</div>}
            {l.reviewed_by && <div className="faint" style={{ fontSize: 12 }}>{l.reviewed_by}</div>}
          </td>
        </>
      )}
      actions={(l) => (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setViewing(l)}>
          <Trans>Photos</Trans>
        </button>
      )}
      decidable={(l) => l.status === "pending"}
    >
      {viewing && <LoanPhotos loan={viewing} onClose={() => setViewing(null)} />}
      <ConfirmModal {...queue.approveModal} title={<Trans>Approve this loan?</Trans>} confirm={<Trans>Approve</Trans>}>
        {approving && (
          <p style={{ marginTop: 0 }}>
            <Trans>
              {money(approving.amount, approving.currency)} {approving.currency} are credited to {approving.account} from the loans account; {money(approving.total_due, approving.currency)} {approving.currency} are due <Plural value={approving.days} one="# day" other="# days" /> later.
            </Trans>
          </p>
        )}
      </ConfirmModal>
      <RejectModal {...queue.rejectModal} title={<Trans>Reject this loan?</Trans>} confirm={<Trans>Reject</Trans>} />
    </ReviewQueuePage>
  );
}

function LoanPhotos({ loan, onClose }: { loan: Loan; onClose: () => void }) {
  const { t } = useLingui();
  const [srcs, setSrcs] = useState<Partial<Record<LoanUpload, string>>>({});
  useEffect(() => {
    let live = true;
    for (const field of LOAN_UPLOADS) {
      void getLoanPhoto({ id: loan.id, field }, { silent: true }).then((image) => {
        if (live) setSrcs((s) => ({ ...s, [field]: `data:${image.content_type};base64,${image.data}` }));
      });
    }
    return () => {
      live = false;
    };
  }, [loan.id]);
  const names: Record<LoanUpload, string> = { house: t`House information`, income: t`Income proof`, bank: t`Bank details`, id_front: t`ID photo`, id_hand: t`Hand-held ID photo` };
  return (
    <ImageViewerModal
      open
      title={<Trans>Loan #{loan.id}</Trans>}
      facts={t`${loan.account} · ${money(loan.amount, loan.currency)} ${loan.currency} · ${plural(loan.days, { one: "# day", other: "# days" })}`}
      images={LOAN_UPLOADS.map((field) => ({ src: srcs[field] ?? null, alt: names[field], caption: names[field] }))}
      onClose={onClose}
    />
  );
}
