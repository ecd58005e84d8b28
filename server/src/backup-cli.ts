/**
 * Backups of the embedded database and its data folder (DATA_DIR), from the shell:
 *   npm run backup -- FILE             a consistent copy, while a server runs on DATA_DIR (it is asked) or not
 *   npm run restore -- FILE [--force]  into DATA_DIR; a folder that already holds data is refused without --force
 * On PostgreSQL the database is pg_dump's (README); these commands refuse it.
 */
import fs from "node:fs";
import path from "node:path";
import { ledgerReads } from "./ledger";
import { BackupError, clusterImage, holdsData, readBackup, requestBackup, writeBackup, writeKeys, type Manifest } from "./platform/backup";
import { loadConfig } from "./platform/config";
import { openDatabase } from "./platform/db";
import { holdDataDir } from "./platform/data-dir-lock";
import { migrationsDir } from "./platform/migrate";

const [command, file, ...flags] = process.argv.slice(2);
const force = flags.includes("--force");
if ((command !== "backup" && command !== "restore") || !file) {
  console.error("usage: npm run backup -- FILE | npm run restore -- FILE [--force]");
  process.exit(2);
}

const config = loadConfig();
const dataDir = path.resolve(config.DATA_DIR);
const cluster = path.join(dataDir, "pglite");

try {
  if (config.DATABASE_URL) throw new BackupError("DATABASE_URL is set: back up PostgreSQL with pg_dump and restore it with pg_restore (README, Backups).");
  if (command === "backup") await backup(path.resolve(file));
  else await restore(path.resolve(file));
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}

async function backup(target: string) {
  if (!fs.existsSync(path.join(cluster, "PG_VERSION"))) throw new BackupError(`There is no database in ${dataDir} to back up.`);
  // Written beside the target and renamed at the end: a failed backup never leaves a short file under its name.
  const part = `${target}.part`;
  try {
    if (serverHolds(cluster)) {
      await requestBackup(dataDir, fs.createWriteStream(part));
    } else {
      const database = await openDatabase({ dataDir: cluster });
      try {
        await writeBackup(database, dataDir, fs.createWriteStream(part));
      } finally {
        await database.close();
      }
    }
    // Read back before it is named: what is kept is known to restore.
    const { manifest } = await readBackup(fs.createReadStream(part), knownMigrations());
    fs.renameSync(part, target);
    console.log(`Backup written to ${target}: ${describe(manifest)}.`);
  } finally {
    fs.rmSync(part, { force: true });
  }
}

async function restore(source: string) {
  if (!fs.existsSync(source)) throw new BackupError(`No such file: ${source}`);
  const { manifest, members } = await readBackup(fs.createReadStream(source), knownMigrations());
  if (holdsData(dataDir) && !force) throw new BackupError(`${dataDir} already holds data; nothing was changed. Give --force to replace it.`);
  fs.mkdirSync(dataDir, { recursive: true });
  // Refuses while a server runs on the folder, and keeps any other command out until the restore is done.
  let release: () => void;
  try {
    release = holdDataDir(cluster);
  } catch (error) {
    throw new BackupError(`${(error as Error).message} Nothing was changed.`);
  }
  const staging = `${cluster}.restoring`;
  try {
    fs.rmSync(staging, { recursive: true, force: true });
    const database = await openDatabase({ dataDir: staging, image: clusterImage(members) });
    try {
      const problems = await ledgerReads.verify(database.db);
      if (problems.length) throw new BackupError(`The backup's ledger does not verify; nothing was changed:\n${problems.join("\n")}`);
    } finally {
      await database.close();
    }
    fs.rmSync(cluster, { recursive: true, force: true });
    fs.renameSync(staging, cluster);
    writeKeys(members, dataDir);
    console.log(`Restored into ${dataDir}: ${describe(manifest)}; the ledger verifies.`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

function serverHolds(folder: string): boolean {
  try {
    const holder = Number(fs.readFileSync(`${folder}.lock`, "utf8").trim());
    process.kill(holder, 0);
    return holder !== process.pid;
  } catch {
    return false;
  }
}

function knownMigrations(): string[] {
  return fs.readdirSync(migrationsDir).filter((name) => name.endsWith(".sql"));
}

function describe(manifest: Manifest): string {
  const files = Object.entries(manifest.files).map(([name, { size }]) => `${name} ${size} bytes`);
  return `made ${manifest.created_at}, ${manifest.migrations.length} migrations, ${files.join(", ")}`;
}
