/**
 * Plain constants of the contract, free of zod so the client can import them at run time without shipping a
 * schema library to phones (it imports the schemas' types only).
 */

/** The ten interface languages; `en` is the default. */
export const languages = ["zh", "en", "es", "it", "jp", "ko", "pt", "tw", "vn", "id"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/** The seed's md5 "sign" suffix. It is public (it ships in the client), so the server also demands a signature. */
export const addressSignSuffix = "tradewise-wallet-v1";

/** review_status: 0 not submitted, 1 pending review, 2 passed, 3 rejected. */
export const REVIEW = { NONE: 0, PENDING: 1, PASSED: 2, REJECTED: 3 } as const;

/** Password length bounds. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;

/** Image uploads (deposit screenshots, KYC photos): types recognised from the file's bytes, and the default size
 *  limit (the server's UPLOAD_MAX_BYTES; the client uses it for its hint and an early refusal). */
export const IMAGE_UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const UPLOAD_MAX_BYTES_DEFAULT = 5 * 1024 * 1024;

/** Longest customer-service chat message, in characters (server/contract/support.ts). */
export const SUPPORT_TEXT_MAX = 2000;

/** A pair whose last tick is older than this (ms) is stale: the back office's feed page and overview. */
export const FEED_STALE_MS = 15_000;

/**
 * The home's notice strip: the newest notice, i.e. `news/list` with these fields. The home's first data
 * (`user/home`) carries exactly that answer, and the strip asks with the same fields, so both name one SWR key.
 */
export const HOME_NOTICE_QUERY = { kind: "notice", page: 1, limit: 1 } as const;

