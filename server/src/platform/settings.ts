import { eq } from "drizzle-orm";
import type { Executor } from "./db";
import { settings } from "./platform.schema";

/** Reads a setting, or null. Settings are small JSON values an operator may change (limits, addresses...). */
export async function getSetting<T>(db: Executor, key: string): Promise<T | null> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return rows.length ? (rows[0].value as T) : null;
}

export async function putSetting(db: Executor, key: string, value: unknown): Promise<void> {
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
