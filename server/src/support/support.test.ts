import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupportMessage } from "../../contract/support";
import { createTestServer, type Answer, type TestServer } from "../testing/harness";
import { freshPng, md5Of, PDF_BYTES } from "../testing/images";
import { postMultipart } from "../testing/multipart";
import { openUserSocket } from "../testing/socket";

/**
 * Customer-service chat through its HTTP calls and the socket: each user reads only their own conversation and
 * images, text stays plain text, operators answer live.
 */

let server: TestServer;
let agent: string;

beforeAll(async () => {
  server = await createTestServer();
  agent = (await server.newOperator("support")).token;
});
afterAll(async () => {
  await server?.close();
});

const say = (token: string, text: string) => server.call<SupportMessage>("POST", "support/send", { text }, { token });
const conversation = (token: string) => server.call<{ list: SupportMessage[]; unread: number }>("GET", "support/messages", {}, { token });
const reply = (userId: number, text: string) => server.call<SupportMessage>("POST", "backoffice/support/reply", { user_id: userId, text }, { token: agent });

const sendImage = (token: string, data: Buffer, md5 = md5Of(data)): Promise<Answer<SupportMessage>> =>
  postMultipart(server, "/api/support/send", { token, fields: { image_md5: md5 }, files: { image: { data, name: "photo.png" } } });

describe("conversation", () => {
  it("keeps text as plain text, oldest first, with read marks and the unread count", async () => {
    const u = await server.newUser();
    const html = `<img src=x onerror="alert(1)"> <b>hello</b> & "quotes"`;
    const sent = await say(u.token, html);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ from: "user", text: html, image_url: null, read: false });
    await reply(u.id, "Hi, how can we help?");
    const before = await conversation(u.token);
    expect(before.body.message.list.map((m) => [m.from, m.text])).toEqual([
      ["user", html],
      ["agent", "Hi, how can we help?"],
    ]);
    // Answering read the user's message; the user has one unread reply until they read it.
    expect(before.body.message.list[0].read).toBe(true);
    expect(before.body.message.unread).toBe(1);
    await server.call("POST", "support/read", {}, { token: u.token });
    const after = await conversation(u.token);
    expect(after.body.message.unread).toBe(0);
    expect(after.body.message.list[1].read).toBe(true);
  });

  it("refuses an empty message and a message too long, writing nothing", async () => {
    const u = await server.newUser();
    expect((await say(u.token, "   ")).body.code).toBe("MISSING_PARAMETER");
    expect((await say(u.token, "x".repeat(2001))).status).toBe(400);
    expect((await conversation(u.token)).body.message.list).toEqual([]);
  });

  it("a user never reads another's conversation", async () => {
    const alice = await server.newUser();
    const bob = await server.newUser();
    await say(alice.token, "my secret order number 42");
    await reply(alice.id, "for alice only");
    const bobs = await conversation(bob.token);
    expect(bobs.body.message.list).toEqual([]);
    // Nothing in the user calls takes another user's id; the desk's calls refuse a user token.
    const desk = await server.call("GET", "backoffice/support/chat", { user_id: alice.id }, { token: bob.token });
    expect(desk.status).toBe(401);
    expect((await server.call("GET", "support/messages", {})).status).toBe(401);
  });
});

describe("images", () => {
  it("passes the one image check and is served only to its conversation's user and to operators", async () => {
    const alice = await server.newUser();
    const bob = await server.newUser();
    const png = freshPng();
    const sent = await sendImage(alice.token, png);
    expect(sent.status).toBe(200);
    const imageId = sent.body.message.image_id!;
    expect(sent.body.message.image_url).toBe(`support/image?id=${imageId}`);
    const own = await server.call<{ content_type: string; data: string }>("GET", "support/image", { id: imageId }, { token: alice.token });
    expect(own.body.message).toEqual({ content_type: "image/png", data: png.toString("base64") });
    const other = await server.call("GET", "support/image", { id: imageId }, { token: bob.token });
    expect(other.status).toBe(404);
    const desk = await server.call<{ data: string }>("GET", "backoffice/support/image", { id: imageId }, { token: agent });
    expect(desk.body.message.data).toBe(png.toString("base64"));
    // Not a door into the rest of the image store (KYC photos, vouchers): only images sent in a chat.
    expect((await server.call("GET", "backoffice/support/image", { id: imageId + 1000 }, { token: agent })).status).toBe(404);
  });

  it("refuses a file that is not an image, a wrong md5, and writes nothing", async () => {
    const u = await server.newUser();
    expect((await sendImage(u.token, PDF_BYTES)).body.code).toBe("FILE_TYPE_WRONG");
    const png = freshPng();
    expect((await sendImage(u.token, png, md5Of(freshPng()))).body.code).toBe("FILE_HASH_MISMATCH");
    expect((await conversation(u.token)).body.message.list).toEqual([]);
  });

  it("the same picture sent by two users is one stored copy, each sees it through their own message", async () => {
    const a = await server.newUser();
    const b = await server.newUser();
    const png = freshPng();
    const [first, second] = await Promise.all([sendImage(a.token, png), sendImage(b.token, png)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect((await server.call("GET", "support/image", { id: second.body.message.image_id }, { token: b.token })).status).toBe(200);
  });
});

describe("desk", () => {
  it("lists conversations with unread counts and shows the account beside one", async () => {
    const u = await server.newUser();
    await say(u.token, "one");
    await say(u.token, "two");
    const chats = await server.call<{ list: Array<{ user_id: number; unread: number; last_message: string; account: string }> }>("GET", "backoffice/support/chats", {}, { token: agent });
    expect(chats.body.message.list.find((c) => c.user_id === u.id)).toMatchObject({ unread: 2, last_message: "two", account: u.account });
    const chat = await server.call<{ list: SupportMessage[]; user: { account: string; wallets: unknown[] } }>("GET", "backoffice/support/chat", { user_id: u.id }, { token: agent });
    expect(chat.body.message.user.account).toBe(u.account);
    expect(chat.body.message.list).toHaveLength(2);
    await server.call("POST", "backoffice/support/read", { user_id: u.id }, { token: agent });
    const again = await server.call<{ list: Array<{ user_id: number; unread: number }> }>("GET", "backoffice/support/chats", {}, { token: agent });
    expect(again.body.message.list.find((c) => c.user_id === u.id)?.unread).toBe(0);
  });

  it("a reviewer (not support) cannot answer; an unknown user is refused", async () => {
    const reviewer = (await server.newOperator("reviewer")).token;
    const u = await server.newUser();
    expect((await server.call("POST", "backoffice/support/reply", { user_id: u.id, text: "hi" }, { token: reviewer })).status).toBe(403);
    expect((await reply(9_999_999, "hi")).body.code).toBe("USER_NOT_FOUND");
  });
});

describe("live", () => {
  it("a reply reaches the user's socket on `support` after auth alone, not another user's", async () => {
    const u = await server.newUser();
    const other = await server.newUser();
    const mine = await openUserSocket(server, u.token);
    const theirs = await openUserSocket(server, other.token);
    await reply(u.id, "live answer");
    expect((await mine.next((f) => f.channel === "support")).data).toMatchObject({ from: "agent", text: "live answer" });
    // The user's own message comes back too (other tabs, other devices).
    await say(u.token, "thanks");
    expect((await mine.next((f) => f.channel === "support")).data).toMatchObject({ text: "thanks" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(theirs.messages.some((f) => f.channel === "support")).toBe(false);
    mine.close();
    theirs.close();
  });
});
