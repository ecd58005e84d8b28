import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { KycStatus, Submission } from "@contract/kyc";
import { useAction } from "@/shared/api/use-action";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { SelectField } from "@/shared/ui/field";
import { ConfirmModal } from "@/shared/ui/modal";
import { approveKyc, getKycQueue, rejectKyc } from "../kyc-api";
import { Pager } from "../pager";
import { RejectModal } from "../reject-modal";
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
  const [status, setStatus] = useState<KycStatus | "">("pending");
  const [page, setPage] = useState(1);
  const query = { page, limit: LIMIT, status: status || undefined };
  const { data, isLoading, mutate } = useSWR(["backoffice/kyc", query], () => getKycQueue(query, { silent: true }));
  const [photosOf, setPhotosOf] = useState<Submission | null>(null);
  const [approving, setApproving] = useState<Submission | null>(null);
  const [rejecting, setRejecting] = useState<Submission | null>(null);
  const [reason, setReason] = useState("");
  const approve = useAction(async (s: Submission) => {
    await approveKyc({ user_id: s.user_id });
    showToast(t`${s.account} is verified`, "success");
    setApproving(null);
    await mutate();
  });
  const reject = useAction(async (s: Submission) => {
    await rejectKyc({ user_id: s.user_id, reason: reason.trim() });
    showToast(t`The verification of ${s.account} was rejected`, "success");
    setRejecting(null);
    setReason("");
    await mutate();
  });
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Identity verification</Trans>
        </h1>
      </div>
      <div className="bo-toolbar">
        <SelectField
          label={t`Status`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as KycStatus | "");
            setPage(1);
          }}
        >
          <option value="">{t`All`}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {kycStatusText(s)}
            </option>
          ))}
        </SelectField>
      </div>
      {isLoading ? (
        <Skeleton lines={6} />
      ) : !data?.list.length ? (
        <EmptyState icon="user">
          <Trans>No verifications here.</Trans>
        </EmptyState>
      ) : (
        <>
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
                  {s.status === "pending" && (
                    <>
                      <button type="button" className="btn btn--primary btn--small" disabled={s.id_number_taken} onClick={() => setApproving(s)}>
                        <Trans>Approve</Trans>
                      </button>
                      <button type="button" className="btn btn--danger btn--small" onClick={() => setRejecting(s)}>
                        <Trans>Reject</Trans>
                      </button>
                    </>
                  )}
                </div>
              </article>
            ))}
          </div>
          <Pager page={page} total={data.total} limit={LIMIT} onPage={setPage} />
        </>
      )}

      <PhotosModal submission={photosOf} onClose={() => setPhotosOf(null)} />
      <ConfirmModal
        open={approving !== null}
        title={<Trans>Approve this verification?</Trans>}
        confirm={<Trans>Approve</Trans>}
        busy={approve.pending}
        onConfirm={() => approving && void approve.run(approving)}
        onClose={() => setApproving(null)}
      >
        {approving && (
          <Trans>
            {approving.first_name} {approving.last_name} ({approving.account}) will be verified. Approve only after checking that the photos show this
            document and this person.
          </Trans>
        )}
      </ConfirmModal>
      <RejectModal
        open={rejecting !== null}
        title={<Trans>Reject this verification?</Trans>}
        reason={reason}
        onReason={setReason}
        busy={reject.pending}
        error={reject.errorOf("reason")}
        onConfirm={() => rejecting && void reject.run(rejecting)}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
