import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOME_NOTICE_QUERY } from "../../contract";
import { createTestServer, type TestServer } from "../testing/harness";
import { credit } from "../testing/money";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const PARTS = ["notices", "quotations", "support", "unread", "user", "wallets"];

async function ok<T>(method: "GET" | "POST", path: string, payload: Record<string, unknown>, token?: string): Promise<T> {
  const answer = await server.call<T>(method, path, payload, { token, form: method === "POST" && !token });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.message;
}

describe("user/home", () => {
  it("answers every part exactly as its own call does, in the caller's language", async () => {
    const user = await server.newUser();
    await credit(server, user.id, "125.5");
    expect((await server.call("POST", "support/send", { text: "Where is my deposit?" }, { token: user.token })).status).toBe(200);
    const admin = await server.newOperator("admin");
    // A notice written for Spanish readers: the part must follow `lang` as news/list does.
    const saved = await server.call("POST", "backoffice/news/save", { kind: "notice", title: "Aviso de prueba", summary: "", body: "<p>Hola</p>", lang: "es", pinned: true, publish: true }, { token: admin.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    for (const lang of ["en", "es"]) {
      const first = await ok<Record<string, unknown>>("GET", "user/home", { lang }, user.token);
      expect(Object.keys(first).sort()).toEqual(PARTS);
      expect(first.user).toEqual(await ok("GET", "user/info", { lang }, user.token));
      expect(first.wallets).toEqual(await ok("POST", "wallet/list", { lang }, user.token));
      expect(first.unread).toEqual(await ok("GET", "user/usermessage_unread", { lang }, user.token));
      expect(first.notices).toEqual(await ok("POST", "news/list", { ...HOME_NOTICE_QUERY, lang }));
      expect(first.quotations).toEqual(await ok("GET", "currency/quotation_new", { lang }));
      expect(first.support).toEqual(await ok("GET", "support/messages", { lang }, user.token));
    }
    const spanish = await ok<{ notices: { list: { title: string }[] }; wallets: { currency: string; balance: string }[] }>("GET", "user/home", { lang: "es" }, user.token);
    expect(spanish.notices.list.map((n) => n.title)).toEqual(["Aviso de prueba"]);
    expect(spanish.wallets.find((w) => w.currency === "USDT")?.balance).toMatch(/^125\.5/);
  });

  it("refuses a visitor and an unknown token with the session-over answer", async () => {
    for (const token of [undefined, "not-a-session"]) {
      const answer = await server.call("GET", "user/home", {}, { token });
      expect(answer.status).toBe(401);
      expect(answer.body.type).toBe(999);
    }
  });
});
