import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createTestServer, type TestServer } from "../testing/harness";

/**
 * Rate limits are counted in Redis when REDIS_URL is set: two processes share one count, and a restart forgets
 * nothing (skipped when this machine has no Redis).
 */
const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
const reachable = await probe.connect().then(
  () => true,
  () => false,
);
probe.disconnect();
if (!reachable) console.warn(`rate-limit: skipped (no Redis at ${url})`);

let server: TestServer | undefined;
afterAll(async () => {
  await server?.close();
});

describe.skipIf(!reachable)("rate limits with REDIS_URL", () => {
  it("are shared by two processes on one Redis", async () => {
    const config = { REDIS_URL: url, REDIS_PREFIX: `rl${randomBytes(4).toString("hex")}:`, RATE_LIMIT_AUTH: 3 };
    server = await createTestServer(config);
    // A second process: the same database and Redis, its own memory.
    const second = await buildApp({ config: { ...server.ctx.config, ...config }, database: server.database, clock: server.clock });
    await second.app.ready();
    try {
      const login = (app: typeof second.app) =>
        app.inject({ method: "POST", url: "/api/user/login", payload: { account: "nobody_rl", password: "secret123" }, remoteAddress: "203.0.113.9" });
      expect((await login(server.app)).statusCode).toBe(400);
      expect((await login(second.app)).statusCode).toBe(400);
      expect((await login(server.app)).statusCode).toBe(400);
      const fourth = await login(second.app);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    } finally {
      await second.app.close();
    }
  }, 240_000);
});
