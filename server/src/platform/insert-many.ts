import { getTableColumns, sql, type InferInsertModel, type InferSelectModel } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { pgArray, type Executor } from "./db";
import { invariant } from "./errors";

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
  const columns = Object.entries(getTableColumns(table));
  const returned = returning ? columns.filter(([key]) => returning.includes(key)) : columns;
  invariant(returned.length === (returning?.length ?? columns.length), "insertMany returns only columns of the table");
  const valueOf = (row: InferInsertModel<T>, key: string) => (row as Record<string, unknown>)[key];
  const named = columns.filter(([key]) => valueOf(values[0], key) !== undefined);
  for (const row of values) invariant(columns.every(([key]) => (valueOf(row, key) === undefined) === (valueOf(values[0], key) === undefined)), "every row of insertMany names the same columns");
  const names = sql.join(named.map(([, column]) => sql.identifier(column.name)), sql`, `);
  const aliases = sql.join(named.map((_, i) => sql.raw(`c${i}`)), sql`, `);
  const arrays = sql.join(
    named.map(([key, column]) => {
      const list = values.map((row) => {
        const value = valueOf(row, key);
        return value === null ? null : (column.mapToDriverValue(value) as string | number | boolean);
      });
      return sql`${pgArray(list)}::${sql.raw(column.getSQLType())}[]`;
    }),
    sql`, `,
  );
  const list = returning ? sql.join(returned.map(([, column]) => sql.identifier(column.name)), sql`, `) : sql`*`;
  const result = (await db.execute(sql`INSERT INTO ${table} (${names}) SELECT ${aliases} FROM unnest(${arrays}) WITH ORDINALITY AS v (${aliases}, n) ORDER BY n RETURNING ${list}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  return result.rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of returned) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row;
  });
}
