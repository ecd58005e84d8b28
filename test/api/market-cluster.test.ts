import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createRedisBus } from "../../server/src/platform/redis-bus";
import { startNode as startClusterNode, until, type ClusterNode } from "../../server/src/testing/failover";

/**
 * Scale-out for real: two server processes on two ports against one PostgreSQL database, with Redis as the bus.
 * The first leads the feed (advisory lock); a socket client on the second receives the ticks the first produced;
 * a session ended on the first stops its socket on the second within a second; the first is killed (SIGKILL, no
 * goodbye) and the second takes the feed over, the client still receiving.
 * Needs TEST_DATABASE_URL and a Redis (TEST_REDIS_URL or REDIS_URL, default redis://127.0.0.1:6379); skipped without them.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisReachable(): Promise<boolean> {
  try {
    const bus = await createRedisBus(redisUrl, { connectTimeoutMs: 1_000 });
    await bus.close();
    return true;
  } catch {
    return false;
  }
}

const available = !!baseUrl && (await redisReachable());
if (!available) {
  console.warn(`market-cluster: skipped (needs TEST_DATABASE_URL${baseUrl ? "" : " (unset)"} and Redis at ${redisUrl})`);
}
// Only once: the server-postgres project would run it a second time.
const run = available && process.env.TEST_DB !== "postgres";

type Node = ClusterNode;

let dbName = "";
let dbUrl = "";
const prefix = `twtest${randomBytes(3).toString("hex")}:`;
const nodes: Node[] = [];

/** A server process on this test's database and Redis prefix: the one start helper of the multi-process tests. */
async function startNode(name: string): Promise<Node> {
  const node = await startClusterNode(name, { DATABASE_URL: dbUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, ROOT_INVITE_CODE: "CLUSTER1" });
  nodes.push(node);
  return node;
}

const leads = (node: Node) => node.output.join("").includes("this process leads the feed");

describe.skipIf(!run)("two processes, one database, Redis between them", () => {
  beforeAll(async () => {
    dbName = `tw_cluster_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(baseUrl as string);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
  }, 30_000);

  afterAll(async () => {
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill("SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!dbName) return;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }, 30_000);

  it("fans the leader's ticks out to the other process, and fails over when the leader dies", async () => {
    const first = await startNode("first");
    await until(() => leads(first), 30_000, "the first process to lead");
    const second = await startNode("second");
    const health = await (await fetch(`http://127.0.0.1:${second.port}/api/health`)).json();
    expect(health.message).toMatchObject({ bus: "redis", database: "postgres", market_source: "sim" });
    // The lock is held: the second one follows.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(leads(second)).toBe(false);

    const tickers: { updated_at: number; last: string }[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${second.port}/ws`);
    ws.on("message", (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.channel === "ticker" && message.data) tickers.push(message.data);
    });
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    ws.send(JSON.stringify({ op: "subscribe", channel: "ticker", symbol: "BTC/USDT" }));
    // Ticks produced by the first process arrive through Redis on the second.
    await until(() => new Set(tickers.map((t) => t.updated_at)).size >= 3, 20_000, "ticks on the second process");

    // A session that ends on the first process stops its socket on the second within a second (through Redis).
    const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
    const account = `cluster${randomBytes(3).toString("hex")}`;
    const registered = await (await fetch(`http://127.0.0.1:${first.port}/api/user/register`, form({ account, password: "secret123", re_password: "secret123", invite_code: "CLUSTER1" }))).json();
    const token: string = registered.message.token;
    const frames: { op?: string; code?: string }[] = [];
    const userWs = new WebSocket(`ws://127.0.0.1:${second.port}/ws`);
    userWs.on("message", (raw) => frames.push(JSON.parse(raw.toString())));
    await new Promise((resolve) => userWs.once("open", resolve));
    userWs.send(JSON.stringify({ op: "auth", token }));
    await until(() => frames.some((f) => f.op === "auth"), 5_000, "the socket's auth");
    await fetch(`http://127.0.0.1:${first.port}/api/user/logout`, { method: "POST", headers: { authorization: token, "content-type": "application/json" }, body: "{}" });
    const loggedOutAt = Date.now();
    await until(() => frames.some((f) => f.op === "error" && f.code === "LOGIN_REQUIRED"), 1_000, "the socket on the second process to lose its session");
    expect(Date.now() - loggedOutAt).toBeLessThan(1_000);
    userWs.close();

    first.child.kill("SIGKILL");
    const killedAt = Math.floor(Date.now() / 1000);
    await until(() => leads(second), 20_000, "the second process to take the feed over");
    await until(() => tickers.some((t) => t.updated_at > killedAt + 1), 20_000, "ticks from the new leader");
    ws.close();

    // Every tick is recorded once, by whichever process led at the time.
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const [{ n }] = (await client.query("SELECT count(*)::int AS n FROM market_ticks WHERE symbol = 'BTC/USDT'")).rows;
    await client.end();
    expect(n).toBeGreaterThanOrEqual(3);

    second.child.kill("SIGTERM");
    await until(() => second.child.exitCode !== null, 15_000, "a graceful exit");
    expect(second.child.exitCode).toBe(0);
  }, 180_000);
});
