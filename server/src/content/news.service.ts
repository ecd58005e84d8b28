import { createHash } from "node:crypto";
import { and, count, desc, eq, isNull, or, type SQL } from "drizzle-orm";
import type { BoNewsItem, ContentStatus, NewsItem, NewsKind, NewsSummary } from "../../contract/content";
import type { Language } from "../../contract/constants";
import { operatorName } from "../backoffice";
import { audit } from "../platform/audit";
import type { Bus } from "../platform/bus";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { DomainError } from "../platform/errors";
import { imageExists } from "../platform/uploads";
import { newsItems, type NewsRow } from "./content.schema";
import { fillPlaceholders, type FactSource, type Facts } from "./facts";
import { CONTENT_IMAGES, imageUrl } from "./images";
import { cleanTranslations, missingLanguages, shownIn, type NewsText, type Translations } from "./languages";
import { htmlToText, sanitizeHtml } from "./sanitize";

const SUMMARY_CHARS = 160;

export const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/** A plain-text summary: the operator's, or the start of the body. */
export function summaryOf(summary: string, bodyText: string): string {
  if (summary.trim()) return summary.trim();
  return bodyText.length > SUMMARY_CHARS ? `${bodyText.slice(0, SUMMARY_CHARS - 1).trimEnd()}…` : bodyText;
}

const withoutBody = <T extends { body: string }>({ body: _body, ...rest }: T): Omit<T, "body"> => rest;

/** Content in the reader's language, or written for every language. */
export const inLanguage = (column: typeof newsItems.lang, lang: Language) => or(isNull(column), eq(column, lang));

/** News articles and notices: what users read, and the operators' publishing desk. */
export class NewsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: Bus,
    private readonly facts: FactSource,
  ) {}

  /** The item in the reader's language (or English, marked as a fallback), figures filled. */
  private toSummary(row: NewsRow, facts: Facts, lang: Language): NewsSummary & { body: string } {
    const shown = shownIn({ title: row.title, summary: row.summary, body: row.body }, row.translations, lang);
    const body = fillPlaceholders(shown.text.body, facts, true, lang);
    return {
      id: row.id,
      kind: row.kind,
      title: fillPlaceholders(shown.text.title, facts, false, lang),
      summary: summaryOf(fillPlaceholders(shown.text.summary, facts, false, lang), htmlToText(body)),
      cover_url: row.coverImageId ? imageUrl(row.coverImageId) : null,
      pinned: row.pinned,
      published_at: toSeconds(row.publishedAt ?? row.createdAt),
      lang: shown.lang,
      fallback: shown.fallback,
      body,
    };
  }

  async list(input: { page: number; limit: number; kind: NewsKind }, lang: Language) {
    const where = and(eq(newsItems.status, "published"), eq(newsItems.kind, input.kind), inLanguage(newsItems.lang, lang));
    const [rows, [{ total }], facts] = await Promise.all([
      this.db
        .select()
        .from(newsItems)
        .where(where)
        .orderBy(desc(newsItems.pinned), desc(newsItems.publishedAt), desc(newsItems.id))
        .limit(input.limit)
        .offset((input.page - 1) * input.limit),
      this.db.select({ total: count() }).from(newsItems).where(where),
      this.facts(this.db),
    ]);
    // Lists stay light: the body is left out (the contract's output parsing would drop it anyway).
    return { list: rows.map((row) => withoutBody(this.toSummary(row, facts, lang))), total };
  }

  /** A published item; drafts and withdrawn items are not found (their ids are not secrets, their texts are). */
  async detail(id: number, lang: Language): Promise<NewsItem> {
    const [row] = await this.db.select().from(newsItems).where(and(eq(newsItems.id, id), eq(newsItems.status, "published")));
    if (!row) throw new DomainError("DATA_NOT_FOUND");
    const facts = await this.facts(this.db);
    const item = this.toSummary(row, facts, lang);
    // Sanitised again on the way out: a row changed behind the app's back still cannot carry script.
    return { ...item, body: sanitizeHtml(item.body), updated_at: toSeconds(row.updatedAt) };
  }

  // ---- back office ----------------------------------------------------------------------------------------------

  private async toBo(db: Executor, row: NewsRow): Promise<BoNewsItem> {
    const editor = await operatorName(db, row.updatedBy);
    return {
      id: row.id,
      kind: row.kind,
      lang: row.lang,
      title: row.title,
      summary: row.summary,
      body: row.body,
      cover_image_id: row.coverImageId,
      cover_url: row.coverImageId ? imageUrl(row.coverImageId) : null,
      status: row.status,
      pinned: row.pinned,
      published_at: row.publishedAt ? toSeconds(row.publishedAt) : null,
      created_at: toSeconds(row.createdAt),
      updated_at: toSeconds(row.updatedAt),
      updated_by: editor,
      translations: row.translations,
      missing_languages: missingLanguages(row.translations),
    };
  }

  async boList(input: { page: number; limit: number; kind?: NewsKind; status?: ContentStatus }) {
    const filters: SQL[] = [];
    if (input.kind) filters.push(eq(newsItems.kind, input.kind));
    if (input.status) filters.push(eq(newsItems.status, input.status));
    const where = filters.length ? and(...filters) : undefined;
    const rows = await this.db
      .select()
      .from(newsItems)
      .where(where)
      .orderBy(desc(newsItems.updatedAt), desc(newsItems.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit);
    const [{ total }] = await this.db.select({ total: count() }).from(newsItems).where(where);
    return { list: await Promise.all(rows.map((row) => this.toBo(this.db, row))), total };
  }

  /** Creates or edits an item; `publish` puts it in the app. The body is stored sanitised. */
  async save(
    operatorId: number,
    input: {
      id?: number;
      kind: NewsKind;
      lang: Language | null;
      title: string;
      summary: string;
      body: string;
      cover_image_id: number | null;
      pinned: boolean;
      publish: boolean;
      translations?: Translations<NewsText>;
    },
  ): Promise<BoNewsItem> {
    const body = sanitizeHtml(input.body);
    const translations = cleanTranslations(input.translations, { required: ["title", "body"], html: ["body"] });
    if (input.publish && !htmlToText(body) && !body.includes("<img")) throw new DomainError("MISSING_PARAMETER", "body");
    const now = this.clock.now();
    const { row, newlyPublished } = await this.db.transaction(async (tx) => {
      if (input.cover_image_id !== null && !(await imageExists(tx, CONTENT_IMAGES, input.cover_image_id))) {
        throw new DomainError("DATA_NOT_FOUND", "cover_image_id");
      }
      const values = {
        kind: input.kind,
        lang: input.lang,
        title: input.title,
        summary: input.summary,
        body,
        coverImageId: input.cover_image_id,
        pinned: input.pinned,
        translations,
        updatedBy: operatorId,
        updatedAt: now,
      };
      let before: NewsRow | undefined;
      let saved: NewsRow;
      if (input.id) {
        [before] = await tx.select().from(newsItems).where(eq(newsItems.id, input.id)).for("update");
        if (!before) throw new DomainError("DATA_NOT_FOUND");
        const publishing = input.publish && before.status !== "published";
        [saved] = await tx
          .update(newsItems)
          .set({ ...values, ...(publishing ? { status: "published" as const, publishedAt: before.publishedAt ?? now } : {}) })
          .where(eq(newsItems.id, input.id))
          .returning();
      } else {
        [saved] = await tx
          .insert(newsItems)
          .values({ ...values, createdBy: operatorId, createdAt: now, status: input.publish ? "published" : "draft", publishedAt: input.publish ? now : null })
          .returning();
      }
      const newlyPublished = saved.status === "published" && before?.status !== "published";
      await audit(tx, {
        actorKind: "operator",
        actorId: operatorId,
        action: !before ? "content.news.create" : newlyPublished ? "content.news.publish" : "content.news.update",
        targetKind: "news",
        targetId: saved.id,
        detail: {
          kind: saved.kind,
          title: saved.title,
          lang: saved.lang,
          languages: Object.keys(saved.translations),
          status: saved.status,
          ...(before && before.status !== saved.status ? { status_before: before.status } : {}),
          body_sha256: digest(saved.body),
          ...(before && before.body !== saved.body ? { body_sha256_before: digest(before.body) } : {}),
        },
      });
      return { row: saved, newlyPublished };
    });
    if (newlyPublished && row.kind === "notice") this.announce(row);
    return this.toBo(this.db, row);
  }

  async unpublish(operatorId: number, id: number): Promise<BoNewsItem> {
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(newsItems).where(eq(newsItems.id, id)).for("update");
      if (!before) throw new DomainError("DATA_NOT_FOUND");
      if (before.status !== "published") throw new DomainError("STATUS_ABNORMAL");
      const [saved] = await tx
        .update(newsItems)
        .set({ status: "unpublished", updatedBy: operatorId, updatedAt: this.clock.now() })
        .where(eq(newsItems.id, id))
        .returning();
      await audit(tx, { actorKind: "operator", actorId: operatorId, action: "content.news.unpublish", targetKind: "news", targetId: id, detail: { kind: saved.kind, title: saved.title } });
      return saved;
    });
    return this.toBo(this.db, row);
  }

  /**
   * A notice the platform itself publishes (NoticeBoard: an operator's change of trading terms), inside the caller's
   * transaction, in every language at once: the English text is the original, the others its translations. The
   * returned `announce` tells the open apps once the caller's transaction has committed.
   */
  async publishSystemNotice(tx: Tx, texts: { en: NewsText } & Translations<NewsText>, by: number | null): Promise<{ id: number; announce: () => void }> {
    const now = this.clock.now();
    const { en, ...others } = texts;
    const translations = cleanTranslations(others, { required: ["title", "body"], html: ["body"] });
    const [row] = await tx
      .insert(newsItems)
      .values({
        kind: "notice",
        lang: null,
        title: en.title,
        summary: en.summary,
        body: sanitizeHtml(en.body),
        translations,
        status: "published",
        publishedAt: now,
        createdBy: by,
        updatedBy: by,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { id: row.id, announce: () => this.announce(row) };
  }

  /** Everybody's notice channel: open apps refresh their notices (the list stays the truth). */
  private announce(row: NewsRow): void {
    const event = (title: string) => ({ kind: "notice", id: row.id, title, created_at: toSeconds(row.publishedAt ?? row.updatedAt) });
    this.facts(this.db).then(
      (facts) => this.bus.publish("notice", event(fillPlaceholders(row.title, facts, false))),
      () => this.bus.publish("notice", event(row.title)),
    );
  }

  /** What users will see of some HTML: sanitised, figures filled. */
  async preview(html: string) {
    const clean = sanitizeHtml(html);
    const facts = await this.facts(this.db);
    return { html: sanitizeHtml(fillPlaceholders(clean, facts, true)), changed: clean !== html, placeholders: facts };
  }
}
