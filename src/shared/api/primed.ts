/**
 * Answers fetched ahead of the hooks that show them. The home's first data arrives in one request that answers
 * several SWR keys at once (`user/home`); each part is primed under its key, and a hook of that key takes it instead
 * of asking the server again (the `primedAnswers` middleware wraps every fetcher).
 *
 * A primed answer is taken once: later revalidations (focus, a refresh after a mutation) ask the server as usual.
 * One nobody takes in time is dropped `PRIMED_FOR_MS` after it arrived, so a screen opened later never shows it as
 * fresh. A failed answer is dropped at once: the hook's own fetcher then asks (SWR's retry).
 */
import { mutate, unstable_serialize, type BareFetcher, type Key, type Middleware, type SWRConfiguration } from "swr";

/**
 * How long an arrived answer waits for its hook (a lazily loaded section mounts a little after the page): SWR's own
 * deduping interval, the age at which SWR itself would still hand a hook the answer of an earlier request. Longer,
 * a screen opened after the balance changed (a deposit approved) was handed the old balance as fresh.
 */
export const PRIMED_FOR_MS = 2_000;

interface Primed {
  answer: Promise<unknown>;
  /** When it arrived (ms), or null while on its way. */
  arrivedAt: number | null;
}

const primed = new Map<string, Primed>();

/** The cache key of a plain key (string or array); a conditional or infinite key is never primed. */
function serialized(key: Key): string | null {
  if (typeof key === "function") return null;
  try {
    return unstable_serialize(key) || null;
  } catch {
    return null;
  }
}

/**
 * Files an answer under the key of the hook that will show it. If no hook has taken it when it arrives, it goes into
 * the cache too (so a section that mounts later renders at once, and the offline copy keeps it).
 */
export function prime<T>(key: Key, answer: Promise<T>): void {
  const name = serialized(key);
  if (!name) return;
  const entry: Primed = { answer, arrivedAt: null };
  primed.set(name, entry);
  answer.then(
    (data) => {
      entry.arrivedAt = Date.now();
      if (primed.get(name) === entry) void mutate(key, data, { revalidate: false });
    },
    () => {
      if (primed.get(name) === entry) primed.delete(name);
    },
  );
}

/** The primed answer of a key, once; undefined when there is none (or it waited too long). */
export function takePrimed(key: Key): Promise<unknown> | undefined {
  const name = primed.size === 0 ? null : serialized(key);
  const entry = name ? primed.get(name) : undefined;
  if (!name || !entry) return undefined;
  primed.delete(name);
  if (entry.arrivedAt !== null && Date.now() - entry.arrivedAt > PRIMED_FOR_MS) return undefined;
  return entry.answer;
}

/** Forgets every primed answer (logout: the next user must not be handed the last one's data). */
export function dropPrimed(): void {
  primed.clear();
}

/** SWR middleware: a hook's fetch takes its key's primed answer when there is one. */
export const primedAnswers: Middleware =
  (useSWRNext) =>
  <Data, Error>(key: Key, fetcher: BareFetcher<Data> | null, config: SWRConfiguration<Data, Error, BareFetcher<Data>>) =>
    useSWRNext<Data, Error>(key, fetcher && ((...args) => (takePrimed(key) as Promise<Data> | undefined) ?? fetcher(...args)), config);
