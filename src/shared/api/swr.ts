/**
 * The app's server-data cache (SWR) and its offline copy.
 *
 * Every answer is written through to IndexedDB in one database per signed-in user and read back before the first
 * render, so wallets, orders, records, quotes and news show offline; logout clears that user's database. The
 * writing and reading live in ./swr-persist.ts, loaded only once somebody is signed in (a visitor on the login
 * page never downloads it; a signed-in user gets it from the service worker's precache).
 *
 * Why observe SWR's default cache instead of giving SWRConfig a new one: the `mutate` exported by "swr" (used by
 * every api/ file to refresh keys after a mutation) is bound to the default cache. A separate provider cache would
 * silently stop those refreshes. So `persistentProvider` returns the default cache itself.
 *
 * Each key also records when its data last changed or was confirmed (`updatedAt`), and `trackMountedKeys` (an SWR
 * middleware) knows which keys the mounted screens use, so the offline bar can say how old the data on show is.
 */
import { mutate, unstable_serialize, type Cache, type Middleware } from "swr";
import { useEffect } from "react";
import { store, userInfoAtom } from "../state/store";
import { dropPrimed } from "./primed";

type Persistence = typeof import("./swr-persist");

let cache: Cache | null = null;
let persistence: Promise<Persistence> | null = null;
/** The module once loaded: the provider must fill the cache synchronously, before the first hook reads it. */
let loaded: Persistence | null = null;

/** Loads the persistence module once (idempotent). */
function persist(): Promise<Persistence> {
  persistence ??= import("./swr-persist").then((module) => (loaded = module));
  return persistence;
}

/** `boot` awaits this before the first render: the signed-in user's saved answers. */
export async function loadServerCache(): Promise<void> {
  const user = store.get(userInfoAtom);
  if (!user) return;
  const module = await persist().catch(() => null);
  await module?.loadSnapshot(user.id);
}

// Signing in starts the offline copy (the module switches databases on later sign-ins by itself).
store.sub(userInfoAtom, () => {
  if (store.get(userInfoAtom) && cache) void persist().then((module) => cache && module.attach(cache, times));
});

/** SWRConfig `provider`: the default cache, filled from the saved snapshot and written through to IndexedDB. */
export function persistentProvider(given: Cache): Cache {
  if (cache === given) return given;
  cache = given;
  // Already loaded by `loadServerCache` for a signed-in user: the snapshot goes in before any hook reads.
  if (loaded && store.get(userInfoAtom)) loaded.attach(given, times);
  return given;
}

/** Drops every cached server answer, in memory and on disk (on logout, so the next user sees nothing of the last). */
export async function clearServerCache(): Promise<void> {
  dropPrimed();
  await mutate(() => true, undefined, { revalidate: false });
  updatedAt.clear();
  notifyTimes();
  if (persistence) await (await persistence).clearSaved();
}

// ---- how old is what the screen shows ------------------------------------------------------------------------

/** When each key's data last changed or was confirmed by a fetch (ms). Written by ./swr-persist.ts. */
export const updatedAt = new Map<string, number>();
/** How many mounted hooks use each key. */
export const mounted = new Map<string, number>();
export const timeListeners = new Set<() => void>();

export function notifyTimes(): void {
  for (const listener of [...timeListeners]) listener();
}

const times = { updatedAt, notify: notifyTimes };

/** The cache key of a hook's key argument; a function key (conditional or infinite) stands for its first page. */
function keyOf(key: unknown): string {
  try {
    const resolved = typeof key === "function" ? (key as (index: number, previous: null) => unknown)(0, null) : key;
    return unstable_serialize(resolved as Parameters<typeof unstable_serialize>[0]);
  } catch {
    return "";
  }
}

/** SWR middleware: counts the keys the mounted screens use. */
export const trackMountedKeys: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const serialized = keyOf(key);
  useEffect(() => {
    if (!serialized) return;
    mounted.set(serialized, (mounted.get(serialized) ?? 0) + 1);
    notifyTimes();
    return () => {
      const count = (mounted.get(serialized) ?? 1) - 1;
      if (count > 0) mounted.set(serialized, count);
      else mounted.delete(serialized);
      notifyTimes();
    };
  }, [serialized]);
  return useSWRNext(key, fetcher, config);
};
