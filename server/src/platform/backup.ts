import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";
import type { Database } from "./db";

/**
 * Backups of the embedded database's data folder: one gzip'd tar with a manifest first (format, migrations, each
 * member's size and SHA-256), then the PGlite cluster as PGlite dumps it and the keys the data folder holds. The dump
 * is taken between two queries (PGlite runs one at a time), so it is what a crash at that instant would leave: every
 * committed transaction is in it, and one still open is rolled back when the copy starts. Uploads live in the database
 * (`stored_images`), so they come with it.
 */
export const BACKUP_FORMAT = 1;
export const MANIFEST = "tradewise-backup.json";
const CLUSTER = "pglite.tar";
/** The secrets a data folder keeps beside the database: without them a restored server cannot read its sealed secrets. */
export const KEY_FILES = ["operator-secret.key", "vapid.json"] as const;

export interface Manifest {
  format: number;
  app: "tradewise";
  created_at: string;
  database: "pglite";
  migrations: string[];
  files: Record<string, { size: number; sha256: string }>;
}

/** A refusal the command prints as it is, without a stack: what is wrong with the file or the folder. */
export class BackupError extends Error {}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Writes a backup of `database` (PGlite) and the keys of `dataDir` to `out`; resolves with its manifest once written. */
export async function writeBackup(database: Database, dataDir: string, out: Writable): Promise<Manifest> {
  if (!database.dumpImage) throw new BackupError("Only the embedded database is backed up this way; for PostgreSQL use pg_dump (README).");
  const migrations = (await database.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name")).map((row) => row.name);
  const members = new Map<string, Buffer>([[CLUSTER, Buffer.from(await (await database.dumpImage()).arrayBuffer())]]);
  for (const name of KEY_FILES) {
    const file = path.join(dataDir, name);
    if (fs.existsSync(file)) members.set(name, fs.readFileSync(file));
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    app: "tradewise",
    created_at: new Date().toISOString(),
    database: "pglite",
    migrations,
    files: Object.fromEntries([...members].map(([name, bytes]) => [name, { size: bytes.length, sha256: sha256(bytes) }])),
  };
  const pack = tar.pack();
  const written = pipeline(pack, zlib.createGzip(), out);
  pack.entry({ name: MANIFEST }, JSON.stringify(manifest, null, 1));
  for (const [name, bytes] of members) pack.entry({ name, mode: KEY_FILES.includes(name as never) ? 0o600 : 0o644 }, bytes);
  pack.finalize();
  await written;
  return manifest;
}

/** Reads and checks a whole backup: a foreign, truncated or altered file, or one of another format, is refused. */
export async function readBackup(input: Readable, knownMigrations: string[]): Promise<{ manifest: Manifest; members: Map<string, Buffer> }> {
  const members = new Map<string, Buffer>();
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk) => chunks.push(chunk as Buffer));
    // A file cut inside this member fails the whole pipeline below, which says so.
    stream.on("error", () => {});
    stream.on("end", () => {
      members.set(header.name, Buffer.concat(chunks));
      next();
    });
  });
  try {
    await pipeline(input, zlib.createGunzip(), extract);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_BUF_ERROR" || /unexpected end/i.test(String(error))) throw new BackupError("The backup is truncated: it ends before its last byte was written.");
    throw new BackupError("This is not a TradeWise backup (not a gzip'd archive of one).");
  }
  const raw = members.get(MANIFEST);
  if (!raw) throw new BackupError("This is not a TradeWise backup (it has no manifest).");
  let manifest: Manifest;
  try {
    manifest = JSON.parse(raw.toString("utf8")) as Manifest;
  } catch {
    throw new BackupError("This is not a TradeWise backup (its manifest cannot be read).");
  }
  if (manifest.app !== "tradewise") throw new BackupError("This is not a TradeWise backup.");
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`This backup has format ${manifest.format}; this version reads format ${BACKUP_FORMAT}.`);
  const unknown = manifest.migrations.filter((name) => !knownMigrations.includes(name));
  if (unknown.length) throw new BackupError(`This backup was made by a newer version (migrations this one does not have: ${unknown.join(", ")}).`);
  for (const [name, { size, sha256: digest }] of Object.entries(manifest.files)) {
    const bytes = members.get(name);
    if (!bytes || bytes.length !== size) throw new BackupError(`The backup is truncated: ${name} is missing or short.`);
    if (sha256(bytes) !== digest) throw new BackupError(`The backup is damaged: ${name} does not match its checksum.`);
  }
  if (!members.has(CLUSTER)) throw new BackupError("This backup holds no database.");
  members.delete(MANIFEST);
  return { manifest, members };
}

/** Whether a data folder already holds a database or keys (what restore will not overwrite unless forced). */
export function holdsData(dataDir: string): boolean {
  const cluster = path.join(dataDir, "pglite");
  return (fs.existsSync(cluster) && fs.readdirSync(cluster).length > 0) || KEY_FILES.some((name) => fs.existsSync(path.join(dataDir, name)));
}

/** The backup's cluster as PGlite's `loadDataDir` opens it. */
export const clusterImage = (members: Map<string, Buffer>): Blob => new Blob([new Uint8Array(members.get(CLUSTER)!)]);

/** Writes the backup's keys into `dataDir`, readable by the owner only, replacing what is there. */
export function writeKeys(members: Map<string, Buffer>, dataDir: string): void {
  for (const name of KEY_FILES) {
    const bytes = members.get(name);
    if (bytes) fs.writeFileSync(path.join(dataDir, name), bytes, { mode: 0o600 });
  }
}

/** Where a running server listens for backup requests: inside its data folder, so only who may read the folder may ask. */
export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), "control.sock");

/**
 * A running server on the embedded database holds its data folder alone, so the backup command asks it: it connects
 * to the data folder's socket, writes `backup`, and reads the archive until the server closes.
 */
export async function listenForBackups(database: Database, dataDir: string, log: { error: (o: object, m: string) => void }): Promise<() => Promise<void>> {
  const file = controlSocketPath(dataDir);
  // The process holds the data folder's lock, so a socket file here was left by a process that died.
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    socket.once("data", (line) => {
      if (line.toString("utf8").trim() !== "backup") return void socket.end();
      writeBackup(database, dataDir, socket).catch((error: unknown) => {
        log.error({ err: error }, "backup failed");
        socket.destroy();
      });
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(file, resolve));
  fs.chmodSync(file, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Asks the server holding `dataDir` for a backup and writes it to `out`. */
export function requestBackup(dataDir: string, out: Writable): Promise<void> {
  const socket = net.connect(controlSocketPath(dataDir));
  socket.write("backup\n");
  return pipeline(socket, out);
}
