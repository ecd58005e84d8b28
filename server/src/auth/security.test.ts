import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, latestCode, type TestServer } from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36";

interface SessionItem {
  id: number;
  device: string;
  browser: string;
  ip: string;
  current: boolean;
}

async function login(account: string, password: string, options: { ip?: string; userAgent?: string } = {}) {
  return server.call<{ token: string }>("POST", "user/login", { account, password }, options);
}

async function userWithEmail() {
  const user = await server.newUser();
  const email = `sec${user.id}@example.com`;
  await server.call("POST", "sms_mail", { email, type: "bind" });
  const bound = await server.call("POST", "safe/email", { email, code: await latestCode(server.database, email), step_up: user.password }, { token: user.token });
  expect(bound.status).toBe(200);
  return { ...user, email };
}

const outboxTo = (recipient: string) =>
  server.database.query<{ subject: string; body: string }>("SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY id", [recipient]);
const messagesOf = (userId: number) =>
  server.database.query<{ title: string; body: string }>("SELECT title, body FROM user_messages WHERE user_id = $1 ORDER BY id", [userId]);

describe("active sessions", () => {
  it("lists only the user's own sessions, with device, browser and address, the current one first", async () => {
    const user = await server.newUser();
    const phone = await login(user.account, user.password, { ip: "10.0.0.7", userAgent: IPHONE });
    const stranger = await server.newUser();
    await login(stranger.account, stranger.password, { userAgent: ANDROID });

    const res = await server.call<{ list: SessionItem[] }>("POST", "safe/sessions", {}, { token: phone.body.message.token });
    expect(res.status).toBe(200);
    const list = res.body.message.list;
    expect(list).toHaveLength(2); // registration + the iPhone
    expect(list[0]).toMatchObject({ current: true, device: "iPhone", browser: "Safari", ip: "10.0.0.7" });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const ids = await server.database.query<{ id: string }>("SELECT id FROM sessions WHERE user_id = $1", [stranger.id]);
    for (const { id } of ids) expect(list.map((s) => s.id)).not.toContain(Number(id));
  });

  it("ending a session makes its token fail at once; another user's session cannot be ended", async () => {
    const user = await server.newUser();
    const other = await login(user.account, user.password, { userAgent: ANDROID });
    const otherToken = other.body.message.token;
    const sessions = await server.call<{ list: SessionItem[] }>("POST", "safe/sessions", {}, { token: user.token });
    const target = sessions.body.message.list.find((s) => !s.current)!;

    const stranger = await server.newUser();
    const refused = await server.call("POST", "safe/sessions/end", { id: target.id }, { token: stranger.token });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ type: "error", message: "登录设备不存在或已退出" });
    expect((await server.call("GET", "user/info", {}, { token: otherToken })).status).toBe(200);

    const ended = await server.call("POST", "safe/sessions/end", { id: target.id }, { token: user.token });
    expect(ended.status).toBe(200);
    expect((await server.call("GET", "user/info", {}, { token: otherToken })).status).toBe(401);
    expect((await server.call("GET", "user/info", {}, { token: user.token })).status).toBe(200);
    // Twice: already over.
    expect((await server.call("POST", "safe/sessions/end", { id: target.id }, { token: user.token })).status).toBe(404);
    expect((await server.call("POST", "safe/sessions/end", { id: "abc" }, { token: user.token })).status).toBe(400);
    const audit = await server.database.query("SELECT 1 FROM audit_log WHERE action = 'user.session.end' AND actor_id = $1", [user.id]);
    expect(audit).toHaveLength(1);
  });

  it("log out all other sessions keeps only this one, and no one else's", async () => {
    const user = await server.newUser();
    const a = await login(user.account, user.password, { userAgent: ANDROID });
    const b = await login(user.account, user.password, { userAgent: IPHONE });
    const stranger = await server.newUser();
    const res = await server.call<{ ended: number }>("POST", "safe/sessions/end_others", {}, { token: b.body.message.token });
    expect(res.body.message.ended).toBe(2);
    expect((await server.call("GET", "user/info", {}, { token: user.token })).status).toBe(401);
    expect((await server.call("GET", "user/info", {}, { token: a.body.message.token })).status).toBe(401);
    expect((await server.call("GET", "user/info", {}, { token: b.body.message.token })).status).toBe(200);
    expect((await server.call("GET", "user/info", {}, { token: stranger.token })).status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await server.call("POST", "safe/sessions", {})).status).toBe(401);
    expect((await server.call("POST", "safe/sessions/end_others", {})).status).toBe(401);
  });
});

describe("login history and new devices", () => {
  it("records successes, wrong passwords and throttled attempts with address and device", async () => {
    const user = await server.newUser();
    for (let i = 0; i < 6; i++) await login(user.account, "wrong-pass", { ip: "10.9.9.9", userAgent: ANDROID });
    const throttled = await login(user.account, user.password, { ip: "10.9.9.9", userAgent: ANDROID });
    expect(throttled.status).toBe(429);
    const res = await server.call<{ list: { outcome: string; success: boolean; ip: string; device: string }[]; total: number }>(
      "POST",
      "safe/login_history",
      { limit: 50 },
      { token: user.token },
    );
    const outcomes = res.body.message.list.map((e) => e.outcome);
    expect(outcomes[0]).toBe("throttled");
    expect(outcomes.filter((o) => o === "wrong_password").length).toBeGreaterThanOrEqual(5);
    expect(outcomes.at(-1)).toBe("success"); // the registration's session
    expect(res.body.message.list[0]).toMatchObject({ success: false, ip: "10.9.9.9", device: "Android" });
    const stranger = await server.newUser();
    const theirs = await server.call<{ total: number }>("POST", "safe/login_history", {}, { token: stranger.token });
    expect(theirs.body.message.total).toBe(1);
  });

  it("tells the owner by notice and e-mail of a sign-in from a new device, once per device", async () => {
    const user = await userWithEmail();
    await login(user.account, user.password, { userAgent: IPHONE, ip: "10.1.2.3" });
    await login(user.account, user.password, { userAgent: IPHONE, ip: "10.1.2.4" });
    const mails = (await outboxTo(user.email)).filter((m) => m.subject === "Sign-in from a new device");
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain("Safari / iPhone");
    expect(mails[0].body).toContain("10.1.2.3");
    const notices = (await messagesOf(user.id)).filter((m) => m.title === "Sign-in from a new device");
    expect(notices).toHaveLength(1);
    const history = await server.call<{ list: { new_device: boolean }[] }>("POST", "safe/login_history", {}, { token: user.token });
    expect(history.body.message.list.map((e) => e.new_device)).toEqual([false, true, false]);
  });
});

describe("anti-phishing code", () => {
  it("needs the step-up proof, refuses a malformed code and changes nothing then", async () => {
    const user = await server.newUser();
    const missing = await server.call("POST", "safe/anti_phishing/set", { code: "Blue42" }, { token: user.token });
    expect(missing.status).toBe(403);
    const wrong = await server.call("POST", "safe/anti_phishing/set", { code: "Blue42", step_up: "not-it" }, { token: user.token });
    expect(wrong.status).toBe(400);
    for (const code of ["ab", "x".repeat(21), "with space", "<b>"]) {
      const bad = await server.call<unknown>("POST", "safe/anti_phishing/set", { code, step_up: user.password }, { token: user.token });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain("防钓鱼码");
    }
    const read = await server.call<{ code: string | null }>("POST", "safe/anti_phishing", {}, { token: user.token });
    expect(read.body.message.code).toBeNull();
  });

  it("appears in every e-mail to the user's address and in every notice, and is audited", async () => {
    const user = await userWithEmail();
    const set = await server.call("POST", "safe/anti_phishing/set", { code: "Blue-Owl_7", step_up: user.password }, { token: user.token });
    expect(set.status).toBe(200);
    const info = await server.call<{ anti_phishing_set: boolean; withdraw_locked_until: number | null }>("GET", "user/info", {}, { token: user.token });
    expect(info.body.message).toMatchObject({ anti_phishing_set: true, withdraw_locked_until: null });
    expect((await server.call<{ code: string }>("POST", "safe/anti_phishing", {}, { token: user.token })).body.message.code).toBe("Blue-Owl_7");

    // An e-mail (a code for a password reset) and a notice with an e-mail (a new device).
    await server.call("POST", "sms_mail", { email: user.email, type: "forget" });
    await login(user.account, user.password, { userAgent: ANDROID });
    const mails = await outboxTo(user.email);
    const after = mails.slice(-2);
    expect(after).toHaveLength(2);
    for (const mail of after) expect(mail.body.startsWith("Anti-phishing code: Blue-Owl_7\n\n")).toBe(true);
    const notices = await messagesOf(user.id);
    expect(notices.at(-1)!.body.startsWith("Anti-phishing code: Blue-Owl_7")).toBe(true);

    // Mail to an address no user has bound carries no code.
    await server.call("POST", "sms_mail", { email: `nobody${user.id}@example.com`, type: "register" });
    const stranger = await outboxTo(`nobody${user.id}@example.com`);
    expect(stranger[0].body).not.toContain("Anti-phishing");

    const audit = await server.database.query<{ detail: unknown }>("SELECT detail FROM audit_log WHERE action = 'user.anti_phishing.set' AND actor_id = $1", [user.id]);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].detail)).not.toContain("Blue-Owl_7");
  });
});

describe("back office outbox", () => {
  it("shows an admin what was sent to a recipient, code line included; others are refused", async () => {
    const user = await userWithEmail();
    await server.call("POST", "safe/anti_phishing/set", { code: "Green-9", step_up: user.password }, { token: user.token });
    await server.call("POST", "sms_mail", { email: user.email, type: "forget" });
    const admin = await server.newOperator("admin");
    const res = await server.call<{ list: { recipient: string; body: string; channel: string }[]; total: number }>(
      "GET",
      "backoffice/outbox",
      { recipient: user.email.toUpperCase(), limit: 5 },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message.list[0]).toMatchObject({ recipient: user.email, channel: "email" });
    expect(res.body.message.list[0].body.startsWith("Anti-phishing code: Green-9")).toBe(true);
    expect(res.body.message.list.every((m) => m.recipient === user.email)).toBe(true);
    const reviewer = await server.newOperator("reviewer");
    expect((await server.call("GET", "backoffice/outbox", {}, { token: reviewer.token })).status).toBe(403);
    expect((await server.call("GET", "backoffice/outbox", {}, { token: user.token })).status).toBe(401);
  });
});
