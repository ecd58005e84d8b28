import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";
import { errors } from "../../contract";
import { languageOfAcceptLanguage, languageOfTag, languages, languageTags } from "../../contract/constants";
import { loadConfig } from "./config";
import { parsePo } from "./i18n";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("envelope and status codes", () => {
  it("answers unknown API routes with 404 in the request's language (?lang=, else Accept-Language, else English), never the Chinese key", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/no/such/call" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: "error", code: "NOT_FOUND", message: errors.NOT_FOUND.en });
    const es = await server.app.inject({ method: "GET", url: "/api/no/such/call", headers: { "accept-language": "fr-FR,es;q=0.8,en;q=0.5" } });
    expect(es.json().message).toBe("Esta API no existe");
    const tw = await server.app.inject({ method: "POST", url: "/api/no/such/call?lang=tw", headers: { "accept-language": "es" } });
    expect(tw.json().message).not.toBe(errors.NOT_FOUND.key);
    expect(tw.json().message).toMatch(/[\u4e00-\u9fff]/);
    const zh = await server.app.inject({ method: "GET", url: "/api/no/such/call", headers: { "accept-language": "zh-CN" } });
    expect(zh.json().message).toBe(errors.NOT_FOUND.key);
  });

  it("answers a malformed JSON body with 400, not 500", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/user/login", payload: "{not json", headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe("error");
  });

  it("names every refused field with its key", async () => {
    const res = await server.call("POST", "user/register", { account: "ok_name", password: "1", re_password: "2" });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ password: errors.PASSWORD_LENGTH.key, invite_code: errors.MISSING_PARAMETER.key });
  });

  it("reports health", async () => {
    const res = await server.call<{ status: string; database: string }>("GET", "health");
    expect(res.body.message.status).toBe("ok");
    expect(res.body.message.database).toBe(server.database.kind);
  });

  it("sets security headers with a CSP that suits the PWA", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("OpenAPI", () => {
  it("documents every registered call from the contract's schemas", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/openapi.json" });
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    for (const call of server.ctx.api.calls) {
      const op = doc.paths[`/api/${call.path}`]?.[call.method.toLowerCase()];
      expect(op, call.path).toBeTruthy();
      // A call that answers a file (finance/export's CSV) documents that type; every other one the envelope.
      expect(op.responses["200"].content[call.produces ?? "application/json"]?.schema, call.path).toBeTruthy();
    }
    expect(doc.paths["/api/news/image/{id}"].get.parameters).toEqual([{ name: "id", in: "path", required: true, schema: { type: "string" } }]);
    expect(Object.keys(doc.paths["/api/news/image/{id}"].get.responses["200"].content)).toEqual(["image/jpeg", "image/png", "image/webp"]);
    expect(doc.paths["/api/openapi.json"].get).toBeTruthy();
    const login = doc.paths["/api/user/login"].post;
    expect(login.requestBody.content["application/x-www-form-urlencoded"].schema.required).toEqual(["account", "password"]);
    expect(doc["x-error-catalogue"].INSUFFICIENT_BALANCE.status).toBe(400);
  });
});

describe("configuration", () => {
  it("stops with a readable list of bad values", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "not a url" })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });

  it("defaults to the embedded database and the simulated market", () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.MARKET_SOURCE).toBe("sim");
    expect(config.PORT).toBe(8080);
  });
});

describe("server-side catalogue reading", () => {
  it("parses multi-line and escaped entries", () => {
    const po = 'msgid ""\nmsgstr ""\n"Language: es\\n"\n\n#. comment\nmsgid "a \\"quoted\\" key"\nmsgstr ""\n"first "\n"second"\n';
    expect(parsePo(po).get('a "quoted" key')).toBe("first second");
  });
});

describe("language tags", () => {
  it("maps BCP 47 tags to our keys and the seed's keys to valid tags", () => {
    expect(languageOfTag("ja-JP")).toBe("jp");
    expect(languageOfTag("vi")).toBe("vn");
    expect(languageOfTag("zh-Hant-HK")).toBe("tw");
    expect(languageOfTag("zh-TW")).toBe("tw");
    expect(languageOfTag("zh-Hans-CN")).toBe("zh");
    expect(languageOfTag("fr")).toBeNull();
    expect(languageOfAcceptLanguage("fr;q=1, ko;q=0.4, pt-BR;q=0.9")).toBe("pt");
    expect(languageOfAcceptLanguage("*")).toBeNull();
    expect(languageOfAcceptLanguage(undefined)).toBeNull();
    for (const lang of languages) {
      expect(languageOfTag(languageTags[lang])).toBe(lang);
      expect(Intl.getCanonicalLocales(languageTags[lang])).toEqual([languageTags[lang]]);
    }
  });
});
