import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./db";

export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../migrations");

/** An arbitrary constant: the advisory lock that lets only one process migrate at a time. */
const MIGRATION_LOCK = 7_245_001;

/**
 * Applies `server/migrations/*.sql` in name order, each once, each in its own transaction. Several processes may
 * start together against one PostgreSQL; the advisory lock makes the others wait for the first.
 */
export async function migrate(database: Database, dir = migrationsDir): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const applied: string[] = [];
  const connection = await database.dedicated();
  const lock = database.kind === "postgres";
  if (lock) await connection.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
  try {
    await connection.execScript(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set((await connection.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const body = fs.readFileSync(path.join(dir, file), "utf8");
      const name = file.replace(/'/g, "''");
      await connection.execScript(`BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
      applied.push(file);
    }
  } finally {
    if (lock) await connection.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    connection.release();
  }
  return applied;
}
