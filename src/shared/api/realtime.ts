/**
 * React's way in to the realtime socket: the app's one connection (`realtime`), its status, topic listeners, and
 * `useLiveSWR`: an HTTP call kept fresh by socket messages while the socket is open, and by polling while it is not.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import useSWR, { unstable_serialize, useSWRConfig, type Key, type KeyedMutator, type SWRConfiguration, type SWRResponse } from "swr";
import { getToken, store, tokenAtom } from "../state/store";
import { RealtimeSocket, socketUrl, topicKey, type SocketStatus, type SubscribeOptions, type Topic, type TopicListener, type TopicMessage } from "./socket";

export type { SocketStatus, Topic, TopicMessage } from "./socket";

/** The app's one connection to `/ws` (it connects when the first topic is listened to). */
export const realtime = new RealtimeSocket({ url: () => socketUrl(), getToken });

store.sub(tokenAtom, () => realtime.tokenChanged());
if (typeof window !== "undefined") window.addEventListener("online", () => realtime.retryNow());

/** How often a live call polls over HTTP while the socket is down. */
export const FALLBACK_POLL_MS = 3_000;

export function useSocketStatus(socket: RealtimeSocket = realtime): SocketStatus {
  return useSyncExternalStore(socket.onStatus, socket.getStatus, socket.getStatus);
}

/**
 * Listens to topics while mounted (null or an empty list: nothing). Later features use it for the user channels:
 * `useTopics([{ channel: "orders" }], onOrder, { user: true })` authenticates with the session token first.
 */
export function useTopics<T>(topics: Topic[] | null, listener: TopicListener<T>, options: SubscribeOptions & { socket?: RealtimeSocket } = {}): void {
  const latest = useRef(listener);
  latest.current = listener;
  const socket = options.socket ?? realtime;
  const keys = topics ? topics.map(topicKey).join(",") : "";
  const user = options.user ?? false;
  useEffect(() => {
    if (!topics || topics.length === 0) return;
    const stops = topics.map((topic) => socket.subscribe<T>(topic, (data, message) => latest.current(data, message), { user }));
    return () => stops.forEach((stop) => stop());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `keys` stands for `topics`: a new array with the same topics must not resubscribe
  }, [keys, socket, user]);
}

export interface LiveOptions<T> {
  /** Topics whose messages update this call's data (may depend on the data: the symbols a list holds). */
  topics: Topic[] | null | ((data: T | undefined) => Topic[] | null);
  /** Folds a message into the cached data (usually `mutate(merge, { revalidate: false })`). */
  onMessage: (message: TopicMessage, mutate: KeyedMutator<T>) => void;
  /** Poll interval while the socket is down. */
  pollMs?: number;
  /**
   * How the catch-up fetch after a reconnect joins the data live messages have already updated (default: the
   * fetched data wins). Klines keep a live candle newer than the fetch.
   */
  merge?: (current: T | undefined, fetched: T) => T;
  user?: boolean;
  socket?: RealtimeSocket;
}

/**
 * An HTTP call (SWR) that stays live: socket messages update it while the socket is open; while it is down the
 * call is polled every `pollMs`; when the socket comes back the polling stops and the call is fetched once more to
 * cover the gap. `live` says whether the socket is open.
 */
export function useLiveSWR<T>(key: Key, fetcher: () => Promise<T>, live: LiveOptions<T>, config: SWRConfiguration<T> = {}): SWRResponse<T> & { live: boolean; status: SocketStatus } {
  const socket = live.socket ?? realtime;
  const status = useSocketStatus(socket);
  const { cache } = useSWRConfig();
  const swr = useSWR<T>(key, fetcher, { ...config, refreshInterval: status === "open" ? 0 : (live.pollMs ?? FALLBACK_POLL_MS) });
  const { mutate } = swr;
  const latest = useRef({ live, fetcher, key });
  latest.current = { live, fetcher, key };
  const topics = typeof live.topics === "function" ? live.topics(swr.data) : live.topics;
  useTopics(
    key === null ? null : topics,
    (_data, message) => {
      // SWR throws a fetch's answer away when a mutation lands while it is in flight. So while the call is being
      // fetched (the first load, or a revalidation when a screen comes back to cached data) messages are skipped:
      // the answer is at least as fresh, and the next message follows it within a second or so.
      const state = cache.get(unstable_serialize(latest.current.key));
      if (state?.data === undefined || state.isValidating) return;
      latest.current.live.onMessage(message, mutate);
    },
    { user: live.user, socket },
  );

  // Back after a drop: what happened meanwhile is fetched once. (The first connection needs no catch-up: the
  // call was just fetched.) It is fetched and then merged, not revalidated, so live messages arriving meanwhile
  // do not make SWR throw the answer away.
  const seen = useRef<"never" | "open" | "dropped">("never");
  useEffect(() => {
    if (status === "open") {
      if (seen.current === "dropped") {
        const { fetcher: fetchNow, live: options } = latest.current;
        fetchNow().then(
          (fetched) => mutate((current) => (options.merge ? options.merge(current, fetched) : fetched), { revalidate: false }),
          () => undefined,
        );
      }
      seen.current = "open";
    } else if (status === "down" && seen.current === "open") {
      seen.current = "dropped";
    }
  }, [status, mutate]);

  return Object.assign(swr, { live: status === "open", status });
}
