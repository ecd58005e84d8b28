import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { ContentStatus, DocumentSlug, FaqCategory, NewsKind } from "../../contract/content";
import type { Language } from "../../contract/constants";
import type { DocumentText, FaqText, NewsText, Translations } from "./languages";

/**
 * Tables of migrations/0007_content.sql (`translations`: 0020_content_languages.sql). Uploaded images live in the
 * one image store (platform/uploads.ts, purpose `content`); `cover_image_id` names one there.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const newsItems = pgTable("news_items", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text("kind").$type<NewsKind>().notNull(),
  lang: text("lang").$type<Language>(),
  title: text("title").notNull(),
  summary: text("summary").notNull().default(""),
  body: text("body").notNull().default(""),
  coverImageId: bigint("cover_image_id", { mode: "number" }),
  status: text("status").$type<ContentStatus>().notNull().default("draft"),
  pinned: boolean("pinned").notNull().default(false),
  translations: jsonb("translations").$type<Translations<NewsText>>().notNull().default({}),
  publishedAt: ts("published_at"),
  createdBy: bigint("created_by", { mode: "number" }),
  updatedBy: bigint("updated_by", { mode: "number" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
export type NewsRow = typeof newsItems.$inferSelect;

export const noticeReads = pgTable(
  "notice_reads",
  {
    userId: bigint("user_id", { mode: "number" }).notNull(),
    newsId: bigint("news_id", { mode: "number" }).notNull(),
    readAt: ts("read_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.newsId] })],
);

export const noticeReadMarks = pgTable("notice_read_marks", {
  userId: bigint("user_id", { mode: "number" }).primaryKey(),
  readBefore: ts("read_before").notNull(),
});

export const userMessages = pgTable("user_messages", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  sentBy: bigint("sent_by", { mode: "number" }),
  readAt: ts("read_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
export type UserMessageRow = typeof userMessages.$inferSelect;

export const contentDocuments = pgTable("content_documents", {
  slug: text("slug").$type<DocumentSlug>().primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  published: boolean("published").notNull().default(false),
  translations: jsonb("translations").$type<Translations<DocumentText>>().notNull().default({}),
  updatedBy: bigint("updated_by", { mode: "number" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const faqEntries = pgTable("faq_entries", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  category: text("category").$type<FaqCategory>().notNull(),
  lang: text("lang").$type<Language>(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  sort: integer("sort").notNull().default(0),
  published: boolean("published").notNull().default(true),
  translations: jsonb("translations").$type<Translations<FaqText>>().notNull().default({}),
  updatedBy: bigint("updated_by", { mode: "number" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
export type FaqRow = typeof faqEntries.$inferSelect;
