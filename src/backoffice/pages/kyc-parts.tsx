import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { CertType, KycStatus, Submission } from "@contract/kyc";
import { formatDateTime, regionName } from "@/shared/i18n/format";
import { i18n } from "@/shared/i18n/i18n";
import { Icon } from "@/shared/ui/icons";
import { KeyValue } from "@/shared/ui/key-value";
import { ImageViewerModal } from "../image-viewer";
import { getKycPhoto } from "../kyc-api";
import "./people.css";

const CERT_TYPES: Record<CertType, MessageDescriptor> = { id_card: msg`ID card`, passport: msg`Passport`, driver_license: msg`Driver licence` };
const STATUS: Record<KycStatus, MessageDescriptor> = { pending: msg`Pending review`, passed: msg`Passed`, rejected: msg`Rejected` };
const REVIEW: Record<number, MessageDescriptor> = { 0: msg`Not submitted`, 1: msg`Pending review`, 2: msg`Passed`, 3: msg`Rejected` };

export const certTypeText = (type: CertType): string => i18n._(CERT_TYPES[type]);
export const kycStatusText = (status: KycStatus): string => i18n._(STATUS[status]);

/** A user's review_status (0-3) as a coloured badge. */
export function ReviewStatusBadge({ status }: { status: number }) {
  const tone = status === 2 ? "badge--up" : status === 1 ? "badge--warn" : status === 3 ? "badge--danger" : "";
  return <span className={`badge ${tone}`}>{i18n._(REVIEW[status] ?? REVIEW[0])}</span>;
}


/** A submission's facts, for the queue and the user detail. */
export function SubmissionFacts({ submission }: { submission: Submission }) {
  return (
    <div className="bo-facts">
      <KeyValue label={<Trans>Name</Trans>}>
        <span>
          {submission.first_name} {submission.last_name}
        </span>
      </KeyValue>
      <KeyValue label={<Trans>Country or region</Trans>}>
        <span>
          {regionName(submission.country)} ({submission.country})
        </span>
      </KeyValue>
      <KeyValue label={<Trans>Document</Trans>}>
        <span>
          {certTypeText(submission.cert_type)} <span className="bo-code">{submission.cert_no}</span>
        </span>
      </KeyValue>
      <KeyValue label={<Trans>Submitted</Trans>}>
        <span className="num">{formatDateTime(submission.submitted_at)}</span>
      </KeyValue>
      {submission.reviewed_at && (
        <KeyValue label={<Trans>Reviewed</Trans>}>
          <span>
            {submission.reviewed_by} <span className="num faint">{formatDateTime(submission.reviewed_at)}</span>
          </span>
        </KeyValue>
      )}
      {submission.reason && (
        <KeyValue label={<Trans>Reason</Trans>}>
          <span>{submission.reason}</span>
        </KeyValue>
      )}
      {submission.id_number_taken && (
        <div className="notice" role="note" style={{ marginTop: 8 }}>
          <Icon name="info" size={18} />
          <span>
            <Trans>This document number is already verified on another account: approving is refused.</Trans>
          </span>
        </div>
      )}
    </div>
  );
}

const SIDES = ["front", "back", "hand"] as const;
type Side = (typeof SIDES)[number];

/** The three photos of a submission, loaded when opened and kept only while the dialog is open. */
export function PhotosModal({ submission, onClose }: { submission: Submission | null; onClose: () => void }) {
  const { t } = useLingui();
  const [photos, setPhotos] = useState<Partial<Record<Side, string>>>({});
  useEffect(() => {
    setPhotos({});
    if (!submission) return;
    let live = true;
    for (const side of SIDES) {
      void getKycPhoto({ id: submission.id, side }, { silent: true, loading: false })
        .then((image) => live && setPhotos((p) => ({ ...p, [side]: `data:${image.content_type};base64,${image.data}` })))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [submission]);
  const label: Record<Side, string> = { front: t`Front side`, back: t`Back side`, hand: t`Selfie holding the document` };
  return (
    <ImageViewerModal
      open={submission !== null}
      title={<Trans>Verification photos</Trans>}
      onClose={onClose}
      facts={submission && <>{submission.first_name} {submission.last_name} · {certTypeText(submission.cert_type)} {submission.cert_no}</>}
      images={SIDES.map((side) => ({ src: photos[side] ?? null, alt: label[side], caption: label[side] }))}
    />
  );
}
