import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { holdDataDir } from "./data-dir-lock";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { sql, type ExtractTablesWithRelations, type SQL } from "drizzle-orm";

/** The query builder every service uses; the same type over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; services take it so the ledger posts inside the caller's transaction. */
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** Either: a read can run on the pool or inside a transaction. */
export type Executor = Db | Tx;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Runs a script of several statements (migrations). */
  execScript(sqlText: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows (for hot paths and tests). */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /**
   * A connection of its own, for session-level state such as advisory locks (migrations, the engine leader).
   * PGlite has one connection, shared.
   */
  dedicated(): Promise<Connection>;
  /** PostgreSQL only: the pool's connections (the metrics read it at each scrape). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: its data folder as an uncompressed tarball, which `image` opens again (the tests' migrated start). */
  dumpImage?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface Connection {
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  execScript(sqlText: string): Promise<void>;
  release(): void;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data folder; without it (and without url) the database lives in memory. */
  dataDir?: string;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
  /** A PGlite data folder dumped as a tarball (`dumpDataDir`), to start from instead of an empty cluster. */
  image?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.image);
}

async function openPglite(dataDir?: string, image?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // One process per data folder: the operator CLI beside a running server is refused, never written beside it.
  const release = dataDir ? holdDataDir(path.resolve(dataDir)) : () => {};
  const client = guardNestedUse(new PGlite({ dataDir, loadDataDir: image }));
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client) as unknown as Db;
  const connection: Connection = {
    async execScript(sqlText) {
      await client.exec(sqlText);
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const result = await client.query<T>(sqlText, params);
      return result.rows;
    },
    release() {},
  };
  return {
    kind: "pglite",
    db,
    execScript: connection.execScript,
    query: connection.query,
    async dedicated() {
      return connection;
    },
    dumpImage: () => client.dumpDataDir("none"),
    async close() {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite has one connection: a transaction holds it until it ends, and every other query waits. A query made
 * outside the transaction by the code running inside it (a service reading through `db` instead of `tx`) therefore
 * waits for itself and the whole process stops, only on PGlite and only when that read is not cached. Such a call
 * fails at once instead, with a message that names the mistake; on PostgreSQL it would take a second connection.
 */
const insideTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * Runs work that a transaction starts and does not wait for (an announcement once the commit is visible): its reads
 * queue behind the transaction instead of being refused as reads made from inside it.
 */
export function detached<T>(work: () => T): T {
  return insideTransaction.exit(work);
}

function guardNestedUse(client: PGlite): PGlite {
  const inside = insideTransaction;
  const refuse = () => {
    if (inside.getStore()?.open) throw new Error("PGlite: a query outside the open transaction, made from inside it, would wait for that transaction forever: use its tx");
  };
  const { query, exec, transaction } = client;
  client.query = ((...args: Parameters<PGlite["query"]>) => (refuse(), query.apply(client, args))) as PGlite["query"];
  client.exec = ((...args: Parameters<PGlite["exec"]>) => (refuse(), exec.apply(client, args))) as PGlite["exec"];
  client.transaction = (async (callback: Parameters<PGlite["transaction"]>[0]) => {
    refuse();
    const store = { open: true };
    // Work the callback starts and leaves running (a publish) may query once the transaction has ended.
    return inside.run(store, () => transaction.call(client, callback).finally(() => (store.open = false)));
  }) as PGlite["transaction"];
  return client;
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool) as unknown as Db;
  return {
    kind: "postgres",
    db,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async execScript(sqlText) {
      await pool.query(sqlText);
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const result = await pool.query(sqlText, params);
      return result.rows as T[];
    },
    async dedicated() {
      const client = await pool.connect();
      // A checked-out client has no error listener: a dropped connection (a leader's long-held lock connection when
      // the server restarts) would otherwise crash the process. Its next query fails instead, and the holder reacts.
      const ignore = () => {};
      client.on("error", ignore);
      return {
        async execScript(sqlText) {
          await client.query(sqlText);
        },
        async query<T>(sqlText: string, params: unknown[] = []) {
          return (await client.query(sqlText, params)).rows as T[];
        },
        release() {
          client.release();
        },
      };
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) for one parameter: statements pass one array per column and
 * `unnest` them, so thousands of rows cost a handful of parameters (building thousands of nested SQL fragments
 * costs more than running the statement).
 */
export function pgArray(values: readonly (string | number | boolean | null)[]): string {
  // Built by concatenation: a settlement passes hundreds of thousands of values. Numbers, decimal strings, ids, keys
  // and timestamps go bare (quotes on each were a fifth of the bytes sent); anything else is quoted and escaped.
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ",";
    if (v === null) out += "NULL";
    else if (typeof v === "number") out += String(v);
    else if (typeof v === "boolean") out += v ? "t" : "f";
    else out += BARE.test(v) ? v : `"${v.replace(ESCAPED, "\\$&")}"`;
  }
  return out + "}";
}

/** What an array literal reads back unquoted as the same text: no space, quote, comma or brace, and not NULL. */
const BARE = /^(?!null$)[\w.:+-]+$/i;
const ESCAPED = /[\\"]/g;

/** `column = ANY (ids)`: a batch's ids as one array parameter (an IN list of 1,000 parameters costs more to build than to run). */
export const idIn = (column: AnyPgColumn, ids: readonly number[]): SQL => sql`${column} = ANY (${pgArray(ids)}::bigint[])`;
