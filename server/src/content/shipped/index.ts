import { and, eq, sql } from "drizzle-orm";
import { defaultLanguage, languages, type Language } from "../../../contract/constants";
import type { Executor } from "../../platform/db";
import { contentDocuments, faqEntries, newsItems } from "../content.schema";
import type { Translations } from "../languages";
import { en } from "./en";
import { es } from "./es";
import { id } from "./id";
import { it } from "./it";
import { jp } from "./jp";
import { ko } from "./ko";
import { pt } from "./pt";
import { tw } from "./tw";
import { vn } from "./vn";
import { zh } from "./zh";
import { SHIPPED_DOCUMENTS, SHIPPED_FAQ, SHIPPED_NEWS, type ShippedTexts } from "./types";

/** The shipped content in every interface language (the type demands each language; the test checks them). */
export const shipped: Record<Language, ShippedTexts> = { zh, en, es, it, jp, ko, pt, tw, vn, id };

/** One shipped entry's versions in the languages other than English, as the `translations` column holds them. */
function versionsOf<T>(pick: (texts: ShippedTexts) => T): Translations<T> {
  return Object.fromEntries(languages.filter((lang) => lang !== defaultLanguage).map((lang) => [lang, pick(shipped[lang])]));
}

const untranslated = (column: typeof newsItems.translations | typeof faqEntries.translations | typeof contentDocuments.translations) => sql`${column} = '{}'::jsonb`;

/**
 * Gives the seeded notice, news and FAQ entries (migrations/0007_content.sql) and the default service agreement
 * (0041_service_agreement.sql) their versions in every language.
 * A row gets them only while its English text is still exactly the shipped one and it has no version yet, so an
 * operator's edits and translations are never overwritten. Idempotent; run at every start.
 */
export async function seedShippedTranslations(db: Executor): Promise<void> {
  for (const key of SHIPPED_NEWS) {
    const original = en.news[key];
    await db
      .update(newsItems)
      .set({ translations: versionsOf((texts) => texts.news[key]) })
      .where(and(eq(newsItems.title, original.title), eq(newsItems.summary, original.summary), eq(newsItems.body, original.body), untranslated(newsItems.translations)));
  }
  for (const key of SHIPPED_FAQ) {
    const original = en.faq[key];
    await db
      .update(faqEntries)
      .set({ translations: versionsOf((texts) => texts.faq[key]) })
      .where(and(eq(faqEntries.question, original.question), eq(faqEntries.answer, original.answer), untranslated(faqEntries.translations)));
  }
  for (const slug of SHIPPED_DOCUMENTS) {
    const original = en.documents[slug];
    await db
      .update(contentDocuments)
      .set({ translations: versionsOf((texts) => texts.documents[slug]) })
      .where(and(eq(contentDocuments.slug, slug), eq(contentDocuments.title, original.title), eq(contentDocuments.body, original.body), untranslated(contentDocuments.translations)));
  }
}
