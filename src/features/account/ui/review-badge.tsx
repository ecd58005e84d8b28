import { Trans } from "@lingui/react/macro";
import { REVIEW } from "@contract/constants";

/** The KYC state in a word, coloured. */
export function ReviewBadge({ status }: { status: number }) {
  switch (status) {
    case REVIEW.PASSED:
      return <span className="badge badge--up"><Trans>Verified</Trans></span>;
    case REVIEW.PENDING:
      return <span className="badge badge--warn"><Trans>Under review</Trans></span>;
    case REVIEW.REJECTED:
      return <span className="badge badge--danger"><Trans>Rejected</Trans></span>;
    default:
      return <span className="badge"><Trans>Not verified</Trans></span>;
  }
}
