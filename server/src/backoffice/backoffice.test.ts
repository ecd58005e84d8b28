import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";
import { totpCode } from "../platform/totp";
import { operatorSecrets } from "../platform/secret-box";
import { OperatorService } from "./operators.service";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("operator login", () => {
  it("needs the password and a valid TOTP code, each code once; every failure reads the same", async () => {
    const created = await new OperatorService(server.database.db, server.clock, operatorSecrets(server.ctx.config)).create("alice_op", "operator-pass-1", "reviewer");
    server.clock.advance(30_000);
    const code = await totpCode(created.secret, server.clock.now());
    const wrongCode = code === "000000" ? "111111" : "000000";
    // A right password with a wrong code is not told apart from a wrong password: the password stays unconfirmed.
    expect((await server.call("POST", "backoffice/login", { name: "alice_op", password: "operator-pass-1", totp: wrongCode })).body.message).toBe("账号或密码错误");
    expect((await server.call("POST", "backoffice/login", { name: "alice_op", password: "wrong-pass", totp: code })).body.message).toBe("账号或密码错误");
    expect((await server.call("POST", "backoffice/login", { name: "alice_op", password: "operator-pass-1" })).body.message).toBe("缺少参数");
    const ok = await server.call<{ token: string; operator: { role: string } }>("POST", "backoffice/login", { name: "ALICE_OP", password: "operator-pass-1", totp: code });
    expect(ok.status).toBe(200);
    expect(ok.body.message.operator.role).toBe("reviewer");
    const replay = await server.call("POST", "backoffice/login", { name: "alice_op", password: "operator-pass-1", totp: code });
    expect(replay.body.message).toBe("账号或密码错误");
    const me = await server.call<{ name: string }>("GET", "backoffice/me", {}, { token: ok.body.message.token });
    expect(me.body.message.name).toBe("alice_op");
  });

  it("keeps user and operator sessions apart", async () => {
    const user = await server.newUser();
    expect((await server.call("GET", "backoffice/me", {}, { token: user.token })).status).toBe(401);
    const operator = await server.newOperator();
    expect((await server.call("GET", "user/info", {}, { token: operator.token })).status).toBe(401);
  });

  it("logs out server-side", async () => {
    const operator = await server.newOperator();
    expect((await server.call("POST", "backoffice/logout", {}, { token: operator.token })).status).toBe(200);
    expect((await server.call("GET", "backoffice/me", {}, { token: operator.token })).body.type).toBe(999);
  });
});

describe("audit log", () => {
  it("records operator logins and user actions, readable by admins only", async () => {
    const admin = await server.newOperator("admin");
    const support = await server.newOperator("support");
    const user = await server.newUser();
    const log = await server.call<{ list: { action: string; actor_name: string | null }[]; total: number }>("GET", "backoffice/audit", { limit: 100 }, { token: admin.token });
    expect(log.status).toBe(200);
    const actions = log.body.message.list.map((e) => e.action);
    expect(actions).toContain("operator.login");
    expect(actions).toContain("user.register");
    expect(log.body.message.list.find((e) => e.action === "user.register" && e.actor_name === user.account)).toBeTruthy();
    const denied = await server.call("GET", "backoffice/audit", {}, { token: support.token });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("无权操作");
  });
});

describe("operator sign-in failures", () => {
  it("answers an unknown name, a wrong password and a wrong code alike, and audits each", async () => {
    const created = await new OperatorService(server.database.db, server.clock, operatorSecrets(server.ctx.config)).create("bob_op", "operator-pass-1", "admin");
    server.clock.advance(30_000);
    const code = await totpCode(created.secret, server.clock.now());
    const wrongCode = code === "000000" ? "111111" : "000000";
    const attempts = [
      { name: "nobody_op", password: "operator-pass-1", totp: code },
      { name: "bob_op", password: "wrong-pass-1", totp: code },
      { name: "bob_op", password: "operator-pass-1", totp: wrongCode },
    ];
    const answers = [];
    for (const attempt of attempts) answers.push(await server.call("POST", "backoffice/login", attempt, { ip: "198.51.100.20" }));
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body])))).toEqual(new Set([JSON.stringify([400, { type: "error", code: "WRONG_CREDENTIALS", message: "账号或密码错误" }])]));
    const audited = await server.database.query<{ reason: string }>("SELECT detail->>'reason' AS reason FROM audit_log WHERE action = 'operator.login.failed' AND detail->>'ip' = '198.51.100.20' ORDER BY id");
    expect(audited.map((r) => r.reason)).toEqual(["unknown", "password", "totp"]);
  });

  it("throttles guessing at one operator with growing waits, answering the same for an unknown name", async () => {
    const created = await new OperatorService(server.database.db, server.clock, operatorSecrets(server.ctx.config)).create("carol_op", "operator-pass-1", "admin");
    const ip = "198.51.100.21";
    const guess = (name: string) => server.call("POST", "backoffice/login", { name, password: "wrong-pass-1", totp: "123456" }, { ip });
    for (let i = 0; i < 5; i++) {
      expect((await guess("carol_op")).status).toBe(400);
      expect((await guess("nobody_op2")).status).toBe(400);
    }
    const throttled = await guess("carol_op");
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual((await guess("nobody_op2")).body);
    // Even the right password and code wait their turn from that address...
    const code = await totpCode(created.secret, server.clock.now());
    expect((await server.call("POST", "backoffice/login", { name: "carol_op", password: "operator-pass-1", totp: code }, { ip })).status).toBe(429);
    // ...but not from another one, and the wait ends.
    expect((await server.call("POST", "backoffice/login", { name: "carol_op", password: "operator-pass-1", totp: code }, { ip: "198.51.100.22" })).status).toBe(200);
    server.clock.advance(60_000);
    const next = await totpCode(created.secret, server.clock.now());
    expect((await server.call("POST", "backoffice/login", { name: "carol_op", password: "operator-pass-1", totp: next }, { ip })).status).toBe(200);
  });
});
