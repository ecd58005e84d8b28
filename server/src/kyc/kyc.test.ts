import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../contract";
import { toSeconds } from "../platform/clock";
import { createTestServer, type Answer, type TestServer } from "../testing/harness";
import { freshPng, md5Of, PDF_BYTES } from "../testing/images";
import { postMultipart, type FilePart } from "../testing/multipart";
import { openUserSocket } from "../testing/socket";

let server: TestServer;
let reviewer: { token: string; name: string };
let support: { token: string };
beforeAll(async () => {
  server = await createTestServer();
  reviewer = await server.newOperator("reviewer");
  support = await server.newOperator("support");
});
afterAll(async () => {
  await server?.close();
});

type Photos = Partial<Record<"front" | "back" | "hand", FilePart>>;

/** POSTs user/real_name as multipart, as the app does (text fields + the three photos). */
const realName = (target: TestServer, token: string | undefined, fields: Record<string, string | undefined>, photos: Photos): Promise<Answer<{ review_status: number }>> =>
  postMultipart(target, "/api/user/real_name", { token, fields, files: photos });

/** A document number nobody has used yet. */
const newNumber = () => `P${randomBytes(5).toString("hex").toUpperCase()}`;

const threePhotos = (): Required<Photos> => ({ front: { data: freshPng() }, back: { data: freshPng() }, hand: { data: freshPng() } });

const fieldsFor = (photos: Photos, change: Record<string, string | undefined> = {}) => ({
  country: "ES",
  first_name: "Ana",
  last_name: "López",
  cert_type: "passport",
  cert_no: newNumber(),
  ...(photos.front ? { front_md5: md5Of(photos.front.data) } : {}),
  ...(photos.back ? { back_md5: md5Of(photos.back.data) } : {}),
  ...(photos.hand ? { hand_md5: md5Of(photos.hand.data) } : {}),
  ...change,
});

/** Submits a complete, valid verification; returns what was sent. */
async function submit(target: TestServer, token: string, change: Record<string, string | undefined> = {}, photos = threePhotos()) {
  const fields = fieldsFor(photos, change);
  const res = await realName(target, token, fields, photos);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { fields, photos };
}

const reviewStatusOf = async (target: TestServer, token: string) =>
  (await target.call<{ review_status: number }>("GET", "user/info", {}, { token })).body.message.review_status;

const submissionsOf = async (target: TestServer, userId: number) =>
  Number((await target.database.query<{ n: string }>("SELECT count(*) AS n FROM kyc_submissions WHERE user_id = $1", [userId]))[0].n);

const imagesOf = async (target: TestServer, userId: number) =>
  Number((await target.database.query<{ n: string }>("SELECT count(*) AS n FROM stored_images WHERE user_id = $1", [userId]))[0].n);

const approve = (userId: number, token = reviewer.token) => server.call<{ review_status: number }>("POST", "backoffice/kyc/approve", { user_id: userId }, { token });
const reject = (userId: number, reason: string | undefined, token = reviewer.token) =>
  server.call<{ review_status: number }>("POST", "backoffice/kyc/reject", { user_id: userId, ...(reason === undefined ? {} : { reason }) }, { token });

type Info = { review_status: number; country: string | null; first_name: string | null; last_name: string | null; cert_type: string | null; cert_no: string | null; reason: string | null; submitted_at: number | null; reviewed_at: number | null };
const infoOf = async (token: string) => (await server.call<Info>("GET", "user/getrealinfo", {}, { token })).body.message;

describe("user/real_name", () => {
  it("records a pending verification with its three photos; review_status becomes 1", async () => {
    const user = await server.newUser();
    const before = await infoOf(user.token);
    expect(before).toEqual({ review_status: 0, country: null, first_name: null, last_name: null, cert_type: null, cert_no: null, reason: null, submitted_at: null, reviewed_at: null });
    const photos = threePhotos();
    const fields = fieldsFor(photos, { cert_no: " p-1234 5678 ", country: "es" });
    const res = await realName(server, user.token, fields, photos);
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual({ review_status: 1 });
    expect(await reviewStatusOf(server, user.token)).toBe(1);
    expect(await infoOf(user.token)).toEqual({
      review_status: 1,
      country: "ES",
      first_name: "Ana",
      last_name: "López",
      cert_type: "passport",
      // Stored normalised (P12345678), shown masked.
      cert_no: "P1*****78",
      reason: null,
      submitted_at: toSeconds(server.clock.now()),
      reviewed_at: null,
    });
    const [row] = await server.database.query<{ cert_no: string; status: string }>("SELECT cert_no, status FROM kyc_submissions WHERE user_id = $1", [user.id]);
    expect(row).toEqual({ cert_no: "P12345678", status: "pending" });
    expect(await imagesOf(server, user.id)).toBe(3);
    const audit = await server.database.query<{ action: string }>("SELECT action FROM audit_log WHERE actor_kind = 'user' AND actor_id = $1 AND action = 'kyc.submit'", [user.id]);
    expect(audit).toHaveLength(1);
  });

  it("accepts a submission without the md5 fields (the server computes them)", async () => {
    const user = await server.newUser();
    const photos = threePhotos();
    const res = await realName(server, user.token, { country: "ES", first_name: "A", last_name: "B", cert_type: "id_card", cert_no: newNumber() }, photos);
    expect(res.status).toBe(200);
  });

  it("serves the owner's own photos, to nobody else", async () => {
    const user = await server.newUser();
    const { photos } = await submit(server, user.token);
    const own = await server.call<{ content_type: string; data: string }>("GET", "user/kyc_photo", { side: "hand" }, { token: user.token });
    expect(own.body.message.content_type).toBe("image/png");
    expect(Buffer.from(own.body.message.data, "base64").equals(photos.hand.data)).toBe(true);
    const stranger = await server.newUser();
    expect((await server.call("GET", "user/kyc_photo", { side: "hand" }, { token: stranger.token })).body.code).toBe("DATA_NOT_FOUND");
    expect((await server.call("GET", "user/kyc_photo", { side: "hand" })).status).toBe(401);
    expect((await server.call("GET", "user/kyc_photo", { side: "side" }, { token: user.token })).body.code).toBe("PARAMETER_ERROR");
  });

  type Case = [string, (photos: Required<Photos>) => [Record<string, string | undefined>, Photos], number, string, string?];
  const same = freshPng();
  const refusals: Case[] = [
    ["no front photo", (p) => [fieldsFor(p), { back: p.back, hand: p.hand }], 400, "MISSING_PARAMETER", "front"],
    ["no back photo", (p) => [fieldsFor(p), { front: p.front, hand: p.hand }], 400, "MISSING_PARAMETER", "back"],
    ["no hand-held photo", (p) => [fieldsFor(p), { front: p.front, back: p.back }], 400, "MISSING_PARAMETER", "hand"],
    ["a PDF renamed to .png", (p) => [fieldsFor({ ...p, back: { data: PDF_BYTES } }), { ...p, back: { data: PDF_BYTES, name: "back.png" } }], 415, "FILE_TYPE_WRONG", "back"],
    ["an empty file", (p) => [fieldsFor(p, { front_md5: undefined }), { ...p, front: { data: Buffer.alloc(0) } }], 400, "UPLOAD_FAILED", "front"],
    ["an md5 that is not the photo's", (p) => [fieldsFor(p, { hand_md5: md5Of(freshPng()) }), p], 400, "FILE_HASH_MISMATCH", "hand"],
    ["a malformed md5", (p) => [fieldsFor(p, { front_md5: "xyz" }), p], 400, "FILE_HASH_MISMATCH", "front_md5"],
    ["the same photo as front and back", (p) => [fieldsFor({ ...p, front: { data: same }, back: { data: same } }), { ...p, front: { data: same }, back: { data: same } }], 409, "FILE_EXISTS", "back"],
    ["no country", (p) => [fieldsFor(p, { country: undefined }), p], 400, "MISSING_PARAMETER", "country"],
    ["an unknown country", (p) => [fieldsFor(p, { country: "XX" }), p], 400, "PARAMETER_ERROR", "country"],
    ["no first name", (p) => [fieldsFor(p, { first_name: "  " }), p], 400, "MISSING_PARAMETER", "first_name"],
    ["no last name", (p) => [fieldsFor(p, { last_name: undefined }), p], 400, "MISSING_PARAMETER", "last_name"],
    ["an unknown document type", (p) => [fieldsFor(p, { cert_type: "library_card" }), p], 400, "PARAMETER_ERROR", "cert_type"],
    ["no document type", (p) => [fieldsFor(p, { cert_type: undefined }), p], 400, "MISSING_PARAMETER", "cert_type"],
    ["a document number too short", (p) => [fieldsFor(p, { cert_no: "12" }), p], 400, "CERT_NO_INVALID", "cert_no"],
    ["a document number with symbols", (p) => [fieldsFor(p, { cert_no: "AB#12345" }), p], 400, "CERT_NO_INVALID", "cert_no"],
    ["no document number", (p) => [fieldsFor(p, { cert_no: "" }), p], 400, "MISSING_PARAMETER", "cert_no"],
  ];
  it.each(refusals)("refuses %s and records nothing", async (_what, build, status, code, field) => {
    const user = await server.newUser();
    const [fields, photos] = build(threePhotos());
    const res = await realName(server, user.token, fields, photos);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.code).toBe(code);
    if (field) expect(res.body.fields?.[field]).toBeDefined();
    expect(await submissionsOf(server, user.id)).toBe(0);
    expect(await imagesOf(server, user.id)).toBe(0);
    expect(await reviewStatusOf(server, user.token)).toBe(0);
  });

  it("refuses a JSON body (photos need multipart) and a visitor", async () => {
    const user = await server.newUser();
    const json = await server.call("POST", "user/real_name", { country: "ES", first_name: "A", last_name: "B", cert_type: "passport", cert_no: newNumber() }, { token: user.token });
    expect(json.body.code).toBe("UPLOAD_FAILED");
    const photos = threePhotos();
    const visitor = await realName(server, undefined, fieldsFor(photos), photos);
    expect(visitor.status).toBe(401);
    expect(visitor.body.type).toBe(999);
    expect(await submissionsOf(server, user.id)).toBe(0);
  });

  it("accepts three photos of a few megabytes each (real phone photos)", async () => {
    const user = await server.newUser();
    const big = () => ({ data: Buffer.concat([freshPng(), randomBytes(2 * 1024 * 1024)]) });
    const photos = { front: big(), back: big(), hand: big() };
    const res = await realName(server, user.token, fieldsFor(photos), photos);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const own = await server.call<{ data: string }>("GET", "user/kyc_photo", { side: "back" }, { token: user.token });
    expect(Buffer.from(own.body.message.data, "base64").equals(photos.back.data)).toBe(true);
  });

  it("refuses a photo over the size limit", async () => {
    const small = await createTestServer({ UPLOAD_MAX_BYTES: 1024 });
    try {
      const user = await small.newUser();
      const photos = threePhotos();
      const big = Buffer.concat([freshPng(), Buffer.alloc(4096)]);
      photos.hand = { data: big };
      const res = await realName(small, user.token, fieldsFor(photos), photos);
      expect(res.status).toBe(413);
      expect(res.body.code).toBe("FILE_TOO_LARGE");
      expect(await submissionsOf(small, user.id)).toBe(0);
    } finally {
      await small.close();
    }
  });

  it("refuses a photo another user already submitted (FILE_EXISTS), whatever became of that submission", async () => {
    const first = await server.newUser();
    const { photos } = await submit(server, first.token);
    await reject(first.id, "Blurry");
    const second = await server.newUser();
    const mine = threePhotos();
    const res = await realName(server, second.token, fieldsFor({ ...mine, hand: photos.hand }), { ...mine, hand: photos.hand });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "FILE_EXISTS", message: "文件已存在", fields: { hand: "文件已存在" } });
    expect(await submissionsOf(server, second.id)).toBe(0);
    expect(await imagesOf(server, second.id)).toBe(0);
  });

  it("refuses a second submission while one is pending, and after passing (ALREADY_APPLIED)", async () => {
    const user = await server.newUser();
    await submit(server, user.token);
    const photos = threePhotos();
    const again = await realName(server, user.token, fieldsFor(photos), photos);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ALREADY_APPLIED");
    expect((await approve(user.id)).status).toBe(200);
    const afterPass = await realName(server, user.token, fieldsFor(photos), photos);
    expect(afterPass.body.code).toBe("ALREADY_APPLIED");
    expect(await submissionsOf(server, user.id)).toBe(1);
    expect(await reviewStatusOf(server, user.token)).toBe(2);
  });

  it("allows a new submission after a rejection, reusing the user's own photos", async () => {
    const user = await server.newUser();
    const { photos, fields } = await submit(server, user.token, { first_name: "Anna" });
    expect((await reject(user.id, "The name does not match the document")).status).toBe(200);
    expect(await infoOf(user.token)).toMatchObject({ review_status: 3, first_name: "Anna", reason: "The name does not match the document" });
    const res = await realName(server, user.token, { ...fields, first_name: "Ana" }, photos);
    expect(res.status).toBe(200);
    expect(await infoOf(user.token)).toMatchObject({ review_status: 1, first_name: "Ana", reason: null, reviewed_at: null });
    expect(await submissionsOf(server, user.id)).toBe(2);
    // The same bytes are one stored image.
    expect(await imagesOf(server, user.id)).toBe(3);
  });

  it("refuses a document number another user already verified (ID_NUMBER_VERIFIED), however it is written", async () => {
    const first = await server.newUser();
    const number = newNumber();
    await submit(server, first.token, { cert_no: number });
    expect((await approve(first.id)).status).toBe(200);
    const second = await server.newUser();
    const photos = threePhotos();
    const written = `${number.slice(0, 3).toLowerCase()} ${number.slice(3)}`;
    const res = await realName(server, second.token, fieldsFor(photos, { cert_no: written }), photos);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "ID_NUMBER_VERIFIED", message: "证件号码已认证", fields: { cert_no: "证件号码已认证" } });
    expect(await submissionsOf(server, second.id)).toBe(0);
    // Another document type with the same number is another document.
    await submit(server, second.token, { cert_no: number, cert_type: "driver_license" }, photos);
  });
});

describe("back office: the verification queue", () => {
  it("lists pending verifications oldest first, to reviewers and admins only", async () => {
    const a = await server.newUser();
    const b = await server.newUser();
    await submit(server, a.token, { first_name: "First" });
    await submit(server, b.token, { first_name: "Second" });
    const queue = await server.call<{ list: { user_id: number; account: string; first_name: string; status: string; cert_no: string }[]; total: number }>(
      "GET",
      "backoffice/kyc",
      { status: "pending", limit: 100 },
      { token: reviewer.token },
    );
    expect(queue.status).toBe(200);
    const ids = queue.body.message.list.map((s) => s.user_id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    const item = queue.body.message.list.find((s) => s.user_id === a.id)!;
    expect(item).toMatchObject({ account: a.account, first_name: "First", status: "pending" });
    expect(item.cert_no).toMatch(/^P[0-9A-F]{10}$/);
    const byUser = await server.call<{ total: number }>("GET", "backoffice/kyc", { user_id: b.id }, { token: reviewer.token });
    expect(byUser.body.message.total).toBe(1);
    expect((await server.call("GET", "backoffice/kyc", {}, { token: support.token })).body.code).toBe("UNAUTHORIZED_OPERATION");
    expect((await server.call("GET", "backoffice/kyc", {}, { token: a.token })).status).toBe(401);
  });

  it("shows the photos to reviewers, never to support, users or visitors", async () => {
    const user = await server.newUser();
    const { photos } = await submit(server, user.token);
    const [{ id }] = (await server.call<{ list: { id: number }[] }>("GET", "backoffice/kyc", { user_id: user.id }, { token: reviewer.token })).body.message.list;
    for (const side of ["front", "back", "hand"] as const) {
      const res = await server.call<{ content_type: string; data: string }>("GET", "backoffice/kyc/photo", { id, side }, { token: reviewer.token });
      expect(Buffer.from(res.body.message.data, "base64").equals(photos[side].data)).toBe(true);
    }
    expect((await server.call("GET", "backoffice/kyc/photo", { id, side: "front" }, { token: support.token })).status).toBe(403);
    expect((await server.call("GET", "backoffice/kyc/photo", { id, side: "front" }, { token: user.token })).status).toBe(401);
    expect((await server.call("GET", "backoffice/kyc/photo", { id, side: "front" })).status).toBe(401);
    expect((await server.call("GET", "backoffice/kyc/photo", { id: 999_999, side: "front" }, { token: reviewer.token })).body.code).toBe("DATA_NOT_FOUND");
  });

  it("approves: review_status 2, audited with the operator's name, and the user gets a message", async () => {
    const user = await server.newUser();
    await submit(server, user.token);
    const res = await approve(user.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual({ user_id: user.id, review_status: 2 });
    expect(await reviewStatusOf(server, user.token)).toBe(2);
    expect(await infoOf(user.token)).toMatchObject({ review_status: 2, reviewed_at: toSeconds(server.clock.now()) });
    const [line] = await server.database.query<{ actor_kind: string; detail: { operator: string } }>(
      "SELECT actor_kind, detail FROM audit_log WHERE action = 'kyc.approve' AND target_id = $1",
      [String(user.id)],
    );
    expect(line).toMatchObject({ actor_kind: "operator", detail: { operator: reviewer.name } });
    const messages = await server.database.query<{ title: string }>("SELECT title FROM user_messages WHERE user_id = $1", [user.id]);
    // In the user's language (English here, or the wire key until the catalogues are translated).
    expect(messages).toHaveLength(1);
    expect([notifications.KYC_PASSED_TITLE.en, notifications.KYC_PASSED_TITLE.key]).toContain(messages[0].title);
    const queue = await server.call<{ list: { status: string; reviewed_by: string }[] }>("GET", "backoffice/kyc", { user_id: user.id }, { token: reviewer.token });
    expect(queue.body.message.list[0]).toMatchObject({ status: "passed", reviewed_by: reviewer.name });
  });

  it("rejects with a reason the user sees (and gets in a message); a reason is required", async () => {
    const user = await server.newUser();
    await submit(server, user.token);
    expect((await reject(user.id, undefined)).body.code).toBe("MISSING_PARAMETER");
    expect((await reject(user.id, "   ")).body.code).toBe("MISSING_PARAMETER");
    expect(await reviewStatusOf(server, user.token)).toBe(1);
    const res = await reject(user.id, "The photo is blurry");
    expect(res.body.message).toEqual({ user_id: user.id, review_status: 3 });
    expect(await infoOf(user.token)).toMatchObject({ review_status: 3, reason: "The photo is blurry" });
    const messages = await server.database.query<{ title: string; body: string }>("SELECT title, body FROM user_messages WHERE user_id = $1", [user.id]);
    expect(messages).toHaveLength(1);
    expect(messages[0].body).toContain("The photo is blurry");
    const audit = await server.database.query<{ detail: { reason: string } }>("SELECT detail FROM audit_log WHERE action = 'kyc.reject' AND target_id = $1", [String(user.id)]);
    expect(audit[0].detail.reason).toBe("The photo is blurry");
  });

  it("pushes each decision to the user's sockets once committed (the screens revalidate without a reload)", async () => {
    const passed = await server.newUser();
    await submit(server, passed.token);
    const socket = await openUserSocket(server, passed.token);
    socket.send({ op: "subscribe", channel: "kyc" });
    await socket.next((m) => m.op === "subscribed");
    expect((await approve(passed.id)).status).toBe(200);
    expect((await socket.next((m) => m.channel === "kyc")).data).toEqual({ review_status: 2 });
    socket.close();
    const refused = await server.newUser();
    await submit(server, refused.token);
    const other = await openUserSocket(server, refused.token);
    other.send({ op: "subscribe", channel: "kyc" });
    await other.next((m) => m.op === "subscribed");
    await reject(refused.id, "The photo is blurry");
    expect((await other.next((m) => m.channel === "kyc")).data).toEqual({ review_status: 3 });
    other.close();
  });

  it("decides once: a second decision, one without a submission or for nobody is refused and changes nothing", async () => {
    const user = await server.newUser();
    await submit(server, user.token);
    expect((await approve(user.id)).status).toBe(200);
    expect((await approve(user.id)).body.code).toBe("STATUS_ABNORMAL");
    expect((await reject(user.id, "late")).body.code).toBe("STATUS_ABNORMAL");
    expect(await reviewStatusOf(server, user.token)).toBe(2);
    const none = await server.newUser();
    expect((await approve(none.id)).body.code).toBe("DATA_NOT_FOUND");
    expect((await approve(9_999_999)).body.code).toBe("USER_NOT_FOUND");
    expect((await approve(user.id, support.token)).body.code).toBe("UNAUTHORIZED_OPERATION");
    expect((await server.call("POST", "backoffice/kyc/approve", { user_id: -5 }, { token: reviewer.token })).body.code).toBe("PARAMETER_ERROR");
  });

  it("refuses to approve a document number another user verified meanwhile; the submission stays pending", async () => {
    const a = await server.newUser();
    const b = await server.newUser();
    const number = newNumber();
    await submit(server, a.token, { cert_no: number });
    await submit(server, b.token, { cert_no: number });
    const queue = await server.call<{ list: { id_number_taken: boolean }[] }>("GET", "backoffice/kyc", { user_id: b.id }, { token: reviewer.token });
    expect(queue.body.message.list[0].id_number_taken).toBe(false);
    expect((await approve(a.id)).status).toBe(200);
    const flagged = await server.call<{ list: { id_number_taken: boolean }[] }>("GET", "backoffice/kyc", { user_id: b.id }, { token: reviewer.token });
    expect(flagged.body.message.list[0].id_number_taken).toBe(true);
    const res = await approve(b.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("ID_NUMBER_VERIFIED");
    expect(await reviewStatusOf(server, b.token)).toBe(1);
    expect((await reject(b.id, "This document is already verified on another account")).status).toBe(200);
  });

  it("settles races: parallel approvals of one user, and of two users with one number, pass once", async () => {
    const user = await server.newUser();
    await submit(server, user.token);
    const other = await server.newOperator("admin");
    const both = await Promise.all([approve(user.id), approve(user.id, other.token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);

    const a = await server.newUser();
    const b = await server.newUser();
    const number = newNumber();
    await submit(server, a.token, { cert_no: number });
    await submit(server, b.token, { cert_no: number });
    const pair = await Promise.all([approve(a.id), approve(b.id, other.token)]);
    expect(pair.map((r) => r.body.code ?? "ok").sort()).toEqual(["ID_NUMBER_VERIFIED", "ok"]);
    const passed = await server.database.query<{ n: string }>("SELECT count(*) AS n FROM kyc_submissions WHERE cert_no = $1 AND status = 'passed'", [number]);
    expect(Number(passed[0].n)).toBe(1);
  });

  it("settles a double submission: one is recorded, the other is ALREADY_APPLIED", async () => {
    const user = await server.newUser();
    const one = threePhotos();
    const two = threePhotos();
    const answers = await Promise.all([realName(server, user.token, fieldsFor(one), one), realName(server, user.token, fieldsFor(two), two)]);
    expect(answers.map((r) => r.body.code ?? "ok").sort()).toEqual(["ALREADY_APPLIED", "ok"]);
    expect(await submissionsOf(server, user.id)).toBe(1);
  });
});

