import { getTableColumns, getTableName, SQL, StringChunk, type InferInsertModel, type InferSelectModel, type SQLChunk } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { pgArray, type Executor } from "./db";
import { invariant } from "./errors";

// The hot paths' statements over many rows (a group-committed batch of orders, a tick's settlement batch): one array
// parameter per column, `unnest`ed as the ledger's statements are, the rows mapped by the table's own columns.

/**
 * A multi-row INSERT for the hot paths (a group-committed batch of orders): one array parameter per column,
 * `unnest`ed as the ledger's statements are, instead of one parameter per value. Drizzle's own multi-row insert
 * builds, checks and maps each of 30 columns x 500 rows (15,000 parameters): on the placement path that was the
 * largest share of the server's CPU after the sockets. Values go in and rows come back through the table's own column
 * mappings, so the answer is what a select would give. Every row names the same columns; the others take their
 * defaults. Rows are inserted in the order given, and come back in it as PostgreSQL's RETURNING gives them.
 */
export async function insertMany<T extends PgTable>(db: Executor, table: T, values: ReadonlyArray<InferInsertModel<T>>): Promise<Array<InferSelectModel<T>>>;
/** Only these columns come back (a caller that knows the rest, as it wrote them, reads back only the generated ids). */
export async function insertMany<T extends PgTable, K extends keyof InferSelectModel<T> & string>(
  db: Executor,
  table: T,
  values: ReadonlyArray<InferInsertModel<T>>,
  returning: readonly K[],
): Promise<Array<Pick<InferSelectModel<T>, K>>>;
export async function insertMany<T extends PgTable>(db: Executor, table: T, values: ReadonlyArray<InferInsertModel<T>>, returning?: readonly string[]): Promise<Array<Record<string, unknown>>> {
  if (!values.length) return [];
  const rows = values as ReadonlyArray<Record<string, unknown>>;
  const columns = columnsOf(table);
  const written = columns.map(([key]) => rows[0][key] !== undefined);
  for (const row of rows) for (let c = 0; c < columns.length; c++) invariant((row[columns[c][0]] !== undefined) === written[c], "every row of insertMany names the same columns");
  const { named, returned, text } = statementOf(table, columns, written, returning);
  // The statement's text is built once per shape; each call passes only its arrays, one parameter per column.
  const chunks: unknown[] = [new StringChunk(text[0])];
  named.forEach(([key, column], i) => {
    const list = values.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      return value === null ? null : (column.mapToDriverValue(value) as string | number | boolean);
    });
    chunks.push(pgArray(list), new StringChunk(text[i + 1]));
  });
  const result = (await db.execute(new SQL(chunks as SQLChunk[]))) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows.map((raw) => rowOf(raw, returned));
}

/**
 * The rows with these ids, locked FOR UPDATE in id order (a settlement batch's positions or orders), as a select of
 * the table reads them; an unknown id is absent. Drizzle's select maps each value through the paths of a generic
 * result (an iterator per column and row): for a batch of 1,000 positions of 45 columns that was ~5 KB of garbage per row.
 */
export async function lockMany<T extends PgTable & { id: PgColumn }>(db: Executor, table: T, ids: readonly number[]): Promise<Array<InferSelectModel<T>>> {
  if (!ids.length) return [];
  const columns = columnsOf(table);
  let text = lockStatements.get(table);
  if (!text) {
    const id = quote(table.id.name);
    lockStatements.set(table, (text = [`SELECT * FROM ${quote(getTableName(table))} WHERE ${id} = ANY (`, `::bigint[]) ORDER BY ${id} FOR UPDATE`]));
  }
  const result = (await db.execute(new SQL([new StringChunk(text[0]), pgArray(ids), new StringChunk(text[1])] as SQLChunk[]))) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows.map((raw) => rowOf(raw, columns) as InferSelectModel<T>);
}

/** A row as the driver answers it (by column name) mapped to the table's keys through each column's own mapping. */
function rowOf(raw: Record<string, unknown>, columns: Columns): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const lockStatements = new WeakMap<PgTable, string[]>();

type Columns = Array<[string, PgColumn]>;

/** A shape's statement: the columns written and returned, and its text around the one array parameter per column. */
interface Statement {
  named: Columns;
  returned: Columns;
  text: string[];
}

const columnsByTable = new WeakMap<PgTable, Columns>();
const statements = new WeakMap<PgTable, Map<string, Statement>>();

function columnsOf(table: PgTable): Columns {
  let columns = columnsByTable.get(table);
  if (!columns) columnsByTable.set(table, (columns = Object.entries(getTableColumns(table)) as Columns));
  return columns;
}

function statementOf(table: PgTable, columns: Columns, written: readonly boolean[], returning?: readonly string[]): Statement {
  const shape = `${written.map((w) => (w ? 1 : 0)).join("")}|${returning?.join(",") ?? "*"}`;
  let byShape = statements.get(table);
  if (!byShape) statements.set(table, (byShape = new Map()));
  const known = byShape.get(shape);
  if (known) return known;
  const named = columns.filter((_, c) => written[c]);
  invariant(named.length > 0, "insertMany writes at least one column");
  const returned = returning ? columns.filter(([key]) => returning.includes(key)) : columns;
  invariant(returned.length === (returning?.length ?? columns.length), "insertMany returns only columns of the table");
  const aliases = named.map((_, i) => `c${i}`).join(", ");
  const list = returning ? returned.map(([, column]) => quote(column.name)).join(", ") : "*";
  const text = [`INSERT INTO ${quote(getTableName(table))} (${named.map(([, column]) => quote(column.name)).join(", ")}) SELECT ${aliases} FROM unnest(`];
  named.forEach(([, column], i) => text.push(`::${column.getSQLType()}[]${i < named.length - 1 ? ", " : `) WITH ORDINALITY AS v (${aliases}, n) ORDER BY n RETURNING ${list}`}`));
  const statement = { named, returned, text };
  byShape.set(shape, statement);
  return statement;
}
