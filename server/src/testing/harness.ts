import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuiltApp } from "../app";
import type { MarketModule } from "../market";
import { ensureRootInviteCode } from "../auth";
import { OperatorService } from "../backoffice";
import type { OperatorRole } from "../../contract/backoffice";
import { totpCode } from "../platform/totp";
import { ManualClock } from "../platform/clock";
import { testConfig, type Config } from "../platform/config";
import type { AppContext } from "../platform/context";
import { openDatabase, type Database } from "../platform/db";
import { migrate, migrationsDir } from "../platform/migrate";
import { operatorSecrets } from "../platform/secret-box";

export const ROOT_INVITE = "ROOTCODE";

/** Which database the server suite runs on: PGlite by default, PostgreSQL when the project says so. */
export const testDatabaseKind = (): "pglite" | "postgres" => (process.env.TEST_DB === "postgres" ? "postgres" : "pglite");

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on `TEST_DATABASE_URL`'s server (or `baseUrl`'s:
 * the benches name theirs), dropped again by `close`. `migrations` names another folder of migrations (a migration's
 * test stops at the one before it).
 */
export async function freshDatabase(
  kind = testDatabaseKind(),
  baseUrl = process.env.TEST_DATABASE_URL,
  migrations?: string,
): Promise<Database & { dropped?: () => Promise<void> }> {
  if (kind === "pglite") {
    const database = await openDatabase({ image: migrations ? undefined : await migratedImage() });
    await migrate(database, migrations);
    return database;
  }
  if (!baseUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `tw_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await migrate(database, migrations);
  const close = database.close.bind(database);
  return {
    ...database,
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      // The pool's connections close asynchronously: forcing the drop while they still end kills them mid-goodbye
      // and surfaces as uncaught errors, so give them a moment first.
      for (let i = 0; i < 40; i++) {
        const [{ n }] = (await cleanup.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name])).rows;
        if (n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The migrated PGlite of this checkout, dumped once and kept in the system's temp folder under the hash of PGlite's
 * version and the migrations. A fresh database loads it in about 0.7 s, where PGlite's own initdb and the migrations
 * take 3 to 4 s: most of the server suite's files open one or more. They run in separate processes, so the file, not a
 * variable, is what they share; a new file is written next to the old ones (atomically, by rename) when a migration
 * changes.
 */
let image: Promise<Blob> | undefined;
function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const pglite = path.resolve(path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite"))), "../package.json");
    const hash = createHash("sha256").update(fs.readFileSync(pglite));
    for (const file of fs.readdirSync(migrationsDir).sort()) hash.update(file).update(fs.readFileSync(path.join(migrationsDir, file)));
    const file = path.join(os.tmpdir(), `tw-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({});
    await migrate(database);
    const dumped = await database.dumpImage!();
    await database.close();
    const part = `${file}.${process.pid}.part`;
    fs.writeFileSync(part, Buffer.from(await dumped.arrayBuffer()));
    fs.renameSync(part, file);
    return dumped;
  })();
  return image;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: { type: "ok" | "error" | 999; message: T; code?: string; fields?: Record<string, string> };
}

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Market data; nothing ticks until a test calls `market.startManual()` and then `market.step()`. */
  market: MarketModule;
  /** The socket hub `/ws` (its connections, its heartbeat's `beat()`). */
  hub: BuiltApp["hub"];
  /** The first run's setup link (issueToken, as main does at start). */
  firstRun: BuiltApp["firstRun"];
  /** Web Push (its queue: `push.service.idle()`). */
  push: BuiltApp["push"];
  /** The trigger runner, the positions domain and the leader's jobs (`engines.jobs.runOnce()`). */
  engines: BuiltApp["engines"];
  database: Database;
  clock: ManualClock;
  /** Calls `/api/<path>`: GET with a query, POST with JSON (or form when `form` is set). */
  call<T = unknown>(method: "GET" | "POST", path: string, payload?: Record<string, unknown>, options?: { token?: string; form?: boolean; ip?: string; userAgent?: string }): Promise<Answer<T>>;
  /** Registers a fresh user with a user name and returns its token and id. */
  newUser(overrides?: { account?: string; password?: string }): Promise<{ token: string; id: number; account: string; password: string }>;
  /** Creates an operator and logs it in (password + TOTP); returns its token. */
  newOperator(role?: OperatorRole): Promise<{ token: string; id: number; name: string; secret: string }>;
  close(): Promise<void>;
}

let counter = 0;

export async function createTestServer(configOverrides: Partial<Config> = {}): Promise<TestServer> {
  const database = await freshDatabase();
  const clock = new ManualClock(Date.now());
  const config = testConfig({ ROOT_INVITE_CODE: ROOT_INVITE, ...configOverrides });
  const { app, ctx, market, hub, engines, firstRun, push } = await buildApp({ config, database, clock });
  await ensureRootInviteCode(database.db, config);
  await app.ready();

  const call: TestServer["call"] = async (method, path, payload = {}, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = options.token;
    if (options.userAgent) headers["user-agent"] = options.userAgent;
    const url = `/api/${path}`;
    const response =
      method === "GET"
        ? await app.inject({ method, url, query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])), headers, remoteAddress: options.ip })
        : options.form
          ? await app.inject({
              method,
              url,
              payload: new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString(),
              headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
              remoteAddress: options.ip,
            })
          : await app.inject({ method, url, payload, headers, remoteAddress: options.ip });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  };

  return {
    app,
    ctx,
    market,
    hub,
    firstRun,
    push,
    engines,
    database,
    clock,
    call,
    async newUser(overrides = {}) {
      const account = overrides.account ?? `user${process.pid}x${++counter}x${randomBytes(2).toString("hex")}`;
      const password = overrides.password ?? "secret123";
      const answer = await call<{ token: string; user: { id: number } }>("POST", "user/register", {
        account,
        password,
        re_password: password,
        invite_code: ROOT_INVITE,
      });
      if (answer.status !== 200) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
      return { token: answer.body.message.token, id: answer.body.message.user.id, account, password };
    },
    async newOperator(role = "admin") {
      const name = `op${++counter}${randomBytes(2).toString("hex")}`;
      const password = "operator-pass-1";
      const created = await new OperatorService(database.db, clock, operatorSecrets(config)).create(name, password, role);
      // Each login uses a fresh 30 s step (codes are single-use).
      clock.advance(30_000);
      const answer = await call<{ token: string }>("POST", "backoffice/login", { name, password, totp: await totpCode(created.secret, clock.now()) });
      if (answer.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(answer.body)}`);
      return { token: answer.body.message.token, id: created.id, name, secret: created.secret };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The latest code written to the outbox for a recipient (e-mail or phone). */
export async function latestCode(database: Database, recipient: string): Promise<string> {
  const rows = await database.query<{ body: string }>(
    "SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1",
    [recipient],
  );
  const match = rows[0]?.body.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code sent to ${recipient}`);
  return match[1];
}
