/**
 * Web Push, end to end against a push service of our own: a local https server with a certificate made here,
 * trusted through NODE_EXTRA_CA_CERTS and allowed through PUSH_ENDPOINT_HOSTS. The test holds the subscription's
 * keys (a P-256 pair and an auth secret, as a browser makes them), so it decrypts what the server sends per
 * RFC 8291 (aes128gcm) itself and checks the VAPID token per RFC 8292.
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications, PUSH_SCREENS } from "../../contract";
import { createTestServer, type TestServer } from "../testing/harness";
import { credit, depositRequest, freshPng, md5Of, openDeposits } from "../testing/money";
import { leadTheFeed, tick } from "../testing/ticks";
import { allowedOrigins, endpointAllowed } from "./push.service";

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let server: TestServer;
let pushService: https.Server;
let origin: string;
let caDir: string;
const received: Received[] = [];
/** The push service's answer per path (201 by default). */
const answers = new Map<string, number>();

beforeAll(async () => {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
    ],
  });
  pushService = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(req.url ?? "") ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  caDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-push-ca-"));
  fs.writeFileSync(path.join(caDir, "ca.pem"), pems.cert);
  server = await createTestServer({ PUSH_ENDPOINT_HOSTS: origin, NODE_EXTRA_CA_CERTS: path.join(caDir, "ca.pem") });
});

afterAll(async () => {
  await server?.close();
  pushService?.close();
  fs.rmSync(caDir, { recursive: true, force: true });
});

/** A browser's side of a subscription: its key pair and auth secret, and the JSON it hands the page. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
}

/** RFC 8291 + RFC 8188 (aes128gcm), from the receiving side: what the browser does with the push service's body. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): unknown {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const shared = keys.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return JSON.parse(padded.subarray(0, end).toString("utf8"));
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's signature is checked with that key. */
function vapidClaims(authorization: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = authorization.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  expect(match, authorization).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, payload, signature] = jwt.split(".");
  expect(JSON.parse(Buffer.from(header, "base64url").toString())).toMatchObject({ alg: "ES256", typ: "JWT" });
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") }, format: "jwk" });
  expect(verify("sha256", Buffer.from(`${header}.${payload}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"))).toBe(true);
  return JSON.parse(Buffer.from(payload, "base64url").toString());
}

async function subscribe(token: string, endpointPath: string, keys = browserKeys()) {
  const endpoint = `${origin}${endpointPath}`;
  const res = await server.call<{ id: number }>("POST", "push/subscribe", { endpoint, keys: keys.json, expirationTime: null }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { endpoint, keys, id: res.body.message.id };
}

const stored = async (userId: number) => Number((await server.database.query<{ n: string }>("SELECT count(*) AS n FROM push_subscriptions WHERE user_id = $1", [userId]))[0].n);

/** Waits for the queue, then the requests that reached one endpoint path. */
async function deliveredTo(endpointPath: string, atLeast = 1): Promise<Received[]> {
  await vi.waitFor(
    async () => {
      await server.push.service.idle();
      expect(received.filter((r) => r.path === endpointPath).length).toBeGreaterThanOrEqual(atLeast);
    },
    { timeout: 8_000, interval: 50 },
  );
  return received.filter((r) => r.path === endpointPath);
}

describe("push/key", () => {
  it("is the VAPID public key, an uncompressed P-256 point", async () => {
    const user = await server.newUser();
    const res = await server.call<{ public_key: string }>("GET", "push/key", {}, { token: user.token });
    const point = Buffer.from(res.body.message.public_key, "base64url");
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    expect((await server.call("GET", "push/key")).status).toBe(401);
  });
});

describe("delivery", () => {
  it("encrypts a support reply for the device (aes128gcm), signs it (VAPID) and writes it in the user's language", async () => {
    const user = await server.newUser();
    await server.database.query("UPDATE users SET lang = 'es' WHERE id = $1", [user.id]);
    const device = await subscribe(user.token, "/device/support");
    const operator = await server.newOperator("support");
    const reply = await server.call<{ id: number }>("POST", "backoffice/support/reply", { user_id: user.id, text: "Your code is 123456" }, { token: operator.token });
    expect(reply.status).toBe(200);

    const [push] = await deliveredTo("/device/support");
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const publicKey = (await server.call<{ public_key: string }>("GET", "push/key", {}, { token: user.token })).body.message.public_key;
    const claims = vapidClaims(String(push.headers.authorization), publicKey);
    expect(claims.aud).toBe(origin);
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);

    const payload = decrypt(push.body, device.keys);
    expect(payload).toEqual({
      kind: "support",
      title: server.ctx.translator.t("es", notifications.SUPPORT_REPLY_TITLE.key),
      body: server.ctx.translator.t("es", notifications.SUPPORT_REPLY_BODY.key),
      url: PUSH_SCREENS.support,
      id: reply.body.message.id,
    });
    // Spanish, not the English source; and what the agent wrote stays in the conversation.
    expect((payload as { title: string }).title).not.toBe(notifications.SUPPORT_REPLY_TITLE.en);
    expect(JSON.stringify(payload)).not.toContain("123456");
  });

  it("pushes a committed decision (a deposit credited) without the anti-phishing code, and honours the user's kinds", async () => {
    await openDeposits(server);
    const user = await server.newUser();
    await server.database.query("UPDATE users SET anti_phishing_code = 'SECRETCODE1' WHERE id = $1", [user.id]);
    const device = await subscribe(user.token, "/device/deposit");
    const reviewer = await server.newOperator("reviewer");
    const png = freshPng();
    const first = await depositRequest(server, user.token, { currency: "USDT", network: "TRC20", amount: "25", md5: md5Of(png) }, { data: png });
    expect((await server.call("POST", "backoffice/deposits/approve", { id: first.body.message.id }, { token: reviewer.token })).status).toBe(200);
    const [push] = await deliveredTo("/device/deposit");
    const payload = decrypt(push.body, device.keys) as Record<string, unknown>;
    expect(payload).toMatchObject({ kind: "deposit", title: "Deposit credited", url: PUSH_SCREENS.deposits, id: first.body.message.id });
    expect(String(payload.body)).toContain("25.00 USDT");
    expect(JSON.stringify(payload)).not.toContain("SECRETCODE1");

    // Deposits switched off: the next decision is a notice only.
    const saved = await server.call<{ kinds: Record<string, boolean> }>("POST", "push/settings", { kinds: { deposit: false } }, { token: user.token });
    expect(saved.body.message.kinds).toMatchObject({ deposit: false, fill: true, support: true });
    expect((await server.call("GET", "push/settings", {}, { token: user.token })).body.message).toEqual(saved.body.message);
    const png2 = freshPng();
    const second = await depositRequest(server, user.token, { currency: "USDT", network: "TRC20", amount: "26", md5: md5Of(png2) }, { data: png2 });
    await server.call("POST", "backoffice/deposits/approve", { id: second.body.message.id }, { token: reviewer.token });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.push.service.idle();
    expect(received.filter((r) => r.path === "/device/deposit")).toHaveLength(1);
  });

  it.each([404, 410])("drops a subscription the push service answers %i for", async (status) => {
    const user = await server.newUser();
    answers.set(`/device/gone-${status}`, status);
    await subscribe(user.token, `/device/gone-${status}`);
    const kept = await subscribe(user.token, `/device/kept-${status}`);
    expect(await stored(user.id)).toBe(2);
    server.push.service.send(user.id, { kind: "fill", title: "t", body: "b", url: PUSH_SCREENS.spotOrders });
    await deliveredTo(`/device/gone-${status}`);
    await server.push.service.idle();
    const rows = await server.database.query<{ endpoint: string }>("SELECT endpoint FROM push_subscriptions WHERE user_id = $1", [user.id]);
    expect(rows.map((r) => r.endpoint)).toEqual([kept.endpoint]);
  });

  it("keeps a subscription through other failures (a 500 is the push service's trouble)", async () => {
    const user = await server.newUser();
    answers.set("/device/flaky", 500);
    await subscribe(user.token, "/device/flaky");
    server.push.service.send(user.id, { kind: "fill", title: "t", body: "b", url: PUSH_SCREENS.spotOrders });
    await deliveredTo("/device/flaky");
    expect(await stored(user.id)).toBe(1);
  });
});

describe("trading", () => {
  it("pushes a limit order's fill from the trigger runner, never the market order the user just placed", async () => {
    await leadTheFeed(server);
    await tick(server, { "BTC/USDT": "60000" });
    const user = await server.newUser();
    await credit(server, user.id, "2000");
    const device = await subscribe(user.token, "/device/trader");
    const trade = (input: Record<string, unknown>) => server.call<{ id: number }>("POST", "coin/trade", { symbol: "BTC/USDT", side: "buy", quantity: "0.01", ...input }, { token: user.token });
    expect((await trade({ type: "market" })).status).toBe(200);
    const limit = await trade({ type: "limit", price: "59000" });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    await tick(server, { "BTC/USDT": "58980" });
    const [push] = await deliveredTo("/device/trader");
    expect(decrypt(push.body, device.keys)).toMatchObject({ kind: "fill", title: "Spot buy order filled", url: PUSH_SCREENS.spotOrders, id: limit.body.message.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.push.service.idle();
    expect(received.filter((r) => r.path === "/device/trader")).toHaveLength(1);
  });

  it("pushes a batch of closes (one tick, several users' stop-losses) to the devices of those who have one, each once", async () => {
    await leadTheFeed(server);
    await tick(server, { "BTC/USDT": "60000" });
    const users = await Promise.all(Array.from({ length: 3 }, () => server.newUser()));
    for (const u of users) {
      await credit(server, u.id, "2000");
      const res = await server.call("POST", "lever/submit", { symbol: "BTC/USDT", direction: "long", type: "market", quantity: "0.01", leverage: 10, sl_price: "59500" }, { token: u.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const device = await subscribe(users[1].token, "/device/batch");
    await tick(server, { "BTC/USDT": "59000" });
    await server.engines.triggers.drain();
    const [push] = await deliveredTo("/device/batch");
    expect(decrypt(push.body, device.keys)).toMatchObject({ kind: "close", url: PUSH_SCREENS.positions });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.push.service.idle();
    expect(received.filter((r) => r.path === "/device/batch")).toHaveLength(1);
  });
});

describe("price alerts", () => {
  it("pushes a firing as kind alert in the user's language with its tick, and its own switch turns it off", async () => {
    await leadTheFeed(server);
    await tick(server, { "BTC/USDT": "60000" });
    const user = await server.newUser();
    await server.database.query("UPDATE users SET lang = 'zh' WHERE id = $1", [user.id]);
    const device = await subscribe(user.token, "/device/alert");
    const added = await server.call<{ id: number }>("POST", "alert/add", { symbol: "BTC/USDT", kind: "above", price: "60100" }, { token: user.token });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await tick(server, { "BTC/USDT": "60150" });
    const [push] = await deliveredTo("/device/alert");
    const payload = decrypt(push.body, device.keys) as Record<string, unknown>;
    expect(payload).toMatchObject({ kind: "alert", title: "BTC/USDT 价格提醒", url: PUSH_SCREENS.alerts, id: added.body.message.id });
    expect(String(payload.body)).toContain("60,150.00");

    const saved = await server.call<{ kinds: Record<string, boolean> }>("POST", "push/settings", { kinds: { alert: false } }, { token: user.token });
    expect(saved.body.message.kinds).toMatchObject({ alert: false, fill: true });
    await server.call("POST", "alert/add", { symbol: "BTC/USDT", kind: "below", price: "59000" }, { token: user.token });
    await tick(server, { "BTC/USDT": "58000" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.push.service.idle();
    expect(received.filter((r) => r.path === "/device/alert")).toHaveLength(1);
    await tick(server, { "BTC/USDT": "60000" });
  });
});

describe("refusals", () => {
  const good = browserKeys().json;
  const cases: Array<[string, () => Record<string, unknown>, string]> = [
    ["an http endpoint", () => ({ endpoint: origin.replace("https:", "http:") + "/x", keys: good }), "PUSH_ENDPOINT_REFUSED"],
    ["another host", () => ({ endpoint: "https://push.example.com/x", keys: good }), "PUSH_ENDPOINT_REFUSED"],
    ["another port of the allowed host", () => ({ endpoint: "https://127.0.0.1:1/x", keys: good }), "PUSH_ENDPOINT_REFUSED"],
    ["credentials in the endpoint", () => ({ endpoint: origin.replace("https://", "https://a:b@") + "/x", keys: good }), "PUSH_ENDPOINT_REFUSED"],
    ["not a URL", () => ({ endpoint: "nonsense", keys: good }), "PUSH_ENDPOINT_REFUSED"],
    ["a short public key", () => ({ endpoint: `${origin}/x`, keys: { ...good, p256dh: good.p256dh.slice(0, 40) } }), "PUSH_KEYS_INVALID"],
    ["a point off the curve", () => ({ endpoint: `${origin}/x`, keys: { ...good, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url") } }), "PUSH_KEYS_INVALID"],
    ["a short auth secret", () => ({ endpoint: `${origin}/x`, keys: { ...good, auth: randomBytes(8).toString("base64url") } }), "PUSH_KEYS_INVALID"],
    ["keys that are not base64url", () => ({ endpoint: `${origin}/x`, keys: { p256dh: "not base64!", auth: good.auth } }), "PUSH_KEYS_INVALID"],
    ["no keys", () => ({ endpoint: `${origin}/x` }), "MISSING_PARAMETER"],
  ];
  it.each(cases)("refuses %s with a 4xx and stores nothing", async (_what, input, code) => {
    const user = await server.newUser();
    const res = await server.call("POST", "push/subscribe", input(), { token: user.token });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(code);
    expect(await stored(user.id)).toBe(0);
  });

  it("refuses an unknown kind in the settings", async () => {
    const user = await server.newUser();
    const res = await server.call("POST", "push/settings", { kinds: { news: true } }, { token: user.token });
    // Unknown keys are dropped by the contract: the answer is every real kind, unchanged.
    expect(res.status).toBe(200);
    expect(Object.keys((res.body.message as { kinds: object }).kinds).sort()).toEqual(["alert", "close", "deposit", "fill", "kyc", "loan", "margin_warning", "option_result", "support", "withdrawal"]);
    expect((await server.call("POST", "push/settings", { kinds: { fill: "yes" } }, { token: user.token })).status).toBe(400);
  });

  it("knows the major browsers' push services by default, and matches wildcards on whole labels", () => {
    const defaults = allowedOrigins(undefined);
    expect(endpointAllowed("https://fcm.googleapis.com/fcm/send/abc", defaults)).toBe(true);
    expect(endpointAllowed("https://updates.push.services.mozilla.com/wpush/v2/abc", defaults)).toBe(true);
    expect(endpointAllowed("https://web.push.apple.com/abc", defaults)).toBe(true);
    expect(endpointAllowed("https://wns2-par02p.notify.windows.com/w/?token=abc", defaults)).toBe(true);
    expect(endpointAllowed("https://fcm.googleapis.com.evil.example/abc", defaults)).toBe(false);
    expect(endpointAllowed("https://evilnotify.windows.com/abc", defaults)).toBe(false);
    expect(endpointAllowed("http://fcm.googleapis.com/abc", defaults)).toBe(false);
    expect(endpointAllowed("https://fcm.googleapis.com:8443/abc", defaults)).toBe(false);
  });
});

describe("ownership", () => {
  it("logout removes the session's subscriptions, and only that session's", async () => {
    const user = await server.newUser();
    const other = await server.call<{ token: string }>("POST", "user/login", { account: user.account, password: user.password });
    await subscribe(user.token, "/device/phone");
    const laptop = await subscribe(other.body.message.token, "/device/laptop");
    expect(await stored(user.id)).toBe(2);
    expect((await server.call("POST", "user/logout", {}, { token: user.token })).status).toBe(200);
    const rows = await server.database.query<{ endpoint: string }>("SELECT endpoint FROM push_subscriptions WHERE user_id = $1", [user.id]);
    expect(rows.map((r) => r.endpoint)).toEqual([laptop.endpoint]);
  });

  it("ending the other sessions (security centre) drops their devices", async () => {
    const user = await server.newUser();
    const other = await server.call<{ token: string }>("POST", "user/login", { account: user.account, password: user.password });
    const mine = await subscribe(user.token, "/device/mine");
    await subscribe(other.body.message.token, "/device/theirs");
    const ended = await server.call("POST", "safe/sessions/end_others", {}, { token: user.token });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const rows = await server.database.query<{ endpoint: string }>("SELECT endpoint FROM push_subscriptions WHERE user_id = $1", [user.id]);
    expect(rows.map((r) => r.endpoint)).toEqual([mine.endpoint]);
  });

  it("a login password change drops every device of the account once it commits; a refused change drops none", async () => {
    const user = await server.newUser();
    await server.call("POST", "user/login", { account: user.account, password: user.password });
    // A device on each of the two sessions (written as push/subscribe writes them: its rate limit is the file's to spend).
    await server.database.query(
      "INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth) SELECT user_id, id, $2 || id, 'key', 'secret' FROM sessions WHERE user_id = $1",
      [user.id, `${origin}/device/changed-`],
    );
    expect(await stored(user.id)).toBe(2);
    const wrong = await server.call("POST", "safe/update_password", { type: "login", old_password: "not-mine-1", password: "another123", re_password: "another123" }, { token: user.token });
    expect(wrong.status).toBe(400);
    expect(await stored(user.id)).toBe(2);
    const changed = await server.call("POST", "safe/update_password", { type: "login", old_password: user.password, password: "another123", re_password: "another123" }, { token: user.token });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await stored(user.id)).toBe(0);
  });

  it("a session that ran out gets nothing and loses its subscription; the overview counts live devices only", async () => {
    const operator = await server.newOperator("admin");
    const count = async () => (await server.call<{ counts: { push_devices: number } }>("GET", "backoffice/overview", {}, { token: operator.token })).body.message.counts.push_devices;
    const before = await count();
    const user = await server.newUser();
    await subscribe(user.token, "/device/expired");
    expect(await count()).toBe(before + 1);
    await server.database.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [user.id]);
    expect(await count()).toBe(before);
    server.push.service.send(user.id, { kind: "fill", title: "t", body: "b", url: PUSH_SCREENS.spotOrders });
    await server.push.service.idle();
    expect(received.filter((r) => r.path === "/device/expired")).toHaveLength(0);
    expect(await stored(user.id)).toBe(0);
  });

  it("never moves another account's subscription: refused while its session lives, free once it has ended", async () => {
    const first = await server.newUser();
    const second = await server.newUser();
    const a = await subscribe(first.token, "/device/shared");
    // The same account again (a new key) updates its own row.
    expect((await subscribe(first.token, "/device/shared")).id).toBe(a.id);
    const taken = await server.call("POST", "push/subscribe", { endpoint: a.endpoint, keys: browserKeys().json, expirationTime: null }, { token: second.token });
    expect([taken.status, taken.body.code, taken.body.fields]).toEqual([409, "PUSH_ENDPOINT_TAKEN", { endpoint: "此设备正在接收另一个账户的通知，请先在该设备上退出那个账户" }]);
    const [row] = await server.database.query<{ user_id: number }>("SELECT user_id FROM push_subscriptions WHERE id = $1", [a.id]);
    expect(Number(row.user_id)).toBe(first.id);
    // Unsubscribing another account's endpoint removes nothing either.
    await server.call("POST", "push/unsubscribe", { endpoint: a.endpoint }, { token: second.token });
    expect(await stored(first.id)).toBe(1);
    // The first account logs out on the device: the device is the second's to subscribe.
    await server.call("POST", "user/logout", {}, { token: first.token });
    expect((await subscribe(second.token, "/device/shared")).id).toBeGreaterThan(0);
    expect(await stored(first.id)).toBe(0);
    expect(await stored(second.id)).toBe(1);
  });
});
