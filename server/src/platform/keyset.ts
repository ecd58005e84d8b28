import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "./db";

/**
 * Keyset pagination of time-ordered rows (statements): a page is the rows after the last one read, by
 * (time, id, event), never an OFFSET, so a year of rows streams page by page at the same cost per page.
 * `at` is the database's own text of the time (microseconds kept: a JavaScript Date would round them away and a page
 * could skip or repeat a row).
 */
export interface Keyset {
  at: string;
  id: number;
  /** Which event of the row (a position's opening 0, its close 1), so one row may give several lines. */
  ev: number;
}

export interface KeysetRow<R> {
  key: Keyset;
  time: Date;
  row: R;
}

/** From a time up to, not including, another. */
export interface TimeRange {
  from: Date;
  until: Date;
}

/** One page of a user's rows over a range after a key (what a domain hands a statement). */
export type PageReader<R> = (userId: number, range: TimeRange, after: Keyset | null, limit: number) => Promise<KeysetRow<R>[]>;

/**
 * One page of `events`, a SELECT whose rows have `id`, `ev` and `at` (a timestamptz), ordered by them, after `after`.
 * `toRow` maps a database row (its `at` a Date) to the line.
 */
export async function keysetPage<R>(db: Executor, events: SQL, after: Keyset | null, limit: number, toRow: (row: Record<string, unknown>) => R): Promise<KeysetRow<R>[]> {
  const from = after ? sql`WHERE (t.at, t.id, t.ev) > (${after.at}::timestamptz, ${after.id}, ${after.ev})` : sql``;
  const result = (await db.execute(sql`SELECT t.*, t.at::text AS at_key FROM (${events}) t ${from} ORDER BY t.at, t.id, t.ev LIMIT ${limit}`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => {
    const time = row.at instanceof Date ? row.at : new Date(String(row.at));
    return { key: { at: String(row.at_key), id: Number(row.id), ev: Number(row.ev) }, time, row: toRow({ ...row, at: time }) };
  });
}

/** Every row of a reader, page after page (the next page is read only when the consumer asks for it). */
export async function* allPages<R>(read: (after: Keyset | null) => Promise<KeysetRow<R>[]>, limit: number): AsyncGenerator<KeysetRow<R>> {
  let after: Keyset | null = null;
  for (;;) {
    const page = await read(after);
    yield* page;
    if (page.length < limit) return;
    after = page[page.length - 1].key;
  }
}

/** Merges sorted streams into one sorted stream (`before(a, b)`: a comes first), holding one item of each. */
export async function* mergeSorted<T>(sources: AsyncIterable<T>[], before: (a: T, b: T) => boolean): AsyncGenerator<T> {
  const iterators = sources.map((source) => source[Symbol.asyncIterator]());
  const heads = await Promise.all(iterators.map((it) => it.next()));
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) if (!heads[i].done && (best < 0 || before(heads[i].value as T, heads[best].value as T))) best = i;
    if (best < 0) return;
    yield heads[best].value as T;
    heads[best] = await iterators[best].next();
  }
}
