import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freshDatabase } from "../testing/harness";
import type { Database } from "./db";

/** Every table the migrations create is mirrored in drizzle, column for column (ARCHITECTURE.md's rule). */

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function drizzleTables(): Promise<Map<string, string[]>> {
  const root = join(__dirname, "..");
  // Every module that declares a table (mostly *.schema.ts; a few platform helpers keep theirs beside the code).
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && readFileSync(join(root, f), "utf8").includes("pgTable("),
  );
  const tables = new Map<string, string[]>();
  for (const file of files) {
    const module = (await import(join(root, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      tables.set(config.name, config.columns.map((c) => c.name).sort());
    }
  }
  return tables;
}

it("mirrors every migrated table and column in drizzle", async () => {
  const columns = await database.query<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'",
  );
  const migrated = new Map<string, string[]>();
  for (const c of columns) migrated.set(c.table_name, [...(migrated.get(c.table_name) ?? []), c.column_name]);
  const mirrored = await drizzleTables();
  const problems: string[] = [];
  for (const [table, names] of migrated) {
    const mirror = mirrored.get(table);
    if (!mirror) problems.push(`${table}: no drizzle table`);
    else if (mirror.join(",") !== names.sort().join(",")) problems.push(`${table}: drizzle has ${mirror.join(",")}, the database ${names.join(",")}`);
  }
  expect(problems).toEqual([]);
});
