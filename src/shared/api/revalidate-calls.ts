import { unstable_serialize, type Cache, type ScopedMutator } from "swr";

/**
 * Revalidates every cached answer of the given calls, whatever their other key parts (a page, a currency), paged
 * lists included: SWR's filter form of `mutate` skips useSWRInfinite's keys. A mounted hook fetches at once; any
 * other key loses its "just fetched" mark, so the screen that shows it next fetches when it opens instead of
 * trusting an answer from before the change (SWR would reuse one up to its deduping interval old).
 *
 * Takes `useSWRConfig()`: its cache and the `mutate` bound to it. Keys are a call's path alone (`"wallet/list"`) or an array starting with it (`["cashlist/log", 1]`); SWR serializes
 * an array as its items one after another, so `[path]`'s serialization begins every longer one.
 */
export function revalidateCalls({ cache, mutate }: { cache: Cache; mutate: ScopedMutator }, paths: readonly string[]): Promise<unknown> {
  const prefixes = paths.map((path) => unstable_serialize([path]));
  const matches = (key: string) => {
    const plain = key.startsWith("$inf$") ? key.slice("$inf$".length) : key;
    return paths.includes(plain) || prefixes.some((prefix) => plain.startsWith(prefix));
  };
  return Promise.all([...cache.keys()].filter(matches).map((key) => mutate(key)));
}
