import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createRedisBus } from "./redis-bus";

/** The Redis bus against the machine's Redis (skipped when there is none). */

const url = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const reachable = await createRedisBus(url, { connectTimeoutMs: 1_000 })
  .then(async (bus) => {
    await bus.close();
    return true;
  })
  .catch(() => false);
if (!reachable) console.warn(`redis-bus: skipped (no Redis at ${url})`);

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe.skipIf(!reachable)("createRedisBus", () => {
  it("delivers a message to every process's listeners, the publisher's own included", async () => {
    const prefix = `t${randomBytes(4).toString("hex")}:`;
    const a = await createRedisBus(url, { prefix });
    const b = await createRedisBus(url, { prefix });
    expect(a.kind).toBe("redis");
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    a.subscribe("market.update", (m) => gotA.push(m));
    const offB = b.subscribe("market.update", (m) => gotB.push(m));
    await new Promise((r) => setTimeout(r, 100)); // SUBSCRIBE round trip
    a.publish("market.update", { n: 1, s: "BTC/USDT" });
    await until(() => gotA.length === 1 && gotB.length === 1);
    expect(gotA).toEqual([{ n: 1, s: "BTC/USDT" }]);
    expect(gotB).toEqual([{ n: 1, s: "BTC/USDT" }]);

    offB();
    await new Promise((r) => setTimeout(r, 100));
    a.publish("market.update", { n: 2 });
    await until(() => gotA.length === 2);
    expect(gotB).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it("keeps deployments with different prefixes apart", async () => {
    const a = await createRedisBus(url, { prefix: `x${randomBytes(4).toString("hex")}:` });
    const b = await createRedisBus(url, { prefix: `y${randomBytes(4).toString("hex")}:` });
    const got: unknown[] = [];
    b.subscribe("topic", (m) => got.push(m));
    await new Promise((r) => setTimeout(r, 100));
    a.publish("topic", 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([]);
    await a.close();
    await b.close();
  });

  it("fails at start when Redis is unreachable", async () => {
    await expect(createRedisBus("redis://127.0.0.1:1", { connectTimeoutMs: 500 })).rejects.toThrow(/unreachable/);
  });
});
