// Zod-free, as push-kinds.ts: the ledger types its entries with these, and the client's finance records label them.
/**
 * The business objects money moves for: an entry's `cause_kind`, with `cause_id` naming the row (a deposit, a
 * withdrawal, a conversion, a spot order, an earn order, a loan, a position, an option, an invited friend, the fee a
 * commission is paid from, an operator's adjustment).
 */
export const CAUSE_KINDS = ["deposit", "withdrawal", "flash", "adjustment", "spot_order", "earn", "loan", "position", "option", "referral", "fee"] as const;
export type CauseKind = (typeof CAUSE_KINDS)[number];

/**
 * What an entry did: its `kind`. A hold or its resolution posted without a kind of its own is named after its cause
 * (`<cause>.hold`, `.settle`, `.release`: the withdrawals' three). `position.settle` is no longer posted (a close is
 * one `position.close` entry since) but older ledgers hold it.
 */
export const ENTRY_KINDS = [
  "deposit",
  "withdrawal.hold",
  "withdrawal.settle",
  "withdrawal.release",
  "flash",
  "adjustment",
  "spot.buy",
  "spot.sell",
  "spot.hold",
  "spot.release",
  "earn.hold",
  "earn.income",
  "earn.release",
  "earn.early_exit",
  "loan.issue",
  "loan.repayment",
  "position.margin",
  "position.fee.hold",
  "position.fee",
  "position.release",
  "position.settle",
  "position.close",
  "position.swap",
  "option.stake",
  "option.win",
  "option.loss",
  "option.tie",
  "referral.reward",
  "referral.commission",
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
