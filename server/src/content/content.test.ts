import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoDocument, BoFaqEntry, BoNewsItem, DocumentView, FaqEntry, NewsItem, NewsSummary, SupportContact } from "../../contract/content";
import { createTestServer, type Answer, type TestServer } from "../testing/harness";
import { GIF_BYTES, md5Of, PDF_BYTES, tinyPng } from "../testing/images";
import { postMultipart } from "../testing/multipart";
import { putSetting } from "../platform/settings";
import { DEFAULT_FUNDING_CONFIG, FUNDING_CONFIG_KEY } from "../testing/money";

let server: TestServer;
let admin: { token: string; id: number };
let support: { token: string };
let reviewer: { token: string };
let user: { token: string };

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.newOperator("admin");
  support = await server.newOperator("support");
  reviewer = await server.newOperator("reviewer");
  user = await server.newUser();
});
afterAll(async () => {
  await server?.close();
});

type Paged<T> = { list: T[]; total: number };

const saveNews = (token: string, input: Record<string, unknown>) =>
  server.call<BoNewsItem>("POST", "backoffice/news/save", { kind: "news", title: "T", body: "<p>Body</p>", ...input }, { token });

async function auditActions(target: string): Promise<{ action: string; detail: Record<string, unknown> }[]> {
  const log = await server.call<Paged<{ action: string; target_id: string | null; detail: Record<string, unknown> }>>("GET", "backoffice/audit", { limit: 100 }, { token: admin.token });
  return log.body.message.list.filter((e) => e.target_id === target);
}

/** POSTs an image to the back office as its client does (multipart). */
const upload = (token: string, data: Buffer, name = "cover.png"): Promise<Answer<{ id: number; url: string }>> =>
  postMultipart(server, "/api/backoffice/content/image", { token, files: { image: { data, name } } });

describe("news/list and news/detail (public, POST as in the seed)", () => {
  it("shows the seeded guide with the live funding figures, to visitors, form-encoded", async () => {
    const list = await server.call<Paged<NewsSummary>>("POST", "news/list", { kind: "news", page: 1, limit: 10 }, { form: true });
    expect(list.status).toBe(200);
    const guide = list.body.message.list.find((n) => n.title === "How deposits and withdrawals work")!;
    expect(guide).toBeTruthy();
    expect(guide.summary).toContain("Withdrawals start at 30 USDT, with a 3 USDT fee");
    const detail = await server.call<NewsItem>("POST", "news/detail", { id: guide.id }, { form: true });
    expect(detail.body.message.body).toContain("you receive 27 USDT");
    expect(detail.body.message.body).not.toContain("{withdraw_min}");

    // The figures follow the configuration, not the text.
    await putSetting(server.database.db, FUNDING_CONFIG_KEY, { ...DEFAULT_FUNDING_CONFIG, withdraw: { ...DEFAULT_FUNDING_CONFIG.withdraw, min: "50", fee: "2.5" } });
    const changed = await server.call<NewsItem>("POST", "news/detail", { id: guide.id });
    expect(changed.body.message.body).toContain("you receive 47.5 USDT");
    await putSetting(server.database.db, FUNDING_CONFIG_KEY, DEFAULT_FUNDING_CONFIG);
  });

  it("writes the quoted figures in the reader's digits", async () => {
    const list = await server.call<Paged<NewsSummary>>("POST", "news/list", { kind: "news", limit: 10 });
    const guide = list.body.message.list.find((n) => n.title === "How deposits and withdrawals work")!;
    const en = await server.call<NewsItem>("POST", "news/detail", { id: guide.id });
    expect(en.body.message.body).toContain("1,000,000");
    const es = await server.call<NewsItem>("POST", "news/detail", { id: guide.id, lang: "es" });
    expect(es.body.message.body).toContain("1.000.000");
    expect(es.body.message.body).not.toMatch(/\b1000000\b/);
  });

  it("lists notices apart from news; the welcome notice is pinned", async () => {
    const notices = await server.call<Paged<NewsSummary>>("POST", "news/list", { kind: "notice" });
    expect(notices.body.message.list[0]).toMatchObject({ kind: "notice", title: "Welcome to TradeWise", pinned: true });
    expect(notices.body.message.list.every((n) => n.kind === "notice")).toBe(true);
  });

  it("refuses unknown, draft and withdrawn items alike, and bad ids", async () => {
    expect((await server.call("POST", "news/detail", { id: 999999 })).body).toMatchObject({ code: "DATA_NOT_FOUND", message: "数据不存在" });
    const draft = await saveNews(support.token, { title: "Draft only" });
    expect(draft.body.message.status).toBe("draft");
    expect((await server.call("POST", "news/detail", { id: draft.body.message.id })).status).toBe(404);
    expect((await server.call("POST", "news/detail", { id: "abc" })).status).toBe(400);
    expect((await server.call("POST", "news/detail", { id: -1 })).body.message).toBe("参数错误");
    expect((await server.call("POST", "news/list", { kind: "blog" })).body.code).toBe("PARAMETER_ERROR");
    expect((await server.call("POST", "news/list", { limit: 500 })).body.code).toBe("PARAMETER_ERROR");
  });

  it("shows language-specific items only in their language", async () => {
    const es = await saveNews(admin.token, { title: "Sólo en español", lang: "es", publish: true });
    const inEs = await server.call<Paged<NewsSummary>>("POST", "news/list", { kind: "news", lang: "es", limit: 50 });
    const inEn = await server.call<Paged<NewsSummary>>("POST", "news/list", { kind: "news", lang: "en", limit: 50 });
    expect(inEs.body.message.list.map((n) => n.id)).toContain(es.body.message.id);
    expect(inEn.body.message.list.map((n) => n.id)).not.toContain(es.body.message.id);
  });

  it("pages through the list, pinned first then newest first", async () => {
    for (const title of ["Page A", "Page B", "Page C"]) {
      server.clock.advance(1000);
      await saveNews(admin.token, { title, publish: true });
    }
    const first = await server.call<Paged<NewsSummary>>("POST", "news/list", { kind: "news", page: 1, limit: 2 });
    const second = await server.call<Paged<NewsSummary>>("POST", "news/list", { kind: "news", page: 2, limit: 2 });
    expect(first.body.message.list.map((n) => n.title)).toEqual(["Page C", "Page B"]);
    expect(second.body.message.list[0].title).toBe("Page A");
    expect(first.body.message.total).toBe(second.body.message.total);
  });
});

describe("publishing news and notices (back office)", () => {
  it("sanitises the body before storing it and audits every step", async () => {
    const saved = await saveNews(support.token, {
      kind: "notice",
      title: "Maintenance",
      summary: "",
      body: '<p onclick="steal()">Maintenance at 02:00.<script>steal()</script><img src=x onerror=steal()><a href="javascript:steal()">more</a></p>',
      publish: true,
    });
    expect(saved.status).toBe(200);
    const item = saved.body.message;
    expect(item.body).toBe("<p>Maintenance at 02:00.<a>more</a></p>");
    expect(item.status).toBe("published");
    const detail = await server.call<NewsItem>("POST", "news/detail", { id: item.id });
    expect(detail.body.message.body).toBe("<p>Maintenance at 02:00.<a>more</a></p>");
    // An empty summary is taken from the body.
    expect(detail.body.message.summary).toBe("Maintenance at 02:00.more");

    const edited = await saveNews(support.token, { id: item.id, kind: "notice", title: "Maintenance (moved)", body: "<p>At 03:00.</p>" });
    expect(edited.body.message).toMatchObject({ title: "Maintenance (moved)", status: "published", published_at: item.published_at });
    const unpublished = await server.call<BoNewsItem>("POST", "backoffice/news/unpublish", { id: item.id }, { token: support.token });
    expect(unpublished.body.message.status).toBe("unpublished");
    expect((await server.call("POST", "news/detail", { id: item.id })).status).toBe(404);
    const again = await server.call("POST", "backoffice/news/unpublish", { id: item.id }, { token: support.token });
    expect(again.body.code).toBe("STATUS_ABNORMAL");
    expect((await server.call("POST", "backoffice/news/unpublish", { id: 999999 }, { token: support.token })).body.code).toBe("DATA_NOT_FOUND");

    const actions = (await auditActions(String(item.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["content.news.create", "content.news.update", "content.news.unpublish"]));
  });

  it("refuses what is incomplete or unknown, changing nothing", async () => {
    const before = (await server.call<Paged<BoNewsItem>>("GET", "backoffice/news", { limit: 1 }, { token: admin.token })).body.message.total;
    expect((await saveNews(admin.token, { title: "" })).body).toMatchObject({ code: "MISSING_PARAMETER", fields: { title: "缺少参数" } });
    expect((await saveNews(admin.token, { title: "x".repeat(201) })).body.code).toBe("PARAMETER_ERROR");
    expect((await saveNews(admin.token, { body: "<script>only()</script>", publish: true })).body).toMatchObject({ code: "MISSING_PARAMETER", fields: { body: "缺少参数" } });
    expect((await saveNews(admin.token, { cover_image_id: 424242 })).body).toMatchObject({ code: "DATA_NOT_FOUND", fields: { cover_image_id: "数据不存在" } });
    expect((await saveNews(admin.token, { id: 999999 })).body.code).toBe("DATA_NOT_FOUND");
    expect((await saveNews(admin.token, { kind: "blog" })).body.code).toBe("PARAMETER_ERROR");
    expect((await saveNews(admin.token, { lang: "xx" })).body.code).toBe("PARAMETER_ERROR");
    const after = (await server.call<Paged<BoNewsItem>>("GET", "backoffice/news", { limit: 1 }, { token: admin.token })).body.message.total;
    expect(after).toBe(before);
  });

  it("is for admins and support only", async () => {
    expect((await saveNews(reviewer.token, {})).status).toBe(403);
    expect((await server.call("GET", "backoffice/news", {}, { token: reviewer.token })).body.message).toBe("无权操作");
    const asUser = await saveNews(user.token, {});
    expect(asUser.status).toBe(401);
    expect(asUser.body.type).toBe(999);
    expect((await server.call("POST", "backoffice/news/save", { kind: "news", title: "x", body: "x" })).status).toBe(401);
  });

  it("announces a newly published notice on the bus", async () => {
    const events: unknown[] = [];
    const off = server.ctx.bus.subscribe("notice", (event) => events.push(event));
    const saved = await saveNews(admin.token, { kind: "notice", title: "Holiday hours", publish: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    off();
    expect(events).toEqual([{ kind: "notice", id: saved.body.message.id, title: "Holiday hours", created_at: saved.body.message.published_at }]);
  });

  it("previews the sanitised HTML with the figures filled", async () => {
    const preview = await server.call<{ html: string; changed: boolean; placeholders: Record<string, string> }>(
      "POST",
      "backoffice/content/preview",
      { html: '<p>Min {withdraw_min} {withdraw_currency} {unknown}<img src=x onerror=alert(1)></p>' },
      { token: support.token },
    );
    expect(preview.body.message).toMatchObject({ html: "<p>Min 30 USDT {unknown}</p>", changed: true });
    expect(preview.body.message.placeholders.withdraw_fee).toBe("3");
    const clean = await server.call<{ changed: boolean }>("POST", "backoffice/content/preview", { html: "<p>ok</p>" }, { token: support.token });
    expect(clean.body.message.changed).toBe(false);
  });
});

describe("content images", () => {
  it("stores real images once and serves them to anybody with a long cache", async () => {
    const png = tinyPng(4242);
    const first = await upload(support.token, png);
    expect(first.status).toBe(200);
    expect(first.body.message.url).toBe(`api/news/image/${first.body.message.id}`);
    expect((await upload(support.token, png)).body.message.id).toBe(first.body.message.id);
    const served = await server.app.inject({ method: "GET", url: `/${first.body.message.url}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toContain("immutable");
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);

    const cover = await saveNews(admin.token, { title: "With cover", cover_image_id: first.body.message.id, publish: true });
    expect(cover.body.message.cover_url).toBe(first.body.message.url);
    const list = await server.call<Paged<NewsSummary>>("POST", "news/list", { kind: "news", limit: 50 });
    expect(list.body.message.list.find((n) => n.id === cover.body.message.id)?.cover_url).toBe(first.body.message.url);
  });

  it("refuses what is not an image, too large, or missing; unknown images are not found", async () => {
    expect((await upload(support.token, PDF_BYTES, "cover.png")).body).toMatchObject({ code: "FILE_TYPE_WRONG", fields: { image: "文件类型错误" } });
    expect((await upload(support.token, Buffer.from("<svg onload=alert(1)></svg>"), "x.svg")).body.code).toBe("FILE_TYPE_WRONG");
    expect((await upload(support.token, Buffer.alloc(0))).body.code).toBe("UPLOAD_FAILED");
    const big = Buffer.concat([tinyPng(1), Buffer.alloc(server.ctx.config.UPLOAD_MAX_BYTES)]);
    expect([413, 400]).toContain((await upload(support.token, big)).status);
    expect((await upload(reviewer.token, tinyPng(77))).status).toBe(403);
    expect((await server.app.inject({ method: "GET", url: "/api/news/image/999999" })).statusCode).toBe(404);
    expect((await server.app.inject({ method: "GET", url: "/api/news/image/abc" })).statusCode).toBe(404);
  });

  it("refuses a GIF cover with the refusal every upload gives", async () => {
    expect((await upload(support.token, GIF_BYTES, "cover.gif")).body).toMatchObject({ code: "FILE_TYPE_WRONG", fields: { image: "文件类型错误" } });
    expect((await upload(support.token, GIF_BYTES, "cover.png")).body.code).toBe("FILE_TYPE_WRONG");
  });

  it("serves and accepts as a cover only content images, never another image of the store", async () => {
    const u = await server.newUser();
    const png = tinyPng(4242);
    const [kyc] = await server.database.query<{ id: string }>(
      "INSERT INTO stored_images (user_id, purpose, md5, content_type, size, data) VALUES ($1, 'kyc', $2, 'image/png', $3, $4) RETURNING id",
      [u.id, md5Of(png), png.length, png],
    );
    expect((await server.app.inject({ method: "GET", url: `/api/news/image/${kyc.id}` })).statusCode).toBe(404);
    expect((await saveNews(admin.token, { cover_image_id: Number(kyc.id) })).body).toMatchObject({ code: "DATA_NOT_FOUND", fields: { cover_image_id: "数据不存在" } });
    // The same bytes uploaded as content are another image of their own.
    const content = await upload(support.token, png);
    expect(content.body.message.id).not.toBe(Number(kyc.id));
    expect((await server.app.inject({ method: "GET", url: `/${content.body.message.url}` })).statusCode).toBe(200);
  });
});

describe("documents", () => {
  it("ships a default service agreement in the reader's language, which an operator may replace", async () => {
    const en = await server.call<DocumentView>("GET", "news/document", { slug: "fwxy" });
    expect(en.body.message).toMatchObject({ slug: "fwxy", published: true, title: "Service agreement" });
    const es = await server.call<DocumentView & { title: string }>("GET", "news/document", { slug: "fwxy", lang: "es" });
    expect(es.body.message).toMatchObject({ published: true, lang: "es", fallback: false });
    expect(es.body.message.title).not.toBe("Service agreement");
  });

  it("says a document is not published until an operator publishes one", async () => {
    for (const slug of ["jgpz", "dc", "jkxy", "wire"]) {
      const doc = await server.call<DocumentView>("GET", "news/document", { slug });
      expect(doc.body.message).toEqual({ slug, published: false });
    }
    expect((await server.call("GET", "news/document", { slug: "secret" })).body.code).toBe("PARAMETER_ERROR");
    expect((await server.call("GET", "news/document", {})).body.code).toBe("MISSING_PARAMETER");
  });

  it("publishes, edits and withdraws a document (admins only), sanitised and audited", async () => {
    const save = (token: string, input: Record<string, unknown>) =>
      server.call<BoDocument>("POST", "backoffice/documents/save", { slug: "jkxy", title: "Loan agreement", body: "<p>Terms</p>", publish: false, ...input }, { token });
    expect((await save(support.token, {})).status).toBe(403);
    const draft = await save(admin.token, {});
    expect(draft.body.message).toMatchObject({ slug: "jkxy", published: false, title: "Loan agreement" });
    expect((await server.call<DocumentView>("GET", "news/document", { slug: "jkxy" })).body.message.published).toBe(false);

    expect((await save(admin.token, { body: "<p> </p><script>x</script>", publish: true })).body.code).toBe("MISSING_PARAMETER");
    const published = await save(admin.token, { body: '<h1>Terms</h1><p onmouseover="x()">Version 1. Fee {withdraw_fee} USDT.</p><iframe src="https://evil"></iframe>', publish: true });
    expect(published.body.message.published).toBe(true);
    const view = await server.call<DocumentView>("GET", "news/document", { slug: "jkxy" });
    expect(view.body.message).toMatchObject({ slug: "jkxy", published: true, title: "Loan agreement", body: "<h2>Terms</h2><p>Version 1. Fee 3 USDT.</p>" });

    await save(admin.token, { publish: false });
    expect((await server.call<DocumentView>("GET", "news/document", { slug: "jkxy" })).body.message.published).toBe(false);
    const actions = (await auditActions("jkxy")).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["content.document.draft", "content.document.publish", "content.document.unpublish"]));

    const all = await server.call<BoDocument[]>("GET", "backoffice/documents", {}, { token: support.token });
    expect(all.body.message.map((d) => d.slug)).toEqual(["jgpz", "dc", "fwxy", "jkxy", "wire"]);
    expect(all.body.message.find((d) => d.slug === "jgpz")).toMatchObject({ title: "", updated_at: null });
  });
});

describe("FAQ", () => {
  it("answers the seeded topics with live figures, by category", async () => {
    const all = await server.call<{ list: FaqEntry[] }>("GET", "news/faq", {});
    const categories = new Set(all.body.message.list.map((e) => e.category));
    for (const c of ["account", "deposit", "withdrawal", "options", "kyc", "security"]) expect(categories).toContain(c);
    const options = await server.call<{ list: FaqEntry[] }>("GET", "news/faq", { category: "options" });
    expect(options.body.message.list.length).toBeGreaterThanOrEqual(3);
    expect(options.body.message.list.every((e) => e.category === "options")).toBe(true);
    const rules = all.body.message.list.find((e) => e.question === "What are the withdrawal rules?")!;
    expect(rules.answer).toContain("Minimum 30 USDT; fee 3 USDT");
  });

  it("searches questions and answers, every word, ignoring case and accents", async () => {
    const search = async (q: string) => (await server.call<{ list: FaqEntry[] }>("GET", "news/faq", { q })).body.message.list.map((e) => e.question);
    expect(await search("withdrawal FEE")).toContain("What are the withdrawal rules?");
    expect(await search("24 hours verification")).toContain("How long does identity verification take?");
    expect(await search("zzzz-nothing")).toEqual([]);
    // An entry written for Spanish readers only (the shipped FAQ has its own Spanish version of every entry).
    await server.call("POST", "backoffice/faq/save", { category: "deposit", lang: "es", question: "¿Cómo deposito con tarjeta?", answer: "<p>Envíe USDT.</p>" }, { token: support.token });
    expect((await server.call<{ list: FaqEntry[] }>("GET", "news/faq", { q: "como deposito tarjeta", lang: "es" })).body.message.list.map((e) => e.question)).toEqual(["¿Cómo deposito con tarjeta?"]);
    expect((await server.call<{ list: FaqEntry[] }>("GET", "news/faq", { q: "como deposito tarjeta", lang: "en" })).body.message.list).toEqual([]);
    expect((await server.call("GET", "news/faq", { q: "x".repeat(101) })).body.code).toBe("PARAMETER_ERROR");
    expect((await server.call("GET", "news/faq", { category: "casino" })).body.code).toBe("PARAMETER_ERROR");
  });

  it("lets operators add, edit, hide and delete entries (sanitised, audited)", async () => {
    const created = await server.call<BoFaqEntry>(
      "POST",
      "backoffice/faq/save",
      { category: "other", question: "Is there an app?", answer: '<p>Install it from the browser menu.<script>x()</script></p>', sort: 5 },
      { token: support.token },
    );
    expect(created.body.message).toMatchObject({ category: "other", answer: "<p>Install it from the browser menu.</p>", published: true, sort: 5 });
    const id = created.body.message.id;
    const find = async () => (await server.call<{ list: FaqEntry[] }>("GET", "news/faq", { category: "other" })).body.message.list.find((e) => e.id === id);
    expect(await find()).toBeTruthy();
    await server.call("POST", "backoffice/faq/save", { id, category: "other", question: "Is there an app?", answer: "<p>Yes.</p>", published: false }, { token: support.token });
    expect(await find()).toBeUndefined();
    expect((await server.call<BoFaqEntry[]>("GET", "backoffice/faq", { category: "other" }, { token: support.token })).body.message.find((e) => e.id === id)?.published).toBe(false);
    expect((await server.call("POST", "backoffice/faq/delete", { id }, { token: support.token })).status).toBe(200);
    expect((await server.call("POST", "backoffice/faq/delete", { id }, { token: support.token })).body.code).toBe("DATA_NOT_FOUND");
    expect((await auditActions(String(id))).map((e) => e.action)).toEqual(expect.arrayContaining(["content.faq.create", "content.faq.update", "content.faq.delete"]));

    expect((await server.call("POST", "backoffice/faq/save", { category: "other", question: "Q", answer: "<script>x</script>" }, { token: support.token })).body.code).toBe("MISSING_PARAMETER");
    expect((await server.call("POST", "backoffice/faq/save", { category: "other", question: "", answer: "<p>a</p>" }, { token: support.token })).body.code).toBe("MISSING_PARAMETER");
    expect((await server.call("POST", "backoffice/faq/save", { id: 999999, category: "other", question: "Q", answer: "<p>a</p>" }, { token: support.token })).body.code).toBe("DATA_NOT_FOUND");
    expect((await server.call("POST", "backoffice/faq/save", { category: "other", question: "Q", answer: "<p>a</p>" }, { token: reviewer.token })).status).toBe(403);
  });
});

describe("support contact (news/getkf)", () => {
  it("is empty until configured, for signed-in users only", async () => {
    expect((await server.call("GET", "news/getkf", {})).status).toBe(401);
    const empty = await server.call<SupportContact>("GET", "news/getkf", {}, { token: user.token });
    expect(empty.body.message).toEqual({ url: null, email: null, hours: null, note: null, lang: "en", fallback: false });
  });

  it("is set by admins, validated and audited", async () => {
    const save = (token: string, input: Record<string, unknown>) =>
      server.call<SupportContact>("POST", "backoffice/support/save", { url: "https://help.example.com/chat", email: "help@example.com", hours: "Every day 08:00-22:00 UTC", note: "", ...input }, { token });
    expect((await save(support.token, {})).status).toBe(403);
    expect((await save(admin.token, { url: "http://help.example.com" })).body).toMatchObject({ code: "PARAMETER_ERROR", fields: { url: "参数错误" } });
    expect((await save(admin.token, { url: "javascript:alert(1)" })).body.code).toBe("PARAMETER_ERROR");
    expect((await save(admin.token, { email: "not-an-email" })).body.code).toBe("EMAIL_INVALID");
    expect((await server.call<SupportContact>("GET", "news/getkf", {}, { token: user.token })).body.message.url).toBeNull();
    const saved = await save(admin.token, {});
    expect(saved.body.message).toEqual({ url: "https://help.example.com/chat", email: "help@example.com", hours: "Every day 08:00-22:00 UTC", note: null, translations: {} });
    const { translations: _none, ...shown } = saved.body.message;
    expect((await server.call<SupportContact>("GET", "news/getkf", {}, { token: user.token })).body.message).toEqual({ ...shown, lang: "en", fallback: false });
    expect((await server.call<SupportContact>("GET", "backoffice/support", {}, { token: support.token })).body.message).toEqual(saved.body.message);
    const [entry] = await auditActions("content.support");
    expect(entry.action).toBe("content.support.save");
    expect(entry.detail.after).toEqual(saved.body.message);
  });
});

describe("OpenAPI", () => {
  it("publishes the content calls", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as { paths: Record<string, unknown> };
    for (const path of ["news/list", "news/detail", "news/document", "news/faq", "news/getkf", "user/usermessage", "user/usermessage_read", "user/usermessage_detail", "backoffice/news/save"]) {
      expect(doc.paths[`/api/${path}`], path).toBeTruthy();
    }
  });
});
