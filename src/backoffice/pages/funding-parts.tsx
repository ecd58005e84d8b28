import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@/shared/i18n/i18n";
import type { FundingStatus } from "@contract/funding";

const STATUS: Record<FundingStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  review: msg`Under review`,
  succeeded: msg`Succeeded`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
};

export const statusText = (status: FundingStatus): string => i18n._(STATUS[status]);

/** The money queues' statuses, pending first (a queue shows what waits). */
export const FUNDING_STATUSES = Object.keys(STATUS) as FundingStatus[];
