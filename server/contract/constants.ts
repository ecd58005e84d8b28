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

/** Countries that issue identity documents (ISO 3166-1 alpha-2); the client names them in the user's language. */
export const COUNTRY_CODES = [
  "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AR", "AS", "AT", "AU", "AW", "AX", "AZ", "BA", "BB", "BD", "BE", "BF",
  "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS", "BT", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG",
  "CH", "CI", "CK", "CL", "CM", "CN", "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ",
  "EC", "EE", "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF", "GG", "GH",
  "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GT", "GU", "GW", "GY", "HK", "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM",
  "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM", "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY",
  "KZ", "LA", "LB", "LC", "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
  "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA", "NC", "NE", "NF", "NG",
  "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG", "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT",
  "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW", "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM",
  "SN", "SO", "SR", "SS", "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO", "TR",
  "TT", "TV", "TW", "TZ", "UA", "UG", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI", "VN", "VU", "WF", "WS", "YE", "YT",
  "ZA", "ZM", "ZW",
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Longest customer-service chat message, in characters (server/contract/support.ts). */
export const SUPPORT_TEXT_MAX = 2000;

/** A pair whose last tick is older than this (ms) is stale: the back office's feed page and overview. */
export const FEED_STALE_MS = 15_000;

/**
 * The home's notice strip: the newest notice, i.e. `news/list` with these fields. The home's first data
 * (`user/home`) carries exactly that answer, and the strip asks with the same fields, so both name one SWR key.
 */
export const HOME_NOTICE_QUERY = { kind: "notice", page: 1, limit: 1 } as const;
