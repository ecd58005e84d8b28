import { defaultLanguage, languages, type Language } from "../../contract/constants";
import { DomainError } from "../platform/errors";
import { htmlToText, sanitizeHtml } from "./sanitize";

/**
 * Operator content in every language. The row's own columns are the English original (the default language and
 * the fallback); `translations` holds the other languages' versions, each with the same fields.
 */
export type Translations<T> = Partial<Record<Language, T>>;

export type { DocumentText, FaqText, NewsText } from "./shipped/types";

/** Which version a reader gets: their language's, or the English original marked as a fallback. */
export interface Shown<T> {
  text: T;
  lang: Language;
  /** True when the reader's language has no version and the English one is shown instead. */
  fallback: boolean;
}

export function shownIn<T>(original: T, translations: Translations<T>, lang: Language): Shown<T> {
  if (lang === defaultLanguage) return { text: original, lang, fallback: false };
  const translated = translations[lang];
  if (translated) return { text: { ...original, ...translated }, lang, fallback: false };
  return { text: original, lang: defaultLanguage, fallback: true };
}

/** The languages an item has no version in yet (the back office shows them). */
export const missingLanguages = (translations: Translations<unknown>): Language[] =>
  languages.filter((lang) => lang !== defaultLanguage && !translations[lang]);

/**
 * Cleans what an operator sends for the other languages: HTML fields sanitised, a version left completely empty
 * dropped (not written yet), a half-written one refused by the field that is missing (`translations.es.body`).
 * The English original never sits in `translations`: it is the row itself.
 */
export function cleanTranslations<T extends { [K in keyof T]: string }>(
  input: Translations<T> | undefined,
  fields: { required: ReadonlyArray<keyof T & string>; html: ReadonlyArray<keyof T & string> },
): Translations<T> {
  const clean: Translations<T> = {};
  for (const lang of languages) {
    const version = input?.[lang];
    if (lang === defaultLanguage || !version) continue;
    const cleaned = { ...version };
    for (const field of fields.html) (cleaned as Record<string, string>)[field] = sanitizeHtml(version[field] ?? "");
    const filled = (field: keyof T & string) => {
      const value = cleaned[field] ?? "";
      return fields.html.includes(field) ? htmlToText(value) !== "" || value.includes("<img") : value.trim() !== "";
    };
    if (!Object.keys(cleaned).some((field) => filled(field as keyof T & string))) continue;
    const missing = fields.required.find((field) => !filled(field));
    if (missing) throw new DomainError("MISSING_PARAMETER", `translations.${lang}.${missing}`);
    clean[lang] = cleaned;
  }
  return clean;
}
