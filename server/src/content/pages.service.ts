import { and, asc, eq, isNull, or, type SQL } from "drizzle-orm";
import {
  documentSlug,
  type BoDocument,
  type BoFaqEntry,
  type DocumentSlug,
  type DocumentView,
  type FaqCategory,
  type FaqEntry,
  type SupportContact,
  type SupportInfoView,
} from "../../contract/content";
import type { Language } from "../../contract/constants";
import { operatorName } from "../backoffice";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { DomainError } from "../platform/errors";
import { getSetting, putSetting } from "../platform/settings";
import { contentDocuments, faqEntries, type FaqRow } from "./content.schema";
import { fillPlaceholders, type FactSource } from "./facts";
import { cleanTranslations, missingLanguages, shownIn, type DocumentText, type FaqText, type Translations } from "./languages";
import { digest } from "./news.service";
import { htmlToText, sanitizeHtml } from "./sanitize";

export const SUPPORT_KEY = "content.support";
const NO_SUPPORT: SupportContact = { url: null, email: null, hours: null, note: null, translations: {} };

/** Lower case, accents removed: "depósito" finds "deposito" and the other way round. */
export const foldText = (text: string) => text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();

/** Documents, the FAQ and the support contact: small texts operators keep, users read. */
export class PagesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly facts: FactSource,
  ) {}

  // ---- documents --------------------------------------------------------------------------------------------------

  async document(slug: DocumentSlug, lang: Language): Promise<DocumentView> {
    const [row] = await this.db.select().from(contentDocuments).where(and(eq(contentDocuments.slug, slug), eq(contentDocuments.published, true)));
    if (!row) return { slug, published: false };
    const facts = await this.facts(this.db);
    const shown = shownIn({ title: row.title, body: row.body }, row.translations, lang);
    return {
      slug,
      published: true,
      title: shown.text.title,
      body: sanitizeHtml(fillPlaceholders(shown.text.body, facts, true, lang)),
      updated_at: toSeconds(row.updatedAt),
      lang: shown.lang,
      fallback: shown.fallback,
    };
  }

  /** Documents users cannot open yet: never saved or not published (the back office's setup checklist). */
  async unpublishedDocuments(): Promise<DocumentSlug[]> {
    const published = await this.db.select({ slug: contentDocuments.slug }).from(contentDocuments).where(eq(contentDocuments.published, true));
    return documentSlug.options.filter((slug) => !published.some((row) => row.slug === slug));
  }

  async boDocuments(): Promise<BoDocument[]> {
    const rows = await this.db.select().from(contentDocuments);
    return Promise.all(
      documentSlug.options.map(async (slug) => {
        const row = rows.find((r) => r.slug === slug);
        if (!row) return { slug, title: "", body: "", published: false, updated_at: null, updated_by: null, translations: {}, missing_languages: missingLanguages({}) };
        return {
          slug,
          title: row.title,
          body: row.body,
          published: row.published,
          updated_at: toSeconds(row.updatedAt),
          updated_by: await operatorName(this.db, row.updatedBy),
          translations: row.translations,
          missing_languages: missingLanguages(row.translations),
        };
      }),
    );
  }

  /** Writes a document; publishing needs some text. The audit keeps the digest of every version. */
  async saveDocument(
    operatorId: number,
    input: { slug: DocumentSlug; title: string; body: string; publish: boolean; translations?: Translations<DocumentText> },
  ): Promise<BoDocument> {
    const body = sanitizeHtml(input.body);
    const translations = cleanTranslations(input.translations, { required: ["title", "body"], html: ["body"] });
    if (input.publish && !htmlToText(body)) throw new DomainError("MISSING_PARAMETER", "body");
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(contentDocuments).where(eq(contentDocuments.slug, input.slug)).for("update");
      const values = { title: input.title, body, published: input.publish, translations, updatedBy: operatorId, updatedAt: now };
      await tx.insert(contentDocuments).values({ slug: input.slug, ...values }).onConflictDoUpdate({ target: contentDocuments.slug, set: values });
      await audit(tx, {
        actorKind: "operator",
        actorId: operatorId,
        action: input.publish ? (before?.published ? "content.document.update" : "content.document.publish") : before?.published ? "content.document.unpublish" : "content.document.draft",
        targetKind: "document",
        targetId: input.slug,
        detail: { title: input.title, published: input.publish, languages: Object.keys(translations), body_sha256: digest(body), ...(before ? { body_sha256_before: digest(before.body), published_before: before.published } : {}) },
      });
    });
    return (await this.boDocuments()).find((d) => d.slug === input.slug)!;
  }

  // ---- FAQ --------------------------------------------------------------------------------------------------------

  /** Published entries in the reader's language; every word of `q` must appear in the question or the answer. */
  async faq(lang: Language, input: { q?: string; category?: FaqCategory }): Promise<{ list: FaqEntry[] }> {
    const filters: (SQL | undefined)[] = [eq(faqEntries.published, true), or(isNull(faqEntries.lang), eq(faqEntries.lang, lang))];
    if (input.category) filters.push(eq(faqEntries.category, input.category));
    const [rows, facts] = await Promise.all([
      this.db.select().from(faqEntries).where(and(...filters)).orderBy(asc(faqEntries.category), asc(faqEntries.sort), asc(faqEntries.id)),
      this.facts(this.db),
    ]);
    const words = foldText(input.q ?? "").split(/\s+/).filter(Boolean);
    const list: FaqEntry[] = [];
    for (const row of rows) {
      const shown = shownIn({ question: row.question, answer: row.answer }, row.translations, lang);
      const question = fillPlaceholders(shown.text.question, facts, false, lang);
      const answer = sanitizeHtml(fillPlaceholders(shown.text.answer, facts, true, lang));
      if (words.length) {
        const haystack = foldText(`${question} ${htmlToText(answer)}`);
        if (!words.every((word) => haystack.includes(word))) continue;
      }
      list.push({ id: row.id, category: row.category, question, answer, updated_at: toSeconds(row.updatedAt), lang: shown.lang, fallback: shown.fallback });
    }
    return { list };
  }

  private toBoFaq(row: FaqRow): BoFaqEntry {
    return {
      id: row.id,
      category: row.category,
      lang: row.lang,
      question: row.question,
      answer: row.answer,
      sort: row.sort,
      published: row.published,
      updated_at: toSeconds(row.updatedAt),
      translations: row.translations,
      missing_languages: missingLanguages(row.translations),
    };
  }

  async boFaq(category?: FaqCategory): Promise<BoFaqEntry[]> {
    const rows = await this.db
      .select()
      .from(faqEntries)
      .where(category ? eq(faqEntries.category, category) : undefined)
      .orderBy(asc(faqEntries.category), asc(faqEntries.sort), asc(faqEntries.id));
    return rows.map((row) => this.toBoFaq(row));
  }

  async saveFaq(
    operatorId: number,
    input: {
      id?: number;
      category: FaqCategory;
      lang: Language | null;
      question: string;
      answer: string;
      sort: number;
      published: boolean;
      translations?: Translations<FaqText>;
    },
  ): Promise<BoFaqEntry> {
    const answer = sanitizeHtml(input.answer);
    const translations = cleanTranslations(input.translations, { required: ["question", "answer"], html: ["answer"] });
    if (!htmlToText(answer)) throw new DomainError("MISSING_PARAMETER", "answer");
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const values = {
        category: input.category,
        lang: input.lang,
        question: input.question,
        answer,
        sort: input.sort,
        published: input.published,
        translations,
        updatedBy: operatorId,
        updatedAt: now,
      };
      let row: FaqRow;
      if (input.id) {
        const [updated] = await tx.update(faqEntries).set(values).where(eq(faqEntries.id, input.id)).returning();
        if (!updated) throw new DomainError("DATA_NOT_FOUND");
        row = updated;
      } else {
        [row] = await tx.insert(faqEntries).values({ ...values, createdAt: now }).returning();
      }
      await audit(tx, {
        actorKind: "operator",
        actorId: operatorId,
        action: input.id ? "content.faq.update" : "content.faq.create",
        targetKind: "faq",
        targetId: row.id,
        detail: { category: row.category, question: row.question, published: row.published, languages: Object.keys(translations), answer_sha256: digest(answer) },
      });
      return this.toBoFaq(row);
    });
  }

  async deleteFaq(operatorId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning();
      if (!row) throw new DomainError("DATA_NOT_FOUND");
      await audit(tx, { actorKind: "operator", actorId: operatorId, action: "content.faq.delete", targetKind: "faq", targetId: id, detail: { category: row.category, question: row.question, answer: row.answer } });
    });
  }

  // ---- support contact ---------------------------------------------------------------------------------------------

  async support(db: Executor = this.db): Promise<SupportContact> {
    return { ...NO_SUPPORT, ...((await getSetting<SupportContact>(db, SUPPORT_KEY)) ?? {}) };
  }

  /** Users have a way to reach a person: a support page or an e-mail address. */
  async hasSupportContact(): Promise<boolean> {
    const contact = await this.support();
    return contact.url !== null || contact.email !== null;
  }

  /** The contact as a user sees it: hours and note in their language, or the English ones marked as a fallback. */
  async supportFor(lang: Language): Promise<SupportInfoView> {
    const { translations, ...contact } = await this.support();
    const shown = shownIn({ hours: contact.hours, note: contact.note }, translations, lang);
    return { ...contact, ...shown.text, lang: shown.lang, fallback: shown.fallback };
  }

  async saveSupport(operatorId: number, input: SupportContact): Promise<SupportContact> {
    // A language left without hours and note has no version (its readers see the English ones).
    const translations = Object.fromEntries(Object.entries(input.translations).filter(([, version]) => version && (version.hours || version.note)));
    const contact = { ...input, translations };
    return this.db.transaction(async (tx) => {
      const before = await this.support(tx);
      await putSetting(tx, SUPPORT_KEY, contact);
      await audit(tx, { actorKind: "operator", actorId: operatorId, action: "content.support.save", targetKind: "setting", targetId: SUPPORT_KEY, detail: { before, after: contact } });
      return contact;
    });
  }
}
