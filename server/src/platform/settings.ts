import { eq } from "drizzle-orm";
import type { Executor } from "./db";
import { settings } from "./platform.schema";

/**
 * Bumped whenever this process saves a setting: cached reads of it start over at once (a read racing the saving
 * transaction's commit may keep the old value, for one TTL at most).
 */
const savedVersions = new Map<string, number>();
const versionOf = (key: string) => savedVersions.get(key) ?? 0;

/** Reads a setting, or null. Settings are small JSON values an operator may change (limits, addresses...). */
export async function getSetting<T>(db: Executor, key: string): Promise<T | null> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return rows.length ? (rows[0].value as T) : null;
}

export async function putSetting(db: Executor, key: string, value: unknown): Promise<void> {
  savedVersions.set(key, versionOf(key) + 1);
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Returns the stored value, or stores and returns `create()`'s value on first use (atomic against a racer). */
export async function getOrCreateSetting<T>(db: Executor, key: string, create: () => T): Promise<T> {
  const existing = await getSetting<T>(db, key);
  if (existing !== null) return existing;
  await db.insert(settings).values({ key, value: create() }).onConflictDoNothing();
  return (await getSetting<T>(db, key)) as T;
}


/** The parsed value of a stored setting, or the default when it is absent or unreadable. */
export const parsedOrDefault =
  <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, fallback: T) =>
  (stored: unknown): T => {
    const parsed = schema.safeParse(stored);
    return parsed.success ? parsed.data : fallback;
  };

export interface SettingReader<T> {
  readonly key: string;
  /** From the database (inside a transaction: the value it sees). Back-office screens and money paths under a lock. */
  read(db: Executor): Promise<T>;
  /**
   * At most `ttlMs` old, per database: for hot paths that need it on every order. Saving it through this process
   * drops the cached value at once; another process's save shows within `ttlMs`.
   */
  cached(db: Executor): Promise<T>;
  save(db: Executor, value: T): Promise<void>;
}

/** One operator-edited configuration kept in settings, read through `parse` (which gives the default when absent). */
export function settingReader<T>(key: string, parse: (stored: unknown) => T, ttlMs = 5_000): SettingReader<T> {
  // The read in flight is cached, not only its value: when the TTL ends under load, the orders waiting then share one
  // read instead of each sending its own (50 users placing orders sent 50 reads of each setting every 5 s).
  const cache = new WeakMap<Executor, { atMs: number; version: number; value: Promise<T> }>();
  const read = async (db: Executor) => parse(await getSetting<unknown>(db, key));
  return {
    key,
    read,
    cached(db) {
      const hit = cache.get(db);
      const nowMs = Date.now();
      if (hit && hit.version === versionOf(key) && nowMs - hit.atMs <= ttlMs) return hit.value;
      const entry = { atMs: nowMs, version: versionOf(key), value: read(db) };
      cache.set(db, entry);
      // A failed read is not kept: the next caller reads again.
      entry.value.catch(() => cache.get(db) === entry && cache.delete(db));
      return entry.value;
    },
    save: (db, value) => putSetting(db, key, value),
  };
}
