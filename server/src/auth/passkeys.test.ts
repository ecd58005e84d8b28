import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";
import { TRC20_ADDRESS } from "../testing/money";

const ORIGIN = "https://trade.example";
const RP_ID = "trade.example";

/**
 * A software authenticator, as WebAuthn Level 2 describes one: a P-256 key per credential, authenticator data
 * (rpIdHash, flags, counter, attested credential data on creation), attestation `none` in CBOR, and assertions
 * signed over authenticatorData || SHA-256(clientDataJSON).
 */
class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  counter = 0;
  private keys = generateKeyPairSync("ec", { namedCurve: "P-256" });

  get id(): string {
    return this.credentialId.toString("base64url");
  }

  private authData(flags: number, counter: number, attested?: Buffer, rpId = RP_ID): Buffer {
    const head = Buffer.alloc(37);
    createHash("sha256").update(rpId).digest().copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    // kty EC2 (1: 2), alg ES256 (3: -7), crv P-256 (-1: 1), x (-2), y (-3)
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    return isoCBOR.encode(key);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create with attestation `none`. */
  create(options: { challenge: string }, origin = ORIGIN) {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, Buffer.from(this.cosePublicKey())]);
    // UP (0x01) + UV (0x04) + AT (0x40)
    const authData = this.authData(0x45, this.counter, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge, origin).toString("base64url"),
        attestationObject: Buffer.from(attestationObject).toString("base64url"),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get: the counter moves on unless told which to send; another key signs when given. */
  get(options: { challenge: string }, change: { origin?: string; counter?: number; key?: KeyObject; rpId?: string } = {}) {
    if (change.counter === undefined) this.counter += 1;
    const clientData = this.clientData("webauthn.get", options.challenge, change.origin ?? ORIGIN);
    // UP + UV
    const authData = this.authData(0x05, change.counter ?? this.counter, undefined, change.rpId);
    const signature = sign("sha256", Buffer.concat([authData, createHash("sha256").update(clientData).digest()]), change.key ?? this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData.toString("base64url"),
        authenticatorData: authData.toString("base64url"),
        signature: signature.toString("base64url"),
      },
    };
  }
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ PUBLIC_ORIGIN: ORIGIN });
});
afterAll(async () => {
  await server?.close();
});

type User = Awaited<ReturnType<TestServer["newUser"]>>;

/** Adds a passkey for the user (step-up with the login password) and returns its authenticator. */
async function addPasskey(user: User, name = "My phone"): Promise<{ device: SoftAuthenticator; id: number }> {
  const device = new SoftAuthenticator();
  const options = await server.call<{ challenge: string }>("POST", "passkey/register/options", { step_up: user.password }, { token: user.token });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const added = await server.call<{ id: number; name: string }>("POST", "passkey/register", { response: device.create(options.body.message), name }, { token: user.token });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { device, id: added.body.message.id };
}

const loginOptions = async (payload: Record<string, unknown> = {}, token?: string) =>
  (await server.call<{ challenge: string; rpId: string; allowCredentials: { id: string }[]; userVerification: string }>("POST", "passkey/login/options", payload, { token })).body.message;

const passkeyLogin = (response: unknown) => server.call<{ token: string; user: { id: number } }>("POST", "passkey/login", { response });

const counterOf = async (id: number) => (await server.database.query<{ counter: string }>("SELECT counter FROM passkeys WHERE id = $1", [id]))[0].counter;

describe("passkeys", () => {
  it("registers with attestation none, lists it without the key, and signs in like a password does", async () => {
    const user = await server.newUser();
    const options = await server.call<{ rp: { id: string }; pubKeyCredParams: { alg: number }[]; excludeCredentials: unknown[]; challenge: string; user: { name: string } }>("POST", "passkey/register/options", { step_up: user.password }, { token: user.token });
    expect(options.body.message.rp.id).toBe(RP_ID);
    expect(options.body.message.pubKeyCredParams.map((p) => p.alg)).toContain(-7);
    expect(options.body.message.excludeCredentials).toEqual([]);
    const device = new SoftAuthenticator();
    const added = await server.call<{ id: number; name: string; created_at: number }>("POST", "passkey/register", { response: device.create(options.body.message), name: " Laptop " }, { token: user.token });
    expect(added.body.message).toMatchObject({ name: "Laptop", created_at: Math.floor(server.clock.now().getTime() / 1000) });
    const listed = await server.call<{ list: Record<string, unknown>[] }>("GET", "passkey/list", {}, { token: user.token });
    expect(listed.body.message.list).toEqual([{ id: added.body.message.id, name: "Laptop", created_at: added.body.message.created_at, last_used_at: null }]);
    // A second registration excludes the first passkey.
    const again = await server.call<{ excludeCredentials: { id: string }[] }>("POST", "passkey/register/options", { step_up: user.password }, { token: user.token });
    expect(again.body.message.excludeCredentials.map((c) => c.id)).toEqual([device.id]);

    // Discoverable: no account typed.
    server.clock.advance(5_000);
    const anyone = await loginOptions();
    expect(anyone).toMatchObject({ rpId: RP_ID, allowCredentials: [], userVerification: "required" });
    const signedIn = await server.call<{ token: string; user: { id: number } }>("POST", "passkey/login", { response: device.get(anyone) }, { userAgent: "Mozilla/5.0 (iPhone) Safari/604.1" });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.message.user.id).toBe(user.id);
    expect((await server.call("GET", "user/info", {}, { token: signedIn.body.message.token })).status).toBe(200);
    // The same login history and new-device notice as a password sign-in.
    const history = await server.call<{ list: { outcome: string; new_device: boolean }[] }>("POST", "safe/login_history", {}, { token: user.token });
    expect(history.body.message.list[0]).toMatchObject({ outcome: "success", new_device: true });
    const notices = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM user_messages WHERE user_id = $1", [user.id]);
    expect(notices[0].n).toBeGreaterThan(0);
    expect((await server.call<{ list: { last_used_at: number | null }[] }>("GET", "passkey/list", {}, { token: user.token })).body.message.list[0].last_used_at).toBe(Math.floor(server.clock.now().getTime() / 1000));

    // The back office counts them and never shows a key.
    const operator = await server.newOperator("support");
    const detail = await server.call<{ profile: { passkeys: number } }>("GET", "backoffice/users/detail", { user_id: user.id }, { token: operator.token });
    expect(detail.body.message.profile.passkeys).toBe(1);
    expect(JSON.stringify(detail.body)).not.toContain(device.id);

    // With the account typed: only its passkeys are offered.
    const named = await loginOptions({ account: user.account });
    expect(named.allowCredentials.map((c) => c.id)).toEqual([device.id]);
    expect((await passkeyLogin(device.get(named))).status).toBe(200);
  });

  it("asks a step-up before registering, and refuses a bad name or a foreign answer", async () => {
    const user = await server.newUser();
    expect((await server.call("POST", "passkey/register/options", {}, { token: user.token })).body.code).toBe("STEP_UP_REQUIRED");
    const options = await server.call<{ challenge: string }>("POST", "passkey/register/options", { step_up: user.password }, { token: user.token });
    const device = new SoftAuthenticator();
    const unnamed = await server.call("POST", "passkey/register", { response: device.create(options.body.message), name: "  " }, { token: user.token });
    expect([unnamed.status, unnamed.body.code, unnamed.body.fields]).toEqual([400, "PASSKEY_NAME_INVALID", { name: "通行密钥名称为1-32个字符" }]);
    // Another user cannot finish this user's registration.
    const other = await server.newUser();
    expect((await server.call("POST", "passkey/register", { response: device.create(options.body.message), name: "x" }, { token: other.token })).body.code).toBe("PASSKEY_CHALLENGE_INVALID");
    // The challenge burned by that attempt cannot be used again either.
    expect((await server.call("POST", "passkey/register", { response: device.create(options.body.message), name: "x" }, { token: user.token })).body.code).toBe("PASSKEY_CHALLENGE_INVALID");
    // Made on another origin: refused.
    const fresh = await server.call<{ challenge: string }>("POST", "passkey/register/options", { step_up: user.password }, { token: user.token });
    const phished = await server.call("POST", "passkey/register", { response: device.create(fresh.body.message, "https://trade.example.evil"), name: "x" }, { token: user.token });
    expect([phished.status, phished.body.code]).toEqual([400, "PASSKEY_INVALID"]);
    expect((await server.call<{ list: unknown[] }>("GET", "passkey/list", {}, { token: user.token })).body.message.list).toEqual([]);
    // A malformed answer is a refusal, never a fault.
    const garbage = await server.call("POST", "passkey/register", { response: { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "bm9wZQ", attestationObject: "AAAA" } }, name: "x" }, { token: user.token });
    expect([garbage.status, garbage.body.code]).toEqual([400, "PASSKEY_INVALID"]);
  });

  it("refuses a replayed challenge, a wrong key, a wrong origin or RP ID, an expired challenge and a counter going backwards", async () => {
    const user = await server.newUser();
    const { device, id } = await addPasskey(user);
    const used = await loginOptions();
    const first = device.get(used);
    expect((await passkeyLogin(first)).status).toBe(200);
    const counter = await counterOf(id);

    // Each refusal is a failed sign-in and the throttle would slow the next: the clock moves past its wait first.
    const refused = async (answer: () => Promise<unknown>) => {
      server.clock.advance(16 * 60_000);
      const res = await passkeyLogin(await answer());
      return [res.status, res.body.code];
    };
    const replay = await passkeyLogin(first);
    expect([replay.status, replay.body.code, replay.body.message]).toEqual([400, "PASSKEY_CHALLENGE_INVALID", "通行密钥请求已过期或已使用"]);
    const otherKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    expect(await refused(async () => device.get(await loginOptions(), { key: otherKey }))).toEqual([400, "PASSKEY_INVALID"]);
    expect(await refused(async () => device.get(await loginOptions(), { origin: "https://trade-example.com" }))).toEqual([400, "PASSKEY_INVALID"]);
    expect(await refused(async () => device.get(await loginOptions(), { rpId: "evil.example" }))).toEqual([400, "PASSKEY_INVALID"]);
    const late = await loginOptions();
    expect(await refused(async () => device.get(late))).toEqual([400, "PASSKEY_CHALLENGE_INVALID"]);
    expect(await refused(async () => device.get(await loginOptions(), { counter: Number(counter) - 1 }))).toEqual([400, "PASSKEY_COUNTER"]);
    expect(await refused(async () => device.get(await loginOptions(), { counter: Number(counter) }))).toEqual([400, "PASSKEY_COUNTER"]);
    // None of them moved the counter, and each was a failed sign-in in the owner's history.
    expect(await counterOf(id)).toBe(counter);
    const history = await server.call<{ list: { outcome: string }[] }>("POST", "safe/login_history", {}, { token: user.token });
    expect(history.body.message.list.slice(0, 7).map((e) => e.outcome)).toEqual(Array(7).fill("wrong_passkey"));

    // An unknown passkey, or one offered for another account.
    const stranger = new SoftAuthenticator();
    expect((await passkeyLogin(stranger.get(await loginOptions()))).body.code).toBe("PASSKEY_UNKNOWN");
    const other = await server.newUser();
    expect(await refused(async () => device.get(await loginOptions({ account: other.account })))).toEqual([400, "PASSKEY_UNKNOWN"]);
    // A form body cannot carry an answer.
    const form = await server.call("POST", "passkey/login", { response: JSON.stringify(device.get(await loginOptions())) }, { form: true });
    expect(form.status).toBe(400);
  });

  it("goes through the sign-in throttle: after 5 refusals even a good answer waits", async () => {
    const user = await server.newUser();
    const { device } = await addPasskey(user);
    for (let i = 0; i < 5; i++) expect((await passkeyLogin(device.get(await loginOptions(), { origin: "https://x.example" }))).body.code).toBe("PASSKEY_INVALID");
    expect((await passkeyLogin(device.get(await loginOptions()))).status).toBe(429);
    server.clock.advance(2_000);
    expect((await passkeyLogin(device.get(await loginOptions()))).status).toBe(200);
  });

  it("answers a step-up, only with a step-up challenge of the same user", async () => {
    const user = await server.newUser();
    const { device } = await addPasskey(user);
    const addAddress = (proof: Record<string, unknown>) => server.call("POST", "wallet/addaddress", { currency: "USDT", network: "TRC20", address: TRC20_ADDRESS, ...proof }, { token: user.token });
    const mine = await loginOptions({}, user.token);
    expect(mine.allowCredentials.map((c) => c.id)).toEqual([device.id]);
    expect((await addAddress({ passkey: device.get(mine) })).status).toBe(200);
    // A sign-in challenge (no token) does not confirm a change, nor another user's step-up challenge.
    const signIn = await addAddress({ passkey: device.get(await loginOptions()) });
    expect([signIn.status, signIn.body.code, signIn.body.fields]).toEqual([400, "PASSKEY_CHALLENGE_INVALID", { step_up: "通行密钥请求已过期或已使用" }]);
    const other = await server.newUser();
    expect((await addAddress({ passkey: device.get(await loginOptions({}, other.token)) })).body.code).toBe("PASSKEY_CHALLENGE_INVALID");
    // A step-up challenge does not sign anyone in.
    expect((await passkeyLogin(device.get(await loginOptions({}, user.token)))).body.code).toBe("PASSKEY_CHALLENGE_INVALID");
    // Another user's passkey does not answer this user's step-up.
    const { device: theirs } = await addPasskey(other);
    expect((await addAddress({ passkey: theirs.get(await loginOptions({}, user.token)) })).body.code).toBe("PASSKEY_UNKNOWN");
    expect((await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM withdraw_addresses WHERE user_id = $1", [user.id]))[0].n).toBe(1);
  });

  it("removes with a step-up, pauses withdrawals for 24 hours, and the removed passkey signs in no more", async () => {
    const user = await server.newUser();
    const { device, id } = await addPasskey(user);
    const other = await server.newUser();
    expect((await server.call("POST", "passkey/delete", { id }, { token: user.token })).body.code).toBe("STEP_UP_REQUIRED");
    expect((await server.call("POST", "passkey/delete", { id, step_up: other.password }, { token: other.token })).body.code).toBe("DATA_NOT_FOUND");
    const removed = await server.call("POST", "passkey/delete", { id, passkey: device.get(await loginOptions({}, user.token)) }, { token: user.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const [row] = await server.database.query<{ withdraw_locked_until: Date }>("SELECT withdraw_locked_until FROM users WHERE id = $1", [user.id]);
    expect(row.withdraw_locked_until.getTime() - server.clock.now().getTime()).toBe(24 * 3_600_000);
    expect((await server.call<{ list: unknown[] }>("GET", "passkey/list", {}, { token: user.token })).body.message.list).toEqual([]);
    expect((await passkeyLogin(device.get(await loginOptions()))).body.code).toBe("PASSKEY_UNKNOWN");
  });
});

