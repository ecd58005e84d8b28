import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { holdDataDir } from "./data-dir-lock";
import { openDatabase } from "./db";

const run = promisify(execFile);
const withoutDatabaseUrl = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "DATABASE_URL"));
const root = fs.mkdtempSync(path.join(os.tmpdir(), "tw-lock-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("one process per embedded data folder", () => {
  it("refuses the operator CLI while a server holds the data folder, with a clear message", async () => {
    const dataDir = path.join(root, "data");
    // The "server": this process opens the embedded database and holds it.
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const cli = path.resolve(import.meta.dirname, "../operator-cli.ts");
      const tsx = path.resolve(import.meta.dirname, "../../../node_modules/.bin/tsx");
      const refused = await run(tsx, [cli, "create", "second_op", "operator-pass-1"], { env: { ...withoutDatabaseUrl(), DATA_DIR: dataDir, LOG_LEVEL: "silent" } }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused?.code).not.toBe(0);
      expect(refused?.stderr).toMatch(/in use by process \d+/);
      expect(refused?.stderr).toContain("Stop it first");
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  }, 180_000);

  it("takes over a lock left by a process that died, and releases its own", () => {
    const dir = path.join(root, "stale");
    fs.writeFileSync(`${dir}.lock`, "999999999");
    const release = holdDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a folder a live process holds", () => {
    const dir = path.join(root, "held");
    // The parent of this test process is alive and is not this process.
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => holdDataDir(dir)).toThrow(/in use by process/);
  });
});
