/**
 * The content the app ships (the seeded notice and news, the FAQ): one file per language in this folder, each a
 * `ShippedTexts`, so the type checker already refuses a language that lacks an entry; `shipped.test.ts` also checks
 * that every `{placeholder}` of the English original is kept.
 */

export const SHIPPED_NEWS = ["welcome", "funding"] as const;
export const SHIPPED_FAQ = [
  "account.10", "account.20", "account.30", "security.10", "security.20", "security.30", "kyc.10", "kyc.20",
  "deposit.10", "deposit.20", "deposit.30", "withdrawal.10", "withdrawal.20", "withdrawal.30", "trading.10",
  "trading.20", "options.10", "options.20", "options.30", "options.40", "earn.10", "earn.20", "loans.10",
  "referral.10", "other.10",
] as const;

export interface NewsText {
  title: string;
  summary: string;
  /** Sanitised HTML, as the server stores it. */
  body: string;
}

export interface FaqText {
  question: string;
  /** Sanitised HTML. */
  answer: string;
}

/** Documents shipped as a default the operator replaces (migrations/0041_service_agreement.sql seeds the English one). */
export const SHIPPED_DOCUMENTS = ["fwxy"] as const;

export interface DocumentText {
  title: string;
  /** Sanitised HTML. */
  body: string;
}

export interface ShippedTexts {
  news: Record<(typeof SHIPPED_NEWS)[number], NewsText>;
  faq: Record<(typeof SHIPPED_FAQ)[number], FaqText>;
  documents: Record<(typeof SHIPPED_DOCUMENTS)[number], DocumentText>;
}
