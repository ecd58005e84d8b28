/**
 * Failover for real, for the failover test (`test/api/failover.test.ts`) and bench (`npm run bench -- failover`):
 * three server processes (node with tsx) on their own ports, one PostgreSQL database, Redis between them. Users
 * open 30-second options through the followers while the feed leader runs; the leader is killed with SIGKILL (no
 * goodbye); another process must take the feed and the engines over, re-arm the open options from the database and
 * settle each on the first recorded tick at or after its expiry, exactly once, with nothing lost.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { ledger, transfers } from "../ledger";
import { openDatabase } from "../platform/db";

export interface ClusterNode {
  name: string;
  child: ChildProcess;
  output: string[];
  port: number;
  /** When this process logged that it leads (Date.now()), or null. */
  ledAt: number | null;
}

const ROOT = path.resolve(import.meta.dirname, "../../..");
const LEADS = "this process leads the feed";

export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 50): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startNode(name: string, env: Record<string, string>): Promise<ClusterNode> {
  // One process (node with tsx's loader), so that SIGKILL kills the server itself, not a launcher.
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", STATIC_DIR: "", LOG_LEVEL: "info", MARKET_SOURCE: "sim", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const node: ClusterNode = { name, child, output: [], port: 0, ledAt: null };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${node.output.join("")}`)), 120_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      node.output.push(text);
      if (node.ledAt === null && text.includes(LEADS)) node.ledAt = Date.now();
      const match = /TradeWise listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
      if (match && !node.port) {
        node.port = Number(match[1]);
        clearTimeout(timer);
        resolve(node);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      if (!node.port) reject(new Error(`${name} exited with ${code}:\n${node.output.join("")}`));
    });
  });
}

async function call<T>(node: ClusterNode, path: string, body: Record<string, unknown>, token?: string): Promise<{ status: number; body: { code?: string; message: T } }> {
  const res = await fetch(`http://127.0.0.1:${node.port}/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

export interface FailoverResult {
  /** From the SIGKILL to another process logging that it leads (ms). */
  takeoverMs: number;
  /** From the SIGKILL to the first tick the new leader recorded (ms). */
  firstTickMs: number;
  /** Options opened (answered 200), before and after the kill. */
  opened: number;
  openedAfterKill: number;
  /** Options settled, settled more than once (ledger entries), settled on another tick than the first at or after expiry. */
  settled: number;
  settledTwice: number;
  wrongTick: number;
  /** Seconds between the kill and the end without a recorded BTC/USDT tick. */
  missingSeconds: number;
  /** Answers of 5xx to the users during the run. */
  serverErrors: number;
}

/**
 * Runs the scenario on a new database under `baseUrl` (dropped afterwards) and returns its figures. `log` hears the
 * progress.
 */
export async function failoverScenario(baseUrl: string, redisUrl: string, log: (line: string) => void = () => undefined): Promise<FailoverResult> {
  const dbName = `tw_failover_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, REDIS_PREFIX: `twfo${randomBytes(3).toString("hex")}:`, ROOT_INVITE_CODE: "FAILOVER1" };
  const nodes: ClusterNode[] = [];
  const database = { current: null as Awaited<ReturnType<typeof openDatabase>> | null };
  try {
    // The first migrates and leads; the other two follow.
    nodes.push(await startNode("a", env));
    await until(() => nodes[0].ledAt !== null, 60_000, "the first process to lead");
    nodes.push(...(await Promise.all([startNode("b", env), startNode("c", env)])));
    log(`three processes on ports ${nodes.map((n) => n.port).join(", ")}; ${nodes[0].name} leads`);
    database.current = await openDatabase({ url: url.toString(), poolSize: 4 });
    const db = database.current;

    // Users with money and a passed KYC, signed in on the followers.
    const users: { token: string; node: ClusterNode }[] = [];
    for (let i = 0; i < 4; i++) {
      const node = nodes[1 + (i % 2)];
      const account = `fo${randomBytes(4).toString("hex")}`;
      const res = await call<{ token: string; user: { id: number } }>(node, "user/register", { account, password: "secret123", re_password: "secret123", invite_code: "FAILOVER1" });
      if (res.status !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
      const id = res.body.message.user.id;
      await db.db.transaction((tx) =>
        ledger.post(tx, {
          key: `failover-credit:${id}`,
          ...transfers.depositCredit({ userId: id, currency: "USDT", amount: "100000", depositId: id }),
        }),
      );
      await db.query("UPDATE users SET review_status = 2 WHERE id = $1", [id]);
      users.push({ token: res.body.message.token, node });
    }

    // Load: each user opens a 30-second option every 250 ms or so, through the followers, until stopped.
    let opened = 0;
    let openedAfterKill = 0;
    let serverErrors = 0;
    let killedAt = 0;
    let loading = true;
    const load = users.map(async (user, i) => {
      let n = 0;
      while (loading) {
        const res = await call(user.node, "microtrade/submit", { symbol: "BTC/USDT", direction: (n++ + i) % 2 ? "up" : "down", seconds: 30, amount: "10" }, user.token).catch(() => ({ status: 0, body: { message: null } }));
        if (res.status === 200) {
          opened++;
          if (killedAt) openedAfterKill++;
        } else if (res.status >= 500) serverErrors++;
        await pause(250);
      }
    });

    await pause(8_000);
    const leader = nodes[0];
    leader.child.kill("SIGKILL");
    killedAt = Date.now();
    log(`killed the leader (${leader.name}) after ${opened} options`);
    const followers = nodes.slice(1);
    await until(() => followers.some((n) => n.ledAt !== null), 30_000, "another process to lead");
    const takeoverMs = Math.min(...followers.filter((n) => n.ledAt !== null).map((n) => (n.ledAt as number) - killedAt));
    await until(
      async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM market_ticks WHERE symbol = 'BTC/USDT' AND at_ms > $1", [killedAt])).at(0)!.n > 0,
      30_000,
      "a tick from the new leader",
    );
    const firstTickMs = Date.now() - killedAt;
    log(`takeover after ${takeoverMs} ms, first new tick after about ${firstTickMs} ms`);

    await pause(8_000);
    loading = false;
    await Promise.all(load);
    // Every option expires within 30 s of its opening; the new leader settles them on their ticks.
    const end = Date.now() + 40_000;
    await until(async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM options WHERE status = 'open'")).at(0)!.n === 0 || Date.now() > end, 60_000, "the options to settle", 500);

    const [counts] = await db.query<{ settled: number; open: number }>("SELECT count(*) FILTER (WHERE status = 'settled')::int AS settled, count(*) FILTER (WHERE status = 'open')::int AS open FROM options");
    const [twice] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT cause_id FROM ledger_entries WHERE kind IN ('option.win', 'option.loss', 'option.tie') GROUP BY cause_id HAVING count(*) > 1) t`,
    );
    const [wrong] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM options o WHERE o.status = 'settled' AND o.close_tick_at_ms <>
         (SELECT min(t.at_ms) FROM market_ticks t WHERE t.symbol = o.symbol AND t.at_ms >= o.expires_at_ms)`,
    );
    const ticks = await db.query<{ at_ms: string }>("SELECT at_ms FROM market_ticks WHERE symbol = 'BTC/USDT' AND at_ms >= $1 ORDER BY at_ms", [killedAt - 2_000]);
    const seconds = new Set(ticks.map((t) => Math.floor(Number(t.at_ms) / 1000)));
    let missingSeconds = 0;
    const last = Math.floor(Number(ticks.at(-1)?.at_ms ?? killedAt) / 1000);
    for (let s = Math.floor(killedAt / 1000); s <= last; s++) if (!seconds.has(s)) missingSeconds++;
    if (counts.open > 0) log(`${counts.open} options still open`);
    return { takeoverMs, firstTickMs, opened, openedAfterKill, settled: counts.settled, settledTwice: twice.n, wrongTick: wrong.n, missingSeconds, serverErrors };
  } finally {
    await database.current?.close();
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill("SIGKILL");
    await pause(500);
    const cleanup = new pg.Client({ connectionString: baseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await cleanup.end();
  }
}
