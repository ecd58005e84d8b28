import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { DepositStatus } from "@contract/funding";
import type { CauseKind, EntryKind } from "@contract/ledger-kinds";

/**
 * What each kind of ledger entry means to the user: every kind the ledger lists (typecheck fails on one missing), and
 * `reward`, which no server code posts; a kind unknown here shows as it is.
 */
export const entryKindLabels: Record<string, MessageDescriptor> = {
  deposit: msg`Deposit credited`,
  "withdrawal.hold": msg`Withdrawal requested (frozen)`,
  "withdrawal.settle": msg`Withdrawal paid out`,
  "withdrawal.release": msg`Withdrawal refunded`,
  flash: msg`Conversion`,
  adjustment: msg`Adjustment by the platform`,
  reward: msg`Reward`,
  "spot.buy": msg`Spot buy`,
  "spot.sell": msg`Spot sell`,
  "spot.hold": msg`Spot limit order (frozen)`,
  "spot.release": msg`Spot order cancelled (unfrozen)`,
  "earn.hold": msg`Earn subscription (principal frozen)`,
  "earn.income": msg`Earn daily income`,
  "earn.release": msg`Earn matured (principal returned)`,
  "earn.early_exit": msg`Hosting ended early (principal minus penalty returned)`,
  "loan.issue": msg`Loan credited`,
  "loan.repayment": msg`Loan repayment`,
  "position.margin": msg`Position margin frozen`,
  "position.fee.hold": msg`Limit order's opening fee frozen`,
  "position.fee": msg`Position opening fee`,
  "position.release": msg`Limit order cancelled (unfrozen)`,
  "position.settle": msg`Position closed (margin settled)`,
  "position.close": msg`Position closed (margin and P&L paid)`,
  "position.swap": msg`Overnight swap`,
  "option.stake": msg`Timed option placed (stake frozen)`,
  "option.win": msg`Timed option won (stake and profit paid)`,
  "option.loss": msg`Timed option lost (stake kept)`,
  "option.tie": msg`Timed option tied (stake returned)`,
  "referral.reward": msg`Referral reward`,
  "referral.commission": msg`Referral commission`,
} satisfies Record<EntryKind, MessageDescriptor> & Record<string, MessageDescriptor>;

/** The object behind an entry, as a short reference ("Deposit #12"): every cause the ledger lists, and `reward`. */
export const causeLabels: Record<string, MessageDescriptor> = {
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  flash: msg`Conversion`,
  adjustment: msg`Adjustment`,
  reward: msg`Reward`,
  spot_order: msg`Spot order`,
  earn: msg`Earn order`,
  loan: msg`Loan`,
  position: msg`Position`,
  option: msg`Timed option`,
  referral: msg`Invited friend`,
  fee: msg`Invitee's trading fee`,
} satisfies Record<CauseKind, MessageDescriptor> & Record<string, MessageDescriptor>;

export const statusLabels: Record<DepositStatus, MessageDescriptor> = {
  pending: msg`Pending review`,
  review: msg`Under review`,
  succeeded: msg`Succeeded`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
  confirming: msg`Confirming`,
  below_minimum: msg`Below the minimum`,
  replaced: msg`Block replaced`,
};

export const statusTone: Record<DepositStatus, string> = {
  pending: "badge--warn",
  review: "badge--warn",
  succeeded: "badge--up",
  failed: "badge--danger",
  cancelled: "",
  confirming: "badge--warn",
  below_minimum: "badge--danger",
  replaced: "",
};
