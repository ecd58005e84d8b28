import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import tar from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import { ledgerReads } from "../../server/src/ledger/ledger.reads";
import { MANIFEST } from "../../server/src/platform/backup";
import { openDatabase } from "../../server/src/platform/db";
import { createTestServer, testDatabaseKind } from "../../server/src/testing/harness";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
/** Node with tsx's loader, one process (the tsx binary forks a child that a kill of the parent leaves running). */
const node = (script: string, ...args: string[]) => [process.execPath, ["--import", "tsx", script, ...args]] as const;
const INVITE = "BACKUPROOT1";
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tw-backup-test-"));
const servers: ChildProcess[] = [];
afterAll(() => {
  for (const server of servers) if (server.exitCode === null) server.kill("SIGKILL");
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A real server process on its own data folder, as `npm start` runs it (without the client). */
async function startServer(dataDir: string) {
  const port = 21_000 + Math.floor(Math.random() * 20_000);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, STATIC_DIR: "", LOG_LEVEL: "warn", ROOT_INVITE_CODE: INVITE, RATE_LIMIT_AUTH: "100000" };
  delete env.DATABASE_URL;
  const server = spawn(...node("server/src/main.ts"), { cwd: root, env, stdio: "ignore" });
  servers.push(server);
  const base = `http://127.0.0.1:${port}/api`;
  for (let i = 0; !(await fetch(`${base}/health`).then((r) => r.ok, () => false)); i++) {
    if (i > 360 || server.exitCode !== null) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const post = async (route: string, body: object) => (await (await fetch(`${base}/${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as { type: string; message: { token?: string } };
  const stop = () => new Promise<void>((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", () => resolve()).kill("SIGTERM")));
  return { post, stop };
}

/** `npm run backup` / `npm run restore` as an operator types them. */
const cliEnv = (dataDir: string) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return env;
};
const cli = (command: "backup" | "restore", file: string, dataDir: string, ...flags: string[]) =>
  run(...node("server/src/backup-cli.ts", command, file, ...flags), { cwd: root, env: cliEnv(dataDir) }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
  );

/** A backup file written by hand, to show what restore refuses. */
async function craft(file: string, members: Record<string, string | Buffer>) {
  const pack = tar.pack();
  for (const [name, body] of Object.entries(members)) pack.entry({ name }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack.pipe(zlib.createGzip())) chunks.push(chunk as Buffer);
  fs.writeFileSync(file, Buffer.concat(chunks));
}

describe.skipIf(testDatabaseKind() === "postgres")("backup and restore of the embedded database", () => {
  const source = path.join(scratch, "source");
  const target = path.join(scratch, "target");
  const file = path.join(scratch, "tradewise.bak");

  it("copies a server under load: every acknowledged registration is in the restored folder, which a server opens", async () => {
    const server = await startServer(source);
    const acknowledged: string[] = [];
    let writing = true;
    const register = async (n: number) => {
      const account = `backup${n}x${process.pid}`;
      const answer = await server.post("user/register", { account, password: "secret123", re_password: "secret123", invite_code: INVITE });
      if (answer.type === "ok") acknowledged.push(account);
    };
    // Four writers keep registering while the backup is taken.
    let n = 0;
    const load = Promise.all([0, 1, 2, 3].map(async () => {
      while (writing) await register(n++);
    }));
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 50));
    const before = [...acknowledged];
    const made = await cli("backup", file, source);
    writing = false;
    await load;
    expect(made).toEqual({ code: 0, out: expect.stringMatching(/^Backup written/) });
    await server.stop();

    const restored = await cli("restore", file, target);
    expect(restored).toEqual({ code: 0, out: expect.stringMatching(/the ledger verifies/) });
    const database = await openDatabase({ dataDir: path.join(target, "pglite") });
    try {
      const accounts = new Set((await database.query<{ account: string }>("SELECT account FROM users")).map((row) => row.account));
      expect(before.filter((account) => !accounts.has(account))).toEqual([]);
      expect(await ledgerReads.verify(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    // The keys came along: a server starts on the restored folder and its users sign in.
    expect(fs.readFileSync(path.join(target, "vapid.json"))).toEqual(fs.readFileSync(path.join(source, "vapid.json")));
    const again = await startServer(target);
    expect(await again.post("user/login", { account: before[0], password: "secret123" })).toMatchObject({ type: "ok" });
    await again.stop();
  }, 300_000);

  it("never overwrites a folder that holds data unless told so", async () => {
    const marker = path.join(target, "pglite", "PG_VERSION");
    const stamp = fs.statSync(marker).mtimeMs;
    const refused = await cli("restore", file, target);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/already holds data; nothing was changed/);
    expect(fs.statSync(marker).mtimeMs).toBe(stamp);
    expect(await cli("restore", file, target, "--force")).toMatchObject({ code: 0 });
  }, 120_000);

  it("refuses a truncated, a foreign, an altered or a newer version's file, and changes nothing", async () => {
    const bytes = fs.readFileSync(file);
    const cases: [string, (f: string) => Promise<void> | void, RegExp][] = [
      ["truncated", (f) => fs.writeFileSync(f, bytes.subarray(0, bytes.length >> 1)), /truncated/],
      ["foreign", (f) => fs.writeFileSync(f, "id,amount\n1,2\n"), /not a TradeWise backup/],
      ["no manifest", (f) => craft(f, { "notes.txt": "hello" }), /no manifest/],
      ["format", (f) => craft(f, { [MANIFEST]: JSON.stringify({ app: "tradewise", format: 2, migrations: [], files: {} }) }), /format 2/],
      ["newer", (f) => craft(f, { [MANIFEST]: JSON.stringify({ app: "tradewise", format: 1, migrations: ["9999_future.sql"], files: {} }) }), /newer version.*9999_future/],
      [
        "altered",
        (f) => craft(f, { [MANIFEST]: JSON.stringify({ app: "tradewise", format: 1, migrations: [], files: { "pglite.tar": { size: 3, sha256: "0".repeat(64) } } }), "pglite.tar": "abc" }),
        /damaged/,
      ],
    ];
    for (const [name, make, message] of cases) {
      const bad = path.join(scratch, `${name}.bak`);
      await make(bad);
      const folder = path.join(scratch, `empty-${name}`);
      const answer = await cli("restore", bad, folder);
      expect(answer.code, name).not.toBe(0);
      expect(answer.out, name).toMatch(message);
      expect(fs.existsSync(path.join(folder, "pglite")), name).toBe(false);
    }
  }, 120_000);
});

describe.skipIf(testDatabaseKind() !== "postgres")("PostgreSQL: README's pg_dump and pg_restore procedure", () => {
  it("restores a dump into a new database whose users and ledger are all there", async () => {
    const server = await createTestServer();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const connect = ["-h", url.hostname, "-p", url.port || "5432", "-U", url.username || "postgres"];
    const name = (await server.database.query<{ name: string }>("SELECT current_database() AS name"))[0].name;
    const restoredName = `${name}_restored`;
    const dump = path.join(scratch, "pg.dump");
    try {
      for (let i = 0; i < 3; i++) await server.newUser();
      const users = (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM users"))[0].n;
      await run("pg_dump", ["-Fc", "-f", dump, ...connect, name]);
      await run("createdb", [...connect, restoredName]);
      await run("pg_restore", ["--no-owner", ...connect, "-d", restoredName, dump]);
      url.pathname = `/${restoredName}`;
      const restored = await openDatabase({ url: url.toString() });
      try {
        expect((await restored.query<{ n: number }>("SELECT count(*)::int AS n FROM users"))[0].n).toBe(users);
        expect(await ledgerReads.verify(restored.db)).toEqual([]);
      } finally {
        await restored.close();
      }
    } finally {
      await run("dropdb", ["--if-exists", "--force", ...connect, restoredName]).catch(() => undefined);
      await server.close();
    }
  }, 120_000);
});
