import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoMessage, BoNewsItem, InboxItem, PersonalMessage } from "../../contract/content";
import { createTestServer, type TestServer } from "../testing/harness";
import { InboxService } from "./inbox.service";

let server: TestServer;
let admin: { token: string; id: number; name: string };
let reviewer: { token: string };
let notifier: InboxService;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.newOperator("admin");
  reviewer = await server.newOperator("reviewer");
  const { ctx } = server;
  notifier = new InboxService(ctx.db, ctx.clock, ctx.bus, ctx.translator, async () => ({}));
});
afterAll(async () => {
  await server?.close();
});

type Inbox = { list: InboxItem[]; total: number; unread: number };

const inbox = (token: string, query: Record<string, unknown> = {}) => server.call<Inbox>("GET", "user/usermessage", query, { token });
const unread = async (token: string) => (await server.call<{ unread: number; latest_at: number | null }>("GET", "user/usermessage_unread", {}, { token })).body.message;
const publishNotice = async (title: string, lang: string | null = null) => {
  server.clock.advance(1000);
  return (await server.call<BoNewsItem>("POST", "backoffice/news/save", { kind: "notice", title, body: `<p>${title}</p>`, lang, publish: true }, { token: admin.token })).body.message;
};
const send = (input: Record<string, unknown>, token = admin.token) =>
  server.call<BoMessage>("POST", "backoffice/messages/send", { title: "Hello", body: "A message for you.", ...input }, { token });
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("user/usermessage: personal messages and notices", () => {
  it("shows a new user the welcome notice, unread", async () => {
    const user = await server.newUser();
    const answer = await inbox(user.token);
    expect(answer.status).toBe(200);
    expect(answer.body.message.list.find((i) => i.title === "Welcome to TradeWise")).toMatchObject({ kind: "notice", read: false });
    expect(answer.body.message.unread).toBe(answer.body.message.list.filter((i) => !i.read).length);
    expect((await unread(user.token)).unread).toBe(answer.body.message.unread);
  });

  it("counts a newly published notice until it is read, then everything until marked read", async () => {
    const user = await server.newUser();
    const start = (await unread(user.token)).unread;
    const notice = await publishNotice("Scheduled maintenance");
    const after = await unread(user.token);
    expect(after.unread).toBe(start + 1);
    expect(after.latest_at).toBe(notice.published_at);
    const listed = (await inbox(user.token)).body.message.list[0];
    expect(listed).toMatchObject({ id: notice.id, kind: "notice", title: "Scheduled maintenance", body: "Scheduled maintenance", read: false });

    const one = await server.call<{ unread: number }>("POST", "user/usermessage_read", { kind: "notice", id: notice.id }, { token: user.token });
    expect(one.body.message.unread).toBe(start);
    // Marking it again changes nothing.
    expect((await server.call<{ unread: number }>("POST", "user/usermessage_read", { kind: "notice", id: notice.id }, { token: user.token })).body.message.unread).toBe(start);

    const all = await server.call<{ unread: number }>("POST", "user/usermessage_read", {}, { token: user.token });
    expect(all.body.message.unread).toBe(0);
    expect((await inbox(user.token)).body.message.list.every((i) => i.read)).toBe(true);

    await publishNotice("Another notice");
    expect((await unread(user.token)).unread).toBe(1);
  });

  it("keeps notices of another language out of the inbox", async () => {
    const user = await server.newUser();
    const before = (await unread(user.token)).unread;
    const es = await publishNotice("Aviso en español", "es");
    expect((await unread(user.token)).unread).toBe(before);
    expect((await inbox(user.token)).body.message.list.map((i) => i.id)).not.toContain(es.id);
    expect((await server.call("POST", "user/usermessage_read", { kind: "notice", id: es.id }, { token: user.token })).body.code).toBe("DATA_NOT_FOUND");
    const inSpanish = await server.call<Inbox>("GET", "user/usermessage", { lang: "es" }, { token: user.token });
    expect(inSpanish.body.message.list.map((i) => i.id)).toContain(es.id);
  });

  it("delivers an operator's message to one user, who reads it (audited)", async () => {
    const alice = await server.newUser();
    const bob = await server.newUser();
    const events: unknown[] = [];
    const off = server.ctx.bus.subscribe(`user:${alice.id}:notice`, (e) => events.push(e));
    const sent = await send({ account: alice.account.toUpperCase(), title: "Your deposit", body: "We received your screenshot." });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ user_id: alice.id, account: alice.account, title: "Your deposit", read: false, sent_by: admin.name });
    await tick();
    off();
    expect(events).toEqual([{ kind: "message", id: sent.body.message.id, title: "Your deposit", created_at: sent.body.message.created_at }]);

    const aliceInbox = (await inbox(alice.token)).body.message;
    expect(aliceInbox.list[0]).toMatchObject({ id: sent.body.message.id, kind: "message", body: "We received your screenshot.", read: false });
    expect((await inbox(bob.token)).body.message.list.find((i) => i.kind === "message")).toBeUndefined();

    // Bob cannot read or mark Alice's message.
    expect((await server.call("POST", "user/usermessage_detail", { id: sent.body.message.id }, { token: bob.token })).body.code).toBe("DATA_NOT_FOUND");
    expect((await server.call("POST", "user/usermessage_read", { kind: "message", id: sent.body.message.id }, { token: bob.token })).body.code).toBe("DATA_NOT_FOUND");

    const before = (await unread(alice.token)).unread;
    const detail = await server.call<PersonalMessage>("POST", "user/usermessage_detail", { id: sent.body.message.id }, { token: alice.token });
    expect(detail.body.message).toMatchObject({ title: "Your deposit", body: "We received your screenshot.", read: true });
    expect((await unread(alice.token)).unread).toBe(before - 1);

    const log = await server.call<{ list: { action: string; target_id: string }[] }>("GET", "backoffice/audit", { target_kind: "user", target_id: String(alice.id) }, { token: admin.token });
    expect(log.body.message.list.map((e) => e.action)).toContain("content.message.send");
    const sentList = await server.call<{ list: BoMessage[] }>("GET", "backoffice/messages", { user_id: alice.id }, { token: admin.token });
    expect(sentList.body.message.list[0]).toMatchObject({ id: sent.body.message.id, read: true });
  });

  it("marks all messages read, or one kind only", async () => {
    const user = await server.newUser();
    await send({ user_id: user.id, title: "One" });
    await send({ user_id: user.id, title: "Two" });
    const start = (await unread(user.token)).unread;
    const messagesOnly = await server.call<{ unread: number }>("POST", "user/usermessage_read", { kind: "message" }, { token: user.token });
    expect(messagesOnly.body.message.unread).toBe(start - 2);
    const list = (await inbox(user.token)).body.message.list;
    expect(list.filter((i) => i.kind === "message").every((i) => i.read)).toBe(true);
    expect(list.some((i) => i.kind === "notice" && !i.read)).toBe(true);
  });

  it("pages through the inbox newest first", async () => {
    const user = await server.newUser();
    for (const title of ["m1", "m2", "m3"]) {
      server.clock.advance(1000);
      await send({ user_id: user.id, title });
    }
    const first = (await inbox(user.token, { page: 1, limit: 2 })).body.message;
    const second = (await inbox(user.token, { page: 2, limit: 2 })).body.message;
    expect(first.list.map((i) => i.title)).toEqual(["m3", "m2"]);
    expect(second.list[0].title).toBe("m1");
    expect(first.total).toBe(second.total);
  });

  it("refuses what it cannot do, changing nothing", async () => {
    const user = await server.newUser();
    expect((await server.call("GET", "user/usermessage", {})).body.type).toBe(999);
    expect((await server.call("GET", "user/usermessage_unread", {})).status).toBe(401);
    expect((await server.call("POST", "user/usermessage_read", { id: 1 }, { token: user.token })).body).toMatchObject({ code: "MISSING_PARAMETER", fields: { kind: "缺少参数" } });
    expect((await server.call("POST", "user/usermessage_read", { kind: "letter" }, { token: user.token })).body.code).toBe("PARAMETER_ERROR");
    expect((await server.call("POST", "user/usermessage_read", { kind: "message", id: 999999 }, { token: user.token })).body.code).toBe("DATA_NOT_FOUND");
    expect((await server.call("POST", "user/usermessage_detail", { id: 999999 }, { token: user.token })).body.code).toBe("DATA_NOT_FOUND");
    expect((await server.call("POST", "user/usermessage_detail", {}, { token: user.token })).body.code).toBe("MISSING_PARAMETER");

    expect((await send({ account: "nobody-at-all" })).body).toMatchObject({ code: "USER_NOT_FOUND", fields: { account: "用户不存在" } });
    expect((await send({ user_id: 999999 })).body.code).toBe("USER_NOT_FOUND");
    expect((await send({})).body).toMatchObject({ code: "MISSING_PARAMETER", fields: { account: "缺少参数" } });
    expect((await send({ user_id: user.id, title: "" })).body.code).toBe("MISSING_PARAMETER");
    expect((await send({ user_id: user.id, body: "x".repeat(2001) })).body.code).toBe("PARAMETER_ERROR");
    expect((await send({ user_id: user.id }, reviewer.token)).status).toBe(403);
    expect((await inbox(user.token)).body.message.list.filter((i) => i.kind === "message")).toEqual([]);
  });
});

describe("notifyUser (for other domains)", () => {
  it("writes in the user's language inside the caller's transaction and announces after the commit", async () => {
    const user = await server.newUser();
    await server.call("POST", "set/lang", { lang: "en" }, { token: user.token });
    const events: unknown[] = [];
    const off = server.ctx.bus.subscribe(`user:${user.id}:notice`, (e) => events.push(e));
    const { id } = await server.ctx.db.transaction(async (tx) => {
      const sent = await notifier.notifyUser(tx, user.id, { title: "保存成功", body: "Deposit #{id} of {amount} USDT approved.", values: { id: "7", amount: "100" } });
      // Nothing is announced while the transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(events).toEqual([]);
      return sent;
    });
    await tick();
    off();
    expect(events).toMatchObject([{ kind: "message", id, title: "Saved" }]);
    const detail = await server.call<PersonalMessage>("POST", "user/usermessage_detail", { id }, { token: user.token });
    expect(detail.body.message).toMatchObject({ title: "Saved", body: "Deposit #7 of 100 USDT approved." });
  });

  it("announces nothing when the caller's transaction rolls back", async () => {
    const user = await server.newUser();
    const events: unknown[] = [];
    const off = server.ctx.bus.subscribe(`user:${user.id}:notice`, (e) => events.push(e));
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await notifier.notifyUser(tx, user.id, { title: "Approved", body: "Never happened" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await new Promise((resolve) => setTimeout(resolve, 200));
    off();
    expect(events).toEqual([]);
    expect((await inbox(user.token)).body.message.list.filter((i) => i.kind === "message")).toEqual([]);
  });

  it("refuses an unknown user", async () => {
    await expect(server.ctx.db.transaction((tx) => notifier.notifyUser(tx, 999999, { title: "x", body: "y" }))).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
  });
});
