import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@/shared/i18n/i18n";
import type { DepositStatus, FundingStatus } from "@contract/funding";

const STATUS: Record<DepositStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  review: msg`Under review`,
  succeeded: msg`Succeeded`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
  confirming: msg`Confirming`,
  below_minimum: msg`Below the minimum`,
  replaced: msg`Block replaced`,
};

export const statusText = (status: DepositStatus): string => i18n._(STATUS[status]);

/** The money queues' statuses, pending first (a queue shows what waits). */
export const FUNDING_STATUSES: FundingStatus[] = ["pending", "review", "succeeded", "failed", "cancelled"];
/** Deposits add an on-chain transfer's states. */
export const DEPOSIT_STATUSES = Object.keys(STATUS) as DepositStatus[];
