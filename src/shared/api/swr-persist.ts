/**
 * The offline copy of SWR's cache (see ./swr.ts): one IndexedDB database per signed-in user
 * (`tradewise-cache-<user id>`, store `swr`), each key saved as its data, its infinite-list page count and when it
 * last changed. Writes are batched (at most one a second, and at once when the page is hidden: phones kill
 * background apps without notice). Logout clears the database of the user who was signed in.
 */
import type { Cache, State } from "swr";
import { clear, createStore, delMany, entries, setMany, type UseStore } from "idb-keyval";
import { store, userInfoAtom } from "../state/store";

/** Where ./swr.ts keeps the update times (passed in: importing swr.ts here would split the entry's chunks). */
export interface Times {
  updatedAt: Map<string, number>;
  notify(): void;
}

/** What one key keeps on disk. */
interface Persisted {
  data: unknown;
  /** useSWRInfinite's page count (`_l`). */
  l?: number;
  at: number;
}

type Entry = State & { _l?: number };

/** Data older than this is not worth showing as "last known" (and would let the database grow forever). */
export const PERSIST_MAX_AGE_MS = 14 * 24 * 3600_000;
const FLUSH_DELAY_MS = 1_000;

export const cacheDatabaseName = (userId: number) => `tradewise-cache-${userId}`;
const storeFor = (userId: number): UseStore => createStore(cacheDatabaseName(userId), "swr");

let owner: UseStore | null = null;
let ownerId: number | null = null;
/** The database of the user signed in last: logout clears the session first, then asks to clear this. */
let lastOwner: UseStore | null = null;
let snapshot: [string, Persisted][] = [];
const dirty = new Set<string>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let attached: Cache | null = null;
let times = new Map<string, number>();

function setOwner(userId: number | null): void {
  if (userId === ownerId) return;
  if (owner) lastOwner = owner;
  ownerId = userId;
  owner = userId === null ? null : storeFor(userId);
}

setOwner(store.get(userInfoAtom)?.id ?? null);
store.sub(userInfoAtom, () => setOwner(store.get(userInfoAtom)?.id ?? null));

/** Internal SWR keys that hold no server data (subscriptions, context). */
const isDataKey = (key: string) => !key.startsWith("$sub$") && !key.startsWith("$ctx$");

/** Reads a user's saved answers, to be put into the cache by `attach`. */
export async function loadSnapshot(userId: number): Promise<void> {
  setOwner(userId);
  const target = owner;
  if (!target) return;
  try {
    const rows = (await entries<string, Persisted>(target)) as [string, Persisted][];
    const oldest = Date.now() - PERSIST_MAX_AGE_MS;
    snapshot = rows.filter(([, row]) => row && row.at >= oldest && row.data !== undefined);
    const stale = rows.filter(([, row]) => !row || row.at < oldest).map(([key]) => key);
    if (stale.length > 0) void delMany(stale, target).catch(() => undefined);
  } catch {
    // A private window or a full disk: the app works without the offline copy.
    snapshot = [];
  }
}

/** Fills the cache from the snapshot and starts writing its changes through (once per cache). */
export function attach(cache: Cache, { updatedAt, notify: notifyTimes }: Times): void {
  if (attached === cache) return;
  attached = cache;
  times = updatedAt;
  for (const [key, row] of snapshot) {
    if (cache.get(key)?.data !== undefined) continue;
    const state: Entry = { data: row.data };
    if (row.l !== undefined) state._l = row.l;
    cache.set(key, state);
    updatedAt.set(key, row.at);
  }
  snapshot = [];
  notifyTimes();

  const set = cache.set.bind(cache);
  const remove = cache.delete.bind(cache);
  cache.set = (key: string, value: Entry) => {
    const before = cache.get(key) as Entry | undefined;
    set(key, value);
    if (!isDataKey(key)) return;
    // A fetch that succeeded with equal data keeps the old reference: it still confirms the data is current.
    const confirmed = before?.isValidating === true && value.isValidating === false && value.error === undefined && value.data !== undefined;
    const changed = before?.data !== value.data;
    if (!changed && !confirmed && before?._l === value._l) return;
    if (changed || confirmed) {
      if (value.data === undefined) updatedAt.delete(key);
      else updatedAt.set(key, Date.now());
      notifyTimes();
    }
    markDirty(key);
  };
  cache.delete = (key: string) => {
    const existed = remove(key);
    if (isDataKey(key)) {
      updatedAt.delete(key);
      markDirty(key);
    }
    return existed;
  };
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && void flush());
  window.addEventListener("pagehide", () => void flush());
}

function markDirty(key: string): void {
  dirty.add(key);
  if (flushTimer === undefined) flushTimer = setTimeout(() => void flush(), FLUSH_DELAY_MS);
}

/** Writes the changed keys to the signed-in user's database (nothing when signed out). */
export async function flush(): Promise<void> {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  const cache = attached;
  if (dirty.size === 0 || !cache) return;
  const keys = [...dirty];
  dirty.clear();
  const target = owner;
  if (!target) return;
  const puts: [string, Persisted][] = [];
  const removals: string[] = [];
  for (const key of keys) {
    const state = cache.get(key) as Entry | undefined;
    if (state?.data === undefined) removals.push(key);
    else puts.push([key, { data: state.data, l: state._l, at: times.get(key) ?? Date.now() }]);
  }
  try {
    if (puts.length > 0) await setMany(puts, target);
    if (removals.length > 0) await delMany(removals, target);
  } catch {
    // Not cloneable or no space: the offline copy is a convenience, never a reason to fail a screen.
  }
}

/** Logout: forget pending writes and empty the database of the user who was signed in. */
export async function clearSaved(): Promise<void> {
  const target = owner ?? lastOwner;
  clearTimeout(flushTimer);
  flushTimer = undefined;
  dirty.clear();
  snapshot = [];
  lastOwner = null;
  if (target) await clear(target).catch(() => undefined);
}
