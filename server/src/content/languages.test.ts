import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLanguage, languages } from "../../contract/constants";
import type { BoDocument, BoFaqEntry, BoNewsItem, DocumentView, FaqEntry, NewsItem, NewsSummary } from "../../contract/content";
import { createTestServer, type TestServer } from "../testing/harness";
import { shipped } from "./shipped";
import { en } from "./shipped/en";
import { SHIPPED_FAQ, SHIPPED_NEWS } from "./shipped/types";

/** Issue 15: the content the app ships and the content operators write, in every interface language. */

const placeholdersOf = (text: string) => [...text.matchAll(/\{[a-z][a-z0-9_]*\}/g)].map((m) => m[0]).sort();
/** The HTML structure (tags and link targets) a translation must keep; the words are the translator's. */
const tagsOf = (html: string) => [...html.matchAll(/<\/?[a-z0-9]+|href="[^"]*"/g)].map((m) => m[0]);

const shippedEntries = () =>
  languages.flatMap((lang) => [
    ...SHIPPED_NEWS.map((key) => ({ lang, key: `news.${key}`, texts: shipped[lang].news[key] as unknown as Record<string, string>, english: en.news[key] as unknown as Record<string, string> })),
    ...SHIPPED_FAQ.map((key) => ({ lang, key: `faq.${key}`, texts: shipped[lang].faq[key] as unknown as Record<string, string>, english: en.faq[key] as unknown as Record<string, string> })),
  ]);

describe("the shipped content (FAQ, notice, funding guide) in all ten languages", () => {
  it("has every entry in every language, written (not empty, not left in English)", () => {
    for (const { lang, key, texts, english } of shippedEntries()) {
      for (const field of Object.keys(english)) {
        expect(texts?.[field]?.trim(), `${lang} ${key}.${field}`).toBeTruthy();
        if (lang !== defaultLanguage) expect(texts[field], `${lang} ${key}.${field} is still English`).not.toBe(english[field]);
      }
    }
  });

  it("keeps every {placeholder} of the English original, and its HTML structure", () => {
    for (const { lang, key, texts, english } of shippedEntries()) {
      for (const field of Object.keys(english)) {
        expect(placeholdersOf(texts[field]), `${lang} ${key}.${field}`).toEqual(placeholdersOf(english[field]));
        expect(tagsOf(texts[field]), `${lang} ${key}.${field}`).toEqual(tagsOf(english[field]));
      }
    }
  });

  it("keeps Chinese Simplified and Traditional apart", () => {
    for (const key of SHIPPED_FAQ) expect(shipped.tw.faq[key].answer, key).not.toBe(shipped.zh.faq[key].answer);
  });
});

let server: TestServer;
let admin: { token: string };

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.newOperator("admin");
});
afterAll(async () => {
  await server?.close();
});

const faqIn = async (lang: string) => (await server.call<{ list: FaqEntry[] }>("GET", "news/faq", { lang })).body.message.list;

describe("the seeded rows get their shipped versions", () => {
  it("matches every shipped English text to a seeded row (the seeding finds them by their English)", async () => {
    const faq = await faqIn("en");
    for (const key of SHIPPED_FAQ) expect(faq.map((e) => e.question), key).toContain(en.faq[key].question);
    const news = (await server.call<{ list: NewsSummary[] }>("POST", "news/list", { kind: "news", lang: "en" })).body.message.list;
    const notices = (await server.call<{ list: NewsSummary[] }>("POST", "news/list", { kind: "notice", lang: "en" })).body.message.list;
    expect(news.map((n) => n.title)).toContain(en.news.funding.title);
    expect(notices.map((n) => n.title)).toContain(en.news.welcome.title);
  });

  it("shows a Chinese reader the Chinese FAQ with the live figures filled in", async () => {
    const faq = await faqIn("zh");
    const rules = faq.find((e) => e.question === shipped.zh.faq["withdrawal.10"].question)!;
    expect(rules).toMatchObject({ lang: "zh", fallback: false });
    expect(rules.answer).toContain("最低 30 USDT");
    expect(rules.answer).not.toContain("{withdraw_min}");
    expect(faq.every((e) => e.lang === "zh" && !e.fallback)).toBe(true);
  });

  it("shows a Spanish reader the Spanish funding guide, in the list and in full", async () => {
    const list = (await server.call<{ list: NewsSummary[] }>("POST", "news/list", { kind: "news", lang: "es" })).body.message.list;
    const guide = list.find((n) => n.title === shipped.es.news.funding.title)!;
    expect(guide).toMatchObject({ lang: "es", fallback: false });
    expect(guide.summary).toContain("Los retiros empiezan en 30 USDT");
    const detail = await server.call<NewsItem>("POST", "news/detail", { id: guide.id, lang: "es" });
    expect(detail.body.message.body).toContain("recibes 27 USDT");
  });

  it("shows the welcome notice in the reader's language in the message centre", async () => {
    const user = await server.newUser();
    const inbox = await server.call<{ list: { kind: string; title: string; body: string }[] }>("GET", "user/usermessage", { lang: "tw" }, { token: user.token });
    const welcome = inbox.body.message.list.find((item) => item.kind === "notice")!;
    expect(welcome.title).toBe(shipped.tw.news.welcome.title);
    expect(welcome.body).toBe(shipped.tw.news.welcome.summary);
  });

  it("seeds again without harm, and never over an operator's own translation", async () => {
    const entry = (await server.call<BoFaqEntry[]>("GET", "backoffice/faq", { category: "referral" }, { token: admin.token })).body.message[0];
    expect(entry.missing_languages).toEqual([]);
    const saved = await server.call<BoFaqEntry>(
      "POST",
      "backoffice/faq/save",
      { ...entry, translations: { es: { question: "¿Y las recompensas?", answer: "<p>Texto propio.</p>" } } },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    await server.app.ready();
    const { seedShippedTranslations } = await import("./shipped");
    await seedShippedTranslations(server.ctx.db);
    const after = (await server.call<BoFaqEntry[]>("GET", "backoffice/faq", { category: "referral" }, { token: admin.token })).body.message[0];
    expect(after.translations.es?.question).toBe("¿Y las recompensas?");
    expect(after.missing_languages).toContain("zh");
  });
});

describe("operator content per language", () => {
  it("a reader in es gets es; a reader in ko (no version) gets English with the fallback flag", async () => {
    const saved = await server.call<BoNewsItem>(
      "POST",
      "backoffice/news/save",
      {
        kind: "news",
        title: "Maintenance tonight",
        body: "<p>Trading pauses at 02:00 UTC.</p>",
        publish: true,
        translations: { es: { title: "Mantenimiento esta noche", body: "<p>Las operaciones se pausan a las 02:00 UTC.</p>" } },
      },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    expect(Object.keys(saved.body.message.translations)).toEqual(["es"]);
    expect(saved.body.message.missing_languages).toEqual(languages.filter((l) => l !== "en" && l !== "es"));

    const spanish = await server.call<NewsItem>("POST", "news/detail", { id: saved.body.message.id, lang: "es" });
    expect(spanish.body.message).toMatchObject({ title: "Mantenimiento esta noche", lang: "es", fallback: false });
    expect(spanish.body.message.body).toContain("se pausan");

    const korean = await server.call<NewsItem>("POST", "news/detail", { id: saved.body.message.id, lang: "ko" });
    expect(korean.body.message).toMatchObject({ title: "Maintenance tonight", lang: "en", fallback: true });

    const english = await server.call<NewsItem>("POST", "news/detail", { id: saved.body.message.id, lang: "en" });
    expect(english.body.message).toMatchObject({ title: "Maintenance tonight", lang: "en", fallback: false });
  });

  it("a signed-in reader without a lang in the request gets the language they chose (set/lang)", async () => {
    const user = await server.newUser();
    expect((await server.call("POST", "set/lang", { lang: "es" }, { token: user.token })).status).toBe(200);
    const list = await server.call<{ list: FaqEntry[] }>("GET", "news/faq", {}, { token: user.token });
    expect(list.body.message.list[0]).toMatchObject({ lang: "es", fallback: false });
  });

  it("documents: the version in the reader's language, else English marked as a fallback", async () => {
    const saved = await server.call<BoDocument>(
      "POST",
      "backoffice/documents/save",
      { slug: "dc", title: "White paper", body: "<p>How it works.</p>", publish: true, translations: { jp: { title: "ホワイトペーパー", body: "<p>仕組み。</p>" } } },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message.missing_languages).not.toContain("jp");
    const japanese = await server.call<DocumentView>("GET", "news/document", { slug: "dc", lang: "jp" });
    expect(japanese.body.message).toMatchObject({ title: "ホワイトペーパー", lang: "jp", fallback: false });
    const italian = await server.call<DocumentView>("GET", "news/document", { slug: "dc", lang: "it" });
    expect(italian.body.message).toMatchObject({ title: "White paper", lang: "en", fallback: true });
  });

  it("sanitises a translation's HTML like the original's", async () => {
    const saved = await server.call<BoFaqEntry>(
      "POST",
      "backoffice/faq/save",
      { category: "other", question: "Q", answer: "<p>A</p>", translations: { pt: { question: "P", answer: "<p>R<script>alert(1)</script></p>" } } },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message.translations.pt?.answer).not.toContain("script");
  });

  it("refuses a half-written version by its missing field and changes nothing; drops an empty one", async () => {
    const before = (await server.call<BoFaqEntry[]>("GET", "backoffice/faq", { category: "loans" }, { token: admin.token })).body.message[0];
    const refused = await server.call<BoFaqEntry>(
      "POST",
      "backoffice/faq/save",
      { ...before, question: "Changed?", translations: { vn: { question: "Lãi?", answer: "  " } } },
      { token: admin.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty(["translations.vn.answer"]);
    const unchanged = (await server.call<BoFaqEntry[]>("GET", "backoffice/faq", { category: "loans" }, { token: admin.token })).body.message[0];
    expect(unchanged.question).toBe(before.question);

    const emptied = await server.call<BoFaqEntry>(
      "POST",
      "backoffice/faq/save",
      { ...before, translations: { ...before.translations, vn: { question: "", answer: "" } } },
      { token: admin.token },
    );
    expect(emptied.status).toBe(200);
    expect(emptied.body.message.missing_languages).toEqual(["vn"]);
    const vietnamese = (await faqIn("vn")).find((e) => e.id === before.id)!;
    expect(vietnamese).toMatchObject({ question: before.question, lang: "en", fallback: true });
  });

  it("the support contact: hours and note in the reader's language, else English with the fallback flag", async () => {
    const saved = await server.call(
      "POST",
      "backoffice/support/save",
      { url: "", email: "help@example.com", hours: "Every day 08:00-22:00 UTC", note: "Replies within an hour.", translations: { es: { hours: "Todos los días 08:00-22:00 UTC", note: "" }, it: { hours: "", note: "" } } },
      { token: admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(Object.keys((saved.body.message as { translations: object }).translations)).toEqual(["es"]);
    const user = await server.newUser();
    const spanish = await server.call<Record<string, unknown>>("GET", "news/getkf", { lang: "es" }, { token: user.token });
    expect(spanish.body.message).toMatchObject({ email: "help@example.com", hours: "Todos los días 08:00-22:00 UTC", note: null, lang: "es", fallback: false });
    const italian = await server.call<Record<string, unknown>>("GET", "news/getkf", { lang: "it" }, { token: user.token });
    expect(italian.body.message).toMatchObject({ hours: "Every day 08:00-22:00 UTC", note: "Replies within an hour.", lang: "en", fallback: true });
    expect(italian.body.message).not.toHaveProperty("translations");
  });

  it("refuses an unknown language key with a clear message, never a 5xx", async () => {
    const refused = await server.call("POST", "backoffice/faq/save", { category: "other", question: "Q", answer: "<p>A</p>", translations: { fr: { question: "Q", answer: "<p>R</p>" } } }, { token: admin.token });
    expect(refused.status).toBe(400);
  });
});
