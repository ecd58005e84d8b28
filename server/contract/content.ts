import { z } from "zod";
import { IMAGE_UPLOAD_TYPES } from "./constants";
import { call, raw } from "./define";
import { empty, id, idInput, language, msg, pageQuery, paged, seconds, wholeNumber } from "./common";

/**
 * Content and support: news and notices, the user's personal messages, operator-provided documents (licence,
 * white paper, agreements), the FAQ and the support contact.
 *
 * Every HTML field leaving the server (`body`, `answer`) is operator HTML run through the server's allow-list
 * sanitizer: a client may render it as HTML. Figures in the texts are written as placeholders (`{withdraw_min}`)
 * and filled from the live configuration when read, so a text never advertises a stale number.
 *
 * Realtime (the bus, for the `/ws` user channels): a personal message is published on `user:<id>:notice` and a
 * published notice on `notice`, both as `noticeEvent`. An event is a hint to refresh `user/usermessage`; the list
 * is the truth.
 */

export const newsKind = z.enum(["news", "notice"]);
export type NewsKind = z.infer<typeof newsKind>;

const text = (max: number) => z.string(msg("MISSING_PARAMETER")).trim().max(max, msg("PARAMETER_ERROR"));
const requiredText = (max: number) => text(max).min(1, msg("MISSING_PARAMETER"));

/**
 * Which language a text is shown in (issue 15): the reader's (`lang` of the request, else the user's), or English
 * with `fallback` true when the item has no version in the reader's language (the app then says "shown in English").
 */
const shown = { lang: language, fallback: z.boolean() };

/** A news or notice item as lists show it (no body: lists stay light for phones and the offline cache). */
export const newsSummary = z.object({
  id: z.number().int(),
  kind: newsKind,
  title: z.string(),
  /** Plain text. */
  summary: z.string(),
  /** Same-origin image path (relative to the app, e.g. `api/news/image/3`) or null. */
  cover_url: z.string().nullable(),
  pinned: z.boolean(),
  published_at: seconds,
  ...shown,
});
export type NewsSummary = z.infer<typeof newsSummary>;

export const newsItem = newsSummary.extend({
  /** Sanitised HTML. */
  body: z.string(),
  updated_at: seconds,
});
export type NewsItem = z.infer<typeof newsItem>;

/** A news cover or an image in a news body: public, immutable, content images only. */
export const newsImage = raw({ method: "GET", path: "news/image/:id", access: "public", summary: "A news image's bytes", produces: IMAGE_UPLOAD_TYPES, tags: ["news"] });

export const newsList = call({
  method: "POST",
  path: "news/list",
  access: "public",
  summary: "Published news or notices in the caller's language, pinned first, newest first",
  tags: ["content"],
  input: pageQuery.extend({ limit: wholeNumber(1, 50).default(20), kind: newsKind.default("news") }),
  output: paged(newsSummary),
});

export const newsDetail = call({
  method: "POST",
  path: "news/detail",
  access: "public",
  summary: "One published news item or notice with its sanitised body",
  tags: ["content"],
  input: idInput,
  output: newsItem,
});

// ---- personal messages and notices ------------------------------------------------------------------------------

/** `message`: addressed to this user (by the system or an operator); `notice`: a notice to everybody. */
export const inboxKind = z.enum(["message", "notice"]);
export type InboxKind = z.infer<typeof inboxKind>;

export const inboxItem = z.object({
  /** A message id or a notice (news item) id: unique together with `kind`. */
  id: z.number().int(),
  kind: inboxKind,
  title: z.string(),
  /** Plain text: a message's text, a notice's summary. */
  body: z.string(),
  read: z.boolean(),
  created_at: seconds,
});
export type InboxItem = z.infer<typeof inboxItem>;

export const userMessages = call({
  method: "GET",
  path: "user/usermessage",
  access: "user",
  summary: "My personal messages and the notices, newest first, with read flags and the unread count",
  tags: ["content"],
  input: pageQuery,
  output: paged(inboxItem).extend({ unread: z.number().int().nonnegative() }),
});

export const unreadCount = call({
  method: "GET",
  path: "user/usermessage_unread",
  access: "user",
  summary: "How many of my messages and notices are unread (the badge; cheap enough to poll)",
  tags: ["content"],
  input: z.object({}),
  output: z.object({ unread: z.number().int().nonnegative(), latest_at: seconds.nullable() }),
});

export const markRead = call({
  method: "POST",
  path: "user/usermessage_read",
  access: "user",
  summary: "Mark one message or notice read (kind + id), or all of them (no id; kind narrows to one kind)",
  tags: ["content"],
  input: z
    .object({
      kind: inboxKind.optional(),
      id: id().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.id !== undefined && !v.kind) ctx.addIssue({ code: "custom", path: ["kind"], ...msg("MISSING_PARAMETER") });
    }),
  output: z.object({ unread: z.number().int().nonnegative() }),
});

export const personalMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text. */
  body: z.string(),
  read: z.boolean(),
  created_at: seconds,
});
export type PersonalMessage = z.infer<typeof personalMessage>;

export const messageDetail = call({
  method: "POST",
  path: "user/usermessage_detail",
  access: "user",
  summary: "One of my personal messages; reading it marks it read",
  tags: ["content"],
  input: idInput,
  output: personalMessage,
});

/** What the bus carries on `user:<id>:notice` (kind `message`) and `notice` (kind `notice`). */
export const noticeEvent = z.object({ kind: inboxKind, id: z.number().int(), title: z.string(), created_at: seconds });
export type NoticeEvent = z.infer<typeof noticeEvent>;

// ---- documents ---------------------------------------------------------------------------------------------------

/** The operator-provided documents, by the seed's page names: licence, white paper, service, loan, wire transfer. */
export const documentSlug = z.enum(["jgpz", "dc", "fwxy", "jkxy", "wire"]);
export type DocumentSlug = z.infer<typeof documentSlug>;

export const publishedDocument = z.object({
  slug: documentSlug,
  published: z.literal(true),
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  updated_at: seconds,
  ...shown,
});

/** The app invents no document: until an operator publishes one, the page says so. */
export const unpublishedDocument = z.object({ slug: documentSlug, published: z.literal(false) });

export const documentView = z.discriminatedUnion("published", [publishedDocument, unpublishedDocument]);
export type DocumentView = z.infer<typeof documentView>;

export const document = call({
  method: "GET",
  path: "news/document",
  access: "public",
  summary: "An operator-provided document (licence, white paper, agreements) or its not-published state",
  tags: ["content"],
  input: z.object({ slug: z.string(msg("MISSING_PARAMETER")).pipe(documentSlug) }),
  output: documentView,
});

// ---- FAQ ---------------------------------------------------------------------------------------------------------

/** FAQ categories; `options` holds the options description. The client names them in every language. */
export const faqCategory = z.enum(["account", "security", "kyc", "deposit", "withdrawal", "trading", "options", "earn", "loans", "referral", "other"]);
export type FaqCategory = z.infer<typeof faqCategory>;

export const faqEntry = z.object({
  id: z.number().int(),
  category: faqCategory,
  question: z.string(),
  /** Sanitised HTML. */
  answer: z.string(),
  updated_at: seconds,
  ...shown,
});
export type FaqEntry = z.infer<typeof faqEntry>;

export const faq = call({
  method: "GET",
  path: "news/faq",
  access: "public",
  summary: "FAQ entries in the caller's language, by category and order; `q` searches questions and answers",
  tags: ["content"],
  input: z.object({ q: z.string().trim().max(100, msg("PARAMETER_ERROR")).optional(), category: faqCategory.optional() }),
  output: z.object({ list: z.array(faqEntry) }),
});

// ---- support contact ---------------------------------------------------------------------------------------------

const httpsUrl = z
  .string()
  .trim()
  .max(500, msg("PARAMETER_ERROR"))
  .refine((v) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v), msg("PARAMETER_ERROR"));

/** An empty form field means "not set". */
const orNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema.nullable());

export const supportContact = z.object({
  /** An https page (opened in the app's web view). */
  url: orNull(httpsUrl),
  email: orNull(z.string().trim().max(254).pipe(z.email(msg("EMAIL_INVALID")))),
  /** Free text, e.g. "Every day 08:00-22:00 UTC". */
  hours: orNull(text(120)),
  /** Free text shown under the contact (plain text). */
  note: orNull(text(500)),
  /** `hours` and `note` in the other languages (issue 15); a language without a version shows the English ones. */
  translations: z.partialRecord(language, z.object({ hours: orNull(text(120)), note: orNull(text(500)) })).default({}),
});
export type SupportContact = z.infer<typeof supportContact>;

/** What a user sees: `hours` and `note` in their language, or the English ones with `fallback`. */
export const supportInfoView = supportContact.omit({ translations: true }).extend(shown);
export type SupportInfoView = z.infer<typeof supportInfoView>;

export const supportInfo = call({
  method: "GET",
  path: "news/getkf",
  access: "user",
  summary: "The configured customer-service contact (page, e-mail, hours) in the caller's language; nulls when not configured",
  tags: ["content"],
  input: z.object({}),
  output: supportInfoView,
});

// ---- back office -------------------------------------------------------------------------------------------------

export const contentStatus = z.enum(["draft", "published", "unpublished"]);
export type ContentStatus = z.infer<typeof contentStatus>;

/** Content is written for one language, or (null) shown in every language. */
const contentLang = orNull(language);

const html = (max: number) => z.string(msg("MISSING_PARAMETER")).max(max, msg("PARAMETER_ERROR"));

/**
 * The other languages' versions of an item, side by side with the English original (the item's own fields):
 * language -> the same fields. A version left empty is not written; the server refuses a half-written one by the
 * missing field (`translations.es.body`).
 */
const translationsOf = <T extends z.ZodRawShape>(shape: T) => z.partialRecord(language, z.object(shape));
const newsTexts = translationsOf({ title: text(200), summary: text(500).default(""), body: html(100_000) });
const documentTexts = translationsOf({ title: text(200), body: html(300_000) });
const faqTexts = translationsOf({ question: text(300), answer: html(20_000) });
/** Languages (other than English) the item has no version in yet. */
const missing = z.array(language);

export const boNewsItem = z.object({
  id: z.number().int(),
  kind: newsKind,
  lang: language.nullable(),
  title: z.string(),
  summary: z.string(),
  /** Sanitised HTML, as stored (placeholders not filled). */
  body: z.string(),
  cover_image_id: z.number().int().nullable(),
  cover_url: z.string().nullable(),
  status: contentStatus,
  pinned: z.boolean(),
  published_at: seconds.nullable(),
  created_at: seconds,
  updated_at: seconds,
  updated_by: z.string().nullable(),
  translations: newsTexts,
  missing_languages: missing,
});
export type BoNewsItem = z.infer<typeof boNewsItem>;

export const boDocument = z.object({
  slug: documentSlug,
  title: z.string(),
  body: z.string(),
  published: z.boolean(),
  /** Null: never written. */
  updated_at: seconds.nullable(),
  updated_by: z.string().nullable(),
  translations: documentTexts,
  missing_languages: missing,
});
export type BoDocument = z.infer<typeof boDocument>;

export const boFaqEntry = faqEntry
  .omit({ fallback: true })
  .extend({ lang: language.nullable(), sort: z.number().int(), published: z.boolean(), translations: faqTexts, missing_languages: missing });
export type BoFaqEntry = z.infer<typeof boFaqEntry>;

export const boMessage = personalMessage.extend({ user_id: z.number().int(), account: z.string(), sent_by: z.string().nullable() });
export type BoMessage = z.infer<typeof boMessage>;

export const bo = {
  news: call({
    method: "GET",
    path: "backoffice/news",
    access: "operator",
    summary: "News and notices in every state, newest first",
    tags: ["backoffice"],
    input: pageQuery.extend({ kind: newsKind.optional(), status: contentStatus.optional() }),
    output: paged(boNewsItem),
  }),
  saveNews: call({
    method: "POST",
    path: "backoffice/news/save",
    access: "operator",
    summary: "Create (no id) or edit a news item or notice; `publish` publishes it (the body is sanitised; audited)",
    tags: ["backoffice"],
    input: z.object({
      id: id().optional(),
      kind: newsKind,
      lang: contentLang.default(null),
      title: requiredText(200),
      summary: text(500).default(""),
      body: html(100_000),
      cover_image_id: id().nullable().default(null),
      pinned: z.boolean().default(false),
      publish: z.boolean().default(false),
      translations: newsTexts.default({}),
    }),
    output: boNewsItem,
  }),
  unpublishNews: call({
    method: "POST",
    path: "backoffice/news/unpublish",
    access: "operator",
    summary: "Withdraw a published item from the app (kept, can be published again; audited)",
    tags: ["backoffice"],
    input: idInput,
    output: boNewsItem,
  }),
  preview: call({
    method: "POST",
    path: "backoffice/content/preview",
    access: "operator",
    summary: "What the sanitizer keeps of some HTML, with the placeholders filled, as users will see it",
    tags: ["backoffice"],
    input: z.object({ html: html(100_000) }),
    output: z.object({ html: z.string(), changed: z.boolean(), placeholders: z.record(z.string(), z.string()) }),
  }),
  uploadImage: call({
    method: "POST",
    path: "backoffice/content/image",
    access: "operator",
    summary: "Upload an image (JPEG, PNG, WebP, GIF) for a cover or a body; served at the returned same-origin url",
    tags: ["backoffice"],
    files: ["image"],
    input: z.object({}),
    output: z.object({ id: z.number().int(), url: z.string() }),
  }),
  documents: call({
    method: "GET",
    path: "backoffice/documents",
    access: "operator",
    summary: "The five documents, written or not",
    tags: ["backoffice"],
    input: z.object({}),
    output: z.array(boDocument),
  }),
  saveDocument: call({
    method: "POST",
    path: "backoffice/documents/save",
    access: "operator",
    summary: "Write a document and publish it or keep it unpublished (sanitised; audited with its digest)",
    tags: ["backoffice"],
    input: z.object({ slug: documentSlug, title: requiredText(200), body: html(300_000), publish: z.boolean(), translations: documentTexts.default({}) }),
    output: boDocument,
  }),
  faq: call({
    method: "GET",
    path: "backoffice/faq",
    access: "operator",
    summary: "Every FAQ entry, hidden ones too",
    tags: ["backoffice"],
    input: z.object({ category: faqCategory.optional() }),
    output: z.array(boFaqEntry),
  }),
  saveFaq: call({
    method: "POST",
    path: "backoffice/faq/save",
    access: "operator",
    summary: "Create (no id) or edit an FAQ entry (the answer is sanitised; audited)",
    tags: ["backoffice"],
    input: z.object({
      id: id().optional(),
      category: faqCategory,
      lang: contentLang.default(null),
      question: requiredText(300),
      answer: html(20_000).refine((v) => v.trim().length > 0, msg("MISSING_PARAMETER")),
      sort: wholeNumber(0, 100_000).default(0),
      published: z.boolean().default(true),
      translations: faqTexts.default({}),
    }),
    output: boFaqEntry,
  }),
  deleteFaq: call({
    method: "POST",
    path: "backoffice/faq/delete",
    access: "operator",
    summary: "Delete an FAQ entry (audited with its text)",
    tags: ["backoffice"],
    input: idInput,
    output: empty,
  }),
  support: call({
    method: "GET",
    path: "backoffice/support",
    access: "operator",
    summary: "The customer-service contact users see",
    tags: ["backoffice"],
    input: z.object({}),
    output: supportContact,
  }),
  saveSupport: call({
    method: "POST",
    path: "backoffice/support/save",
    access: "operator",
    summary: "Change the customer-service contact (admin; audited)",
    tags: ["backoffice"],
    input: supportContact,
    output: supportContact,
  }),
  messages: call({
    method: "GET",
    path: "backoffice/messages",
    access: "operator",
    summary: "Personal messages sent to users (by operators and by the system), newest first",
    tags: ["backoffice"],
    input: pageQuery.extend({ user_id: id().optional() }),
    output: paged(boMessage),
  }),
  sendMessage: call({
    method: "POST",
    path: "backoffice/messages/send",
    access: "operator",
    summary: "Send a personal message to one user, found by id or by account name / e-mail (audited)",
    tags: ["backoffice"],
    input: z
      .object({
        user_id: id().optional(),
        account: z.string().trim().max(254).optional(),
        title: requiredText(200),
        body: requiredText(2000),
      })
      .superRefine((v, ctx) => {
        if (!v.user_id && !v.account) ctx.addIssue({ code: "custom", path: ["account"], ...msg("MISSING_PARAMETER") });
      }),
    output: boMessage,
  }),
};
