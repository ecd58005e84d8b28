import { z } from "zod";
import { call } from "./define";
import { decimalString, id, idempotencyKey, imageData, msg, pageQuery, paged, seconds, wholeNumber } from "./common";

/**
 * Credit loans: an application with five photos and the agreement, an operator's
 * review, the amount credited through the ledger from the platform's loans account, repayment in whole or in part,
 * and a disclosed overdue fee accrued per day past the due date. The form shows interest, APR and the total before
 * submit.
 */

/** The five uploads of an application, by the seed's labels: house information, income proof, bank details, ID photo, hand-held ID photo. */
export const LOAN_UPLOADS = ["house", "income", "bank", "id_front", "id_hand"] as const;
export const loanUpload = z.enum(LOAN_UPLOADS, msg("PARAMETER_ERROR"));
export type LoanUpload = z.infer<typeof loanUpload>;

export const loanStatuses = ["pending", "issued", "settled", "rejected"] as const;
export const loanStatus = z.enum(loanStatuses, msg("PARAMETER_ERROR"));
export type LoanStatus = z.infer<typeof loanStatus>;

export const cycle = z.object({ days: z.number().int().positive(), daily_rate: decimalString, apr: decimalString });

export const loanConfig = z.object({
  currency: z.string(),
  min: decimalString,
  max: decimalString,
  cycles: z.array(cycle),
  overdue_daily_rate: decimalString,
  required: z.array(loanUpload),
  /** The operator's loan agreement: the document slug (`news/document?slug=`). */
  agreement: z.string(),
});
export type LoanConfig = z.infer<typeof loanConfig>;

export const loan = z.object({
  id: z.number().int(),
  order_no: z.string(),
  currency: z.string(),
  amount: decimalString,
  days: z.number().int(),
  daily_rate: decimalString,
  apr: decimalString,
  /** amount x daily_rate x days. */
  interest: decimalString,
  overdue_daily_rate: decimalString,
  /** amount + interest + overdue_fee. */
  total_due: decimalString,
  repaid: decimalString,
  unpaid: decimalString,
  due_at: seconds.nullable(),
  overdue: z.boolean(),
  overdue_days: z.number().int().nonnegative(),
  overdue_fee: decimalString,
  status: loanStatus,
  reason: z.string().nullable(),
  created_at: seconds,
  issued_at: seconds.nullable(),
  settled_at: seconds.nullable(),
});
export type Loan = z.infer<typeof loan>;

export const config = call({
  method: "GET",
  path: "lh/loan/config",
  access: "user",
  summary: "Loan terms: currency, limits, cycles with daily rate and APR, the overdue daily rate, the uploads, the agreement",
  tags: ["loans"],
  input: z.object({}),
  output: loanConfig,
});

export const statistics = call({
  method: "GET",
  path: "lh/loan/statistics",
  access: "user",
  summary: "My loans in figures: borrowed, outstanding, repaid, overdue, and what I may borrow now",
  tags: ["loans"],
  input: z.object({}),
  output: z.object({ borrowed: decimalString, outstanding: decimalString, repaid: decimalString, overdue: decimalString, limit: decimalString, currency: z.string() }),
});

/** md5 (hex) of a photo computed by the client; the server recomputes it and refuses a mismatch. */
const md5Hex = z.string().trim().toLowerCase().pipe(z.string().regex(/^[0-9a-f]{32}$/, msg("FILE_HASH_MISMATCH")));

export const submit = call({
  method: "POST",
  path: "lh/loan/submit",
  access: "user",
  summary: "Apply for a loan (multipart): amount, cycle, agreement, and the five photos; an operator reviews it",
  tags: ["loans"],
  files: LOAN_UPLOADS,
  input: z.object({
    amount: decimalString,
    days: wholeNumber(1, 3650),
    /** "1": the user read and accepts the loan agreement. Anything else is no agreement. */
    agree: z.string(msg("MISSING_PARAMETER")).optional(),
    house_md5: md5Hex.optional(),
    income_md5: md5Hex.optional(),
    bank_md5: md5Hex.optional(),
    id_front_md5: md5Hex.optional(),
    id_hand_md5: md5Hex.optional(),
    idempotency_key: idempotencyKey,
  }),
  output: loan,
});

export const orders = call({
  method: "GET",
  path: "lh/loan/order",
  access: "user",
  summary: "My loans, newest first (all, or of one status)",
  tags: ["loans"],
  input: pageQuery.extend({ status: loanStatus.optional() }),
  output: paged(loan),
});

export const repayment = call({
  method: "POST",
  path: "lh/loan/repayment",
  access: "user",
  summary: "Repay a loan in whole (amount omitted: the whole unpaid amount) or in part, from the wallet",
  tags: ["loans"],
  input: z.object({ id: id(), amount: decimalString.optional(), idempotency_key: idempotencyKey }),
  output: loan,
});

export const rates = call({
  method: "GET",
  path: "lh/wh_bzhl_list",
  access: "user",
  summary: "The price in USDT of each currency the platform lists (live when the feed has it, else the reference)",
  tags: ["loans"],
  input: z.object({}),
  output: z.array(z.object({ currency: z.string(), rate: decimalString })),
});

// ---- back office ----------------------------------------------------------------------------------------------

export const adminLoan = loan.extend({ user_id: z.number().int(), account: z.string(), reviewed_by: z.string().nullable() });

export const backofficeLoans = call({
  method: "GET",
  path: "backoffice/loans",
  access: "operator",
  summary: "The loan queue (pending first) and every loan by status, with the platform's loans account",
  tags: ["backoffice", "loans"],
  input: pageQuery.extend({ status: loanStatus.optional() }),
  output: paged(adminLoan).extend({ accounts: z.array(z.object({ platform: z.string(), currency: z.string(), balance: z.string() })) }),
});

export const backofficePhoto = call({
  method: "GET",
  path: "backoffice/loans/photo",
  access: "operator",
  summary: "One photo of a loan application (house, income, bank, id_front, id_hand)",
  tags: ["backoffice", "loans"],
  input: z.object({ id: id(), field: loanUpload }),
  output: imageData,
});

export const backofficeApprove = call({
  method: "POST",
  path: "backoffice/loans/approve",
  access: "operator",
  summary: "Approve a pending loan: the amount is credited to the user's wallet from the loans account (once)",
  tags: ["backoffice", "loans"],
  /** One key per decision: a retry after a lost answer gets the first decision back instead of "already decided". */
  input: z.object({ id: id(), idempotency_key: idempotencyKey }),
  output: adminLoan,
});

export const backofficeReject = call({
  method: "POST",
  path: "backoffice/loans/reject",
  access: "operator",
  summary: "Reject a pending loan with a reason the user sees",
  tags: ["backoffice", "loans"],
  input: z.object({
    id: id(),
    reason: z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(500, msg("PARAMETER_ERROR")),
    idempotency_key: idempotencyKey,
  }),
  output: adminLoan,
});
