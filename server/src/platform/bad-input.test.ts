import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";
import { clientKey } from "./http";
import { isSafeTarget } from "./request-target";

/**
 * Bad input is the client's fault, answered with a 4xx and the seed's envelope, never a 500: a malformed multipart
 * body on any upload route, control characters in any text field, request targets the static files refuse, ids
 * written loosely, and clients that hang up mid-body on rate-limited routes.
 */
let server: TestServer;
let dir: string;
let port: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-bad-input-"));
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><html><body>app</body></html>");
  server = await createTestServer({ STATIC_DIR: dir, RATE_LIMIT_AUTH: 1000 });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  port = (server.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Sends bytes as they are (no client normalises the target) and returns the status line's code. */
function rawRequest(bytes: string, options: { hangUp?: boolean } = {}): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(bytes);
      if (options.hangUp) {
        socket.destroy();
        resolve(0);
      }
    });
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(Number(answer.split(" ")[1])));
    socket.on("error", () => resolve(-1));
  });
}

describe("malformed multipart bodies", () => {
  it("answers 400 upload failed on every upload route: no boundary, truncated, broken part header", async () => {
    type Operation = { security: Record<string, unknown>[]; requestBody?: { content: Record<string, unknown> } };
    const document = (await server.app.inject({ url: "/api/openapi.json" })).json() as { paths: Record<string, Record<string, Operation>> };
    const uploads = Object.entries(document.paths)
      .filter(([, ops]) => ops.post?.requestBody?.content["multipart/form-data"])
      .map(([url, ops]) => [url, ops.post.security.some((s) => "operator" in s)] as const);
    expect(uploads.map(([url]) => url)).toEqual(expect.arrayContaining(["/api/wallet/charge_req", "/api/user/real_name"]));
    const user = (await server.newUser()).token;
    const operator = (await server.newOperator("admin")).token;
    const bodies: [string, string][] = [
      ["multipart/form-data", "x"],
      ["multipart/form-data; boundary=abc", '--abc\r\nContent-Disposition: form-data; name="amount"\r\n\r\n12'],
      ["multipart/form-data; boundary=abc", "--abc\r\nno header here\r\n\r\n"],
    ];
    for (const [url, byOperator] of uploads) {
      for (const [contentType, payload] of bodies) {
        const res = await server.app.inject({ method: "POST", url, headers: { authorization: byOperator ? operator : user, "content-type": contentType }, payload });
        expect([url, contentType, res.statusCode, res.json().code]).toEqual([url, contentType, 400, "UPLOAD_FAILED"]);
      }
    }
  });
});

describe("control characters", () => {
  it("refuses a NUL in a text field before login, in a form and in JSON, naming the field", async () => {
    const form = await server.app.inject({
      method: "POST",
      url: "/api/user/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "account=a%00b&password=secret123",
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ code: "PARAMETER_ERROR", fields: { account: "参数错误" } });
    const json = await server.call("POST", "user/register", { account: "abcd\u0000", password: "secret123", re_password: "secret123", invite_code: "X\u001b" });
    expect(json.status).toBe(400);
    const { token } = await server.newUser();
    const query = await server.app.inject({ url: "/api/currency/new_timeshar?symbol=BTC%00USDT&interval=1m", headers: { authorization: token } });
    expect(query.statusCode).toBe(400);
  });

  it("still takes line breaks and tabs where text has them", async () => {
    const answer = await server.call("POST", "user/login", { account: "nobody\there", password: "secret123" });
    expect(answer.body.code).not.toBe("PARAMETER_ERROR");
  });
});

describe("ids", () => {
  it("refuses an operator adjustment whose user id is not plain decimal digits, and credits nobody", async () => {
    const user = await server.newUser();
    const operator = await server.newOperator("admin");
    for (const userId of [[user.id], true, `0x${user.id.toString(16)}`, `+${user.id}`, `${user.id}.`, ` ${user.id} `, `000${user.id}`]) {
      const answer = await server.call(
        "POST",
        "backoffice/users/adjust",
        { user_id: userId, currency: "USDT", amount: "100", reason: "test", idempotency_key: `fuzz-${Math.random().toString(36).slice(2, 12)}` },
        { token: operator.token },
      );
      expect([userId, answer.status]).toEqual([userId, 400]);
    }
    const wallets = await server.call<{ currency: string; available: string }[]>("POST", "wallet/list", {}, { token: user.token });
    expect(wallets.body.message.find((w) => w.currency === "USDT")?.available ?? "0").toMatch(/^0(\.0+)?$/);
  });
});

describe("request targets", () => {
  it.each(["/../package.json", "/../../etc/passwd", "http://evil.example/x", "http://x/../package.json", "//etc/passwd", "/%2e%2e/package.json", "/a/../../x", "/%00", "/api/%00", "/\\..\\package.json"])(
    "answers %s with a 4xx, never a 500",
    async (target) => {
      const status = await rawRequest(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    },
  );

  it("tells safe targets from the others", () => {
    expect(isSafeTarget("/")).toBe(true);
    expect(isSafeTarget("/assets/index-abc.js?v=1")).toBe(true);
    expect(isSafeTarget("/api/user/info?x=a/../b")).toBe(true);
    expect(isSafeTarget("/a/..")).toBe(false);
    expect(isSafeTarget("/%E0%A4%A")).toBe(false);
    expect(isSafeTarget("*")).toBe(false);
  });

  it("still serves the app and the API", async () => {
    expect(await rawRequest("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toBe(200);
    expect(await rawRequest("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toBe(200);
  });
});

describe("clients that hang up", () => {
  it("are counted by the rate limits under one key instead of throwing when their address is gone", () => {
    expect(clientKey({ ip: undefined, socket: { remoteAddress: undefined } })).toBe("gone");
    expect(clientKey({ ip: undefined, socket: undefined })).toBe("gone");
    expect(clientKey({ ip: "203.0.113.7" })).toBe("203.0.113.7");
    expect(clientKey({ ip: "::ffff:203.0.113.7" })).toBe("203.0.113.7");
  });
});

describe("headers", () => {
  it("keeps every authenticated or token-bearing answer out of HTTP caches, refusals included", async () => {
    const user = await server.newUser();
    const operator = await server.newOperator("admin");
    const answers = [
      await server.app.inject({ url: "/api/user/info", headers: { authorization: user.token } }),
      await server.app.inject({ url: "/api/user/info" }),
      await server.app.inject({ method: "POST", url: "/api/wallet/list", headers: { authorization: user.token } }),
      await server.app.inject({ url: "/api/backoffice/me", headers: { authorization: operator.token } }),
      await server.app.inject({ method: "POST", url: "/api/user/login", payload: { account: user.account, password: user.password } }),
      await server.app.inject({ url: "/api/currency/quotation_new", headers: { authorization: user.token } }),
    ];
    expect(answers.map((answer) => answer.headers["cache-control"])).toEqual(answers.map(() => "no-store"));
    expect((await server.app.inject({ url: "/api/currency/quotation_new" })).headers["cache-control"]).not.toBe("no-store");
  });

  it("sends a Permissions-Policy that turns off what the app never uses", async () => {
    for (const url of ["/", "/api/health"]) {
      const policy = String((await server.app.inject({ url })).headers["permissions-policy"]);
      expect(policy).toContain("camera=()");
      // The app itself may ask for the position (choose-location); nothing it embeds may.
      expect(policy).toContain("geolocation=(self)");
    }
  });

  it("declares the operator routes' security in the OpenAPI document", async () => {
    const document = (await server.app.inject({ url: "/api/openapi.json" })).json();
    expect(document.paths["/api/backoffice/me"].get.security).toEqual([{ operator: [] }]);
    expect(document.paths["/api/user/info"].get.security).toEqual([{ token: [] }]);
    expect(document.paths["/api/user/login"].post.security).toEqual([]);
    expect(document.components.securitySchemes.operator).toMatchObject({ type: "apiKey", in: "header", name: "Authorization" });
  });
});
