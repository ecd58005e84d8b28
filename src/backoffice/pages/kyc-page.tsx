import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { KycStatus, Submission } from "@contract/kyc";
import { showToast } from "@/shared/state/store";
import { ConfirmModal } from "@/shared/ui/modal";
import { approveKyc, getKycQueue, rejectKyc } from "../kyc-api";
import { DeskList } from "../desk-list";
import { RejectModal } from "../reject-modal";
import { DecisionButtons, StatusFilter, useReviewQueue } from "../review-queue";
import { kycStatusText, PhotosModal, SubmissionFacts } from "./kyc-parts";

const LIMIT = 20;
const STATUSES: KycStatus[] = ["pending", "passed", "rejected"];

/**
 * The verification queue: each submission with its facts and its three photos (served to operators only).
 * Approve passes the user (refused when another account verified the same document number); reject needs a
 * reason the user sees, and the user may submit again.
 */
export function KycQueuePage() {
  const { t } = useLingui();
  const queue = useReviewQueue<Submission, KycStatus>({
    key: "backoffice/kyc",
    limit: LIMIT,
    load: (query) => getKycQueue(query, { silent: true }),
    approve: async (s, key) => {
      await approveKyc({ user_id: s.user_id, idempotency_key: key });
      showToast(t`${s.account} is verified`, "success");
    },
    reject: async (s, reason, key) => {
      await rejectKyc({ user_id: s.user_id, reason, idempotency_key: key });
      showToast(t`The verification of ${s.account} was rejected`, "success");
    },
  });
  const { data, approving } = queue;
  const [photosOf, setPhotosOf] = useState<Submission | null>(null);
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Identity verification</Trans>
        </h1>
      </div>
      <div className="bo-toolbar">
        <StatusFilter value={queue.status} statuses={STATUSES} nameOf={kycStatusText} onChange={queue.setStatus} />
      </div>
      <DeskList loading={queue.isLoading} count={data?.list.length ?? 0} empty={<Trans>No verifications here.</Trans>} emptyIcon="user" pager={{ page: queue.page, total: data?.total ?? 0, limit: LIMIT, onPage: queue.setPage }}>
        {data && (
          <div className="bo-cards">
            {data.list.map((s) => (
              <article key={s.id} className="bo-card" data-testid={`kyc-${s.user_id}`} aria-label={s.account}>
                <div className="bo-card__head">
                  <span className="bo-card__title">
                    {s.account} <span className="faint">#{s.user_id}</span>
                  </span>
                  <span className={`badge ${s.status === "passed" ? "badge--up" : s.status === "rejected" ? "badge--danger" : "badge--warn"}`}>{kycStatusText(s.status)}</span>
                </div>
                <SubmissionFacts submission={s} />
                <div className="bo-card__actions">
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => setPhotosOf(s)}>
                    <Trans>Photos</Trans>
                  </button>
                  {s.status === "pending" && <DecisionButtons approveDisabled={s.id_number_taken} onApprove={() => queue.setApproving(s)} onReject={() => queue.setRejecting(s)} />}
                </div>
              </article>
            ))}
          </div>
        )}
      </DeskList>

      <PhotosModal submission={photosOf} onClose={() => setPhotosOf(null)} />
      <ConfirmModal {...queue.approveModal} title={<Trans>Approve this verification?</Trans>} confirm={<Trans>Approve</Trans>}>
        {approving && (
          <Trans>
            {approving.first_name} {approving.last_name} ({approving.account}) will be verified. Approve only after checking that the photos show this
            document and this person.
          </Trans>
        )}
      </ConfirmModal>
      <RejectModal {...queue.rejectModal} title={<Trans>Reject this verification?</Trans>} />
    </>
  );
}
