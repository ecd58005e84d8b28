import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, latestCode, ROOT_INVITE, type TestServer } from "../testing/harness";

/** Issue 15: e-mails go out in the language the user chose (set/lang), whatever the page that asked for them. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const lastMail = async (to: string) =>
  (await server.database.query<{ subject: string; body: string }>("SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1", [to]))[0];

describe("the language of code e-mails", () => {
  it("writes to an address no account has bound yet in the language of the request", async () => {
    expect((await server.call("POST", "sms_mail", { email: "nuevo@example.com", type: "register", lang: "es" })).status).toBe(200);
    const mail = await lastMail("nuevo@example.com");
    expect(mail.subject).toBe("Tu código de verificación de TradeWise");
    expect(mail.body).toMatch(/^Tu código de verificación es \d{6}\./);
  });

  it("writes to a user whose language is es in Spanish, even when the request comes from an English page", async () => {
    const email = "ana@example.com";
    await server.call("POST", "sms_mail", { email, type: "register", lang: "es" });
    const registered = await server.call<{ token: string }>("POST", "user/register", {
      account: email,
      password: "secret123",
      re_password: "secret123",
      invite_code: ROOT_INVITE,
      code: await latestCode(server.database, email),
      lang: "es",
    });
    expect(registered.status).toBe(200);
    server.clock.advance(61_000);

    expect((await server.call("POST", "sms_mail", { email: "ANA@example.com", type: "forget", lang: "en" })).status).toBe(200);
    const mail = await lastMail(email);
    expect(mail.subject).toBe("Tu código de verificación de TradeWise");
    expect(mail.body).toContain("Tu código de verificación es");
    expect(mail.body).not.toContain("Your verification code");

    // The language follows set/lang: switched to Korean, the next code is Korean.
    expect((await server.call("POST", "set/lang", { lang: "ko" }, { token: registered.body.message.token })).status).toBe(200);
    server.clock.advance(61_000);
    await server.call("POST", "sms_mail", { email, type: "forget", lang: "en" });
    expect((await lastMail(email)).body).not.toContain("Your verification code");
    expect((await lastMail(email)).body).not.toContain("Tu código");
  });
});
