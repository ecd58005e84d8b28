import { z } from "zod";
import { call } from "./define";
import { id, idempotencyKey, imageData, msg, pageQuery, paged, seconds } from "./common";
import { COUNTRY_CODES } from "./countries";
import { reviewStatus } from "./auth";

/** The identity document a user shows. */
export const certType = z.enum(["id_card", "passport", "driver_license"], msg("PARAMETER_ERROR"));
export type CertType = z.infer<typeof certType>;

/** The three photos of a submission: the document's front and back, and the user holding it. */
export const kycSide = z.enum(["front", "back", "hand"], msg("PARAMETER_ERROR"));
export type KycSide = z.infer<typeof kycSide>;
export const KYC_SIDES = ["front", "back", "hand"] as const;

/** A submission's review on the wire (the user's review_status says the same in numbers). */
export const kycStatus = z.enum(["pending", "passed", "rejected"]);
export type KycStatus = z.infer<typeof kycStatus>;

/**
 * A document number as it is compared: upper case, spaces, dots and dashes dropped ("ab-123 45" is "AB12345"), so
 * one document cannot be verified twice by writing it differently.
 */
export const certNumber = z
  .string(msg("MISSING_PARAMETER"))
  .trim()
  .min(1, msg("MISSING_PARAMETER"))
  .transform((v) => v.toUpperCase().replace(/[\s.-]/g, ""))
  .pipe(z.string().regex(/^[A-Z0-9]{4,32}$/, msg("CERT_NO_INVALID")));

const personName = z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(64, msg("PARAMETER_ERROR"));

/** md5 (hex) of a photo computed by the client; the server recomputes it and refuses a mismatch. */
const md5Hex = z.string().trim().toLowerCase().pipe(z.string().regex(/^[0-9a-f]{32}$/, msg("FILE_HASH_MISMATCH")));

export const country = z
  .string(msg("MISSING_PARAMETER"))
  .trim()
  .min(1, msg("MISSING_PARAMETER"))
  .toUpperCase()
  .pipe(z.enum(COUNTRY_CODES, msg("PARAMETER_ERROR")));

export const submit = call({
  method: "POST",
  path: "user/real_name",
  access: "user",
  summary:
    "Submit identity verification (multipart): country, names, document type and number, and the front, back and hand-held photos; an operator reviews it",
  tags: ["kyc"],
  files: KYC_SIDES,
  input: z.object({
    country,
    first_name: personName,
    last_name: personName,
    cert_type: z.string(msg("MISSING_PARAMETER")).pipe(certType),
    cert_no: certNumber,
    /** md5 of each photo as the client computed it (optional for older clients; checked when sent). */
    front_md5: md5Hex.optional(),
    back_md5: md5Hex.optional(),
    hand_md5: md5Hex.optional(),
  }),
  output: z.object({ review_status: reviewStatus }),
});

/** The document number with its middle hidden ("P1****89"): the screen shows which document, never all of it. */
export function maskCertNumber(value: string): string {
  if (value.length <= 4) return "*".repeat(value.length);
  const keep = value.length <= 8 ? 1 : 2;
  return value.slice(0, keep) + "*".repeat(value.length - keep * 2) + value.slice(-keep);
}

export const info = call({
  method: "GET",
  path: "user/getrealinfo",
  access: "user",
  summary: "My identity verification: what I submitted last (document number masked), its review status and the reason of a rejection",
  tags: ["kyc"],
  input: z.object({}),
  output: z.object({
    review_status: reviewStatus,
    country: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    cert_type: certType.nullable(),
    /** Masked: only the first and last characters show. */
    cert_no: z.string().nullable(),
    /** Why an operator rejected it (review_status 3). */
    reason: z.string().nullable(),
    submitted_at: seconds.nullable(),
    reviewed_at: seconds.nullable(),
  }),
});

export const photo = call({
  method: "GET",
  path: "user/kyc_photo",
  access: "user",
  summary: "One photo of my latest verification (front, back or hand)",
  tags: ["kyc"],
  input: z.object({ side: kycSide }),
  output: imageData,
});

// ---- back office ----------------------------------------------------------------------------------------------

const userId = id();
const reason = z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(500, msg("PARAMETER_ERROR"));

/** A submission as an operator sees it: everything, the number unmasked. */
export const submission = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  country: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  cert_type: certType,
  cert_no: z.string(),
  status: kycStatus,
  reason: z.string().nullable(),
  submitted_at: seconds,
  reviewed_at: seconds.nullable(),
  reviewed_by: z.string().nullable(),
  /** Another user already passed with this document number: approving is refused (ID_NUMBER_VERIFIED). */
  id_number_taken: z.boolean(),
});
export type Submission = z.infer<typeof submission>;

export const bo = {
  queue: call({
    method: "GET",
    path: "backoffice/kyc",
    access: "operator",
    summary: "Identity verifications (filter by status or user), oldest pending first",
    tags: ["backoffice"],
    input: pageQuery.extend({ status: kycStatus.optional(), user_id: userId.optional() }),
    output: paged(submission),
  }),
  photo: call({
    method: "GET",
    path: "backoffice/kyc/photo",
    access: "operator",
    summary: "One photo of a submission (front, back or hand)",
    tags: ["backoffice"],
    input: z.object({ id: id(), side: kycSide }),
    output: imageData,
  }),
  approve: call({
    method: "POST",
    path: "backoffice/kyc/approve",
    access: "operator",
    summary: "Approve a user's pending verification (refused when another user passed with the same document number)",
    tags: ["backoffice"],
    input: z.object({ user_id: userId, idempotency_key: idempotencyKey }),
    output: z.object({ user_id: z.number().int(), review_status: reviewStatus }),
  }),
  reject: call({
    method: "POST",
    path: "backoffice/kyc/reject",
    access: "operator",
    summary: "Reject a user's pending verification with a reason the user sees; they may submit again",
    tags: ["backoffice"],
    input: z.object({ user_id: userId, reason, idempotency_key: idempotencyKey }),
    output: z.object({ user_id: z.number().int(), review_status: reviewStatus }),
  }),
};
