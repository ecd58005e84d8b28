import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";
import { totpCode } from "../platform/totp";
import { SETUP_LINK_MS } from "./first-run";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const NAME = "first_admin";
const PASSWORD = "first-admin-pass";
const begin = (token: string) => server.call<{ secret: string; uri: string }>("POST", "backoffice/setup/begin", { token, name: NAME });
const finish = (token: string, totp: string, password = PASSWORD) =>
  server.call<{ token: string; operator: { name: string; role: string } }>("POST", "backoffice/setup/finish", { token, name: NAME, password, totp });
const operatorCount = async () => Number((await server.database.query<{ n: string }>("SELECT count(*) AS n FROM operators"))[0].n);
const refusedAsInvalid = (answer: { status: number; body: { code?: string } }) => {
  expect(answer.status).toBe(403);
  expect(answer.body.code).toBe("SETUP_LINK_INVALID");
};

// One server, in order: the link is only good while no operator exists, and the last steps create one.
describe("first run: the one-time setup link", () => {
  it("expires after 24 hours, and a new start's link replaces the old one", async () => {
    const expiring = (await server.firstRun.issueToken())!;
    server.clock.advance(SETUP_LINK_MS + 1);
    refusedAsInvalid(await begin(expiring));
    const old = (await server.firstRun.issueToken())!;
    const current = (await server.firstRun.issueToken())!;
    refusedAsInvalid(await begin(old));
    refusedAsInvalid(await begin("not-the-token"));
    expect((await begin(current)).status).toBe(200);
    expect(await operatorCount()).toBe(0);
  });

  it("creates nothing on a wrong code or a weak input, then the first admin on the right code, once, signed in", async () => {
    const token = (await server.firstRun.issueToken())!;
    const offered = await begin(token);
    expect(offered.status).toBe(200);
    expect(offered.body.message.uri).toMatch(/^otpauth:\/\/totp\/.*first_admin.*secret=/);
    // The page shows the same secret on a second visit (an authenticator may already hold it).
    expect((await begin(token)).body.message.secret).toBe(offered.body.message.secret);

    server.clock.advance(30_000);
    const code = await totpCode(offered.body.message.secret, server.clock.now());
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await finish(token, wrong);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("GOOGLE_CODE_INVALID");
    expect((await finish(token, code, "short")).body.code).toBe("OPERATOR_PASSWORD_SHORT");
    expect(await operatorCount()).toBe(0);

    // Two racing requests with the right code: one creates the operator, the other finds the link used.
    const answers = await Promise.all([finish(token, code), finish(token, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    const created = answers.find((a) => a.status === 200)!;
    expect(created.body.message.operator).toMatchObject({ name: NAME, role: "admin" });
    const me = await server.call<{ name: string }>("GET", "backoffice/me", {}, { token: created.body.message.token });
    expect(me.body.message.name).toBe(NAME);
    // The secret is stored sealed, like every operator's.
    const [stored] = await server.database.query<{ totp_secret: string }>("SELECT totp_secret FROM operators");
    expect(stored.totp_secret).not.toContain(offered.body.message.secret);

    server.clock.advance(30_000);
    refusedAsInvalid(await finish(token, await totpCode(offered.body.message.secret, server.clock.now())));
    refusedAsInvalid(await begin(token));
    expect(await operatorCount()).toBe(1);
  });

  it("is refused once an operator exists, and no new link is issued", async () => {
    expect(await operatorCount()).toBeGreaterThan(0);
    expect(await server.firstRun.issueToken()).toBeNull();
  });
});

describe("first run: a link issued before an operator was created elsewhere", () => {
  it("stops working as soon as an operator exists", async () => {
    const other = await createTestServer();
    try {
      const token = (await other.firstRun.issueToken())!;
      const offered = await other.call<{ secret: string }>("POST", "backoffice/setup/begin", { token, name: NAME });
      expect(offered.status).toBe(200);
      await other.newOperator("admin");
      other.clock.advance(30_000);
      const answer = await other.call("POST", "backoffice/setup/finish", { token, name: NAME, password: PASSWORD, totp: await totpCode(offered.body.message.secret, other.clock.now()) });
      expect(answer.body.code).toBe("SETUP_LINK_INVALID");
      expect(Number((await other.database.query<{ n: string }>("SELECT count(*) AS n FROM operators WHERE name = $1", [NAME]))[0].n)).toBe(0);
    } finally {
      await other.close();
    }
  });
});
