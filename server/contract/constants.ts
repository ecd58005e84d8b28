/**
 * Plain constants of the contract, free of zod so the client can import them at run time without shipping a
 * schema library to phones (it imports the schemas' types only).
 */

/** The ten interface languages; `en` is the default. */
export const languages = ["zh", "en", "es", "it", "jp", "ko", "pt", "tw", "vn", "id"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/**
 * The BCP 47 tag of each language (an HTML `lang`, Accept-Language): the stored keys stay the seed's (`jp`, `tw`,
 * `vn` are not language tags), the tags are what browsers and screen readers understand.
 */
export const languageTags: Record<Language, string> = { zh: "zh-CN", en: "en", es: "es", it: "it", jp: "ja", ko: "ko", pt: "pt", tw: "zh-TW", vn: "vi", id: "id" };

/**
 * How many decimals an amount of a currency is shown with: stablecoins to 4 (a fee of a small order stays visible),
 * ETH to 6, BTC and any other coin to 8. Cut, never rounded up, so a balance never looks larger than it is. The app
 * and the server's notices show amounts alike.
 */
const DISPLAY_DECIMALS: Record<string, number> = { USDT: 4, USDC: 4, USD: 4, ETH: 6, BTC: 8 };
export const amountDecimals = (currency?: string): number => (currency ? (DISPLAY_DECIMALS[currency] ?? 8) : 8);

/** Our language of a BCP 47 tag ("zh-Hant-HK" -> tw, "ja-JP" -> jp, "vi" -> vn), or null when we have none. */
export function languageOfTag(tag: string): Language | null {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  if (parts[0] === "zh") return parts.some((p) => p === "tw" || p === "hk" || p === "mo" || p === "hant") ? "tw" : "zh";
  const exact = (Object.keys(languageTags) as Language[]).find((lang) => languageTags[lang] === parts[0]);
  return exact ?? null;
}

/** The first language of an Accept-Language header we have, by the header's weights (ties keep their order). */
export function languageOfAcceptLanguage(header: string | undefined): Language | null {
  const ranges = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith("q="))?.slice(2) ?? "1");
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranges) {
    const lang = languageOfTag(r.tag);
    if (lang) return lang;
  }
  return null;
}

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


/** Address formats of the networks we know; another network gets a generic check. The server and the address form use it. */
const ADDRESS_FORMATS: Record<string, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  POLYGON: /^0x[0-9a-fA-F]{40}$/,
  ARBITRUM: /^0x[0-9a-fA-F]{40}$/,
  SOL: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
};

export function isValidAddress(network: string, address: string): boolean {
  const format = ADDRESS_FORMATS[network] ?? /^[A-Za-z0-9:_-]{16,128}$/;
  return format.test(address);
}

/** A passkey's name (what the security centre lists it by), and how many passkeys one user may have. */
export const PASSKEY_NAME_MAX = 32;
export const PASSKEYS_MAX = 10;
