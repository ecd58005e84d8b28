import { Redis } from "ioredis";
import type { Bus } from "./bus";

/**
 * The bus over Redis pub/sub (`REDIS_URL`): every process publishes to Redis and hears every message back,
 * its own included, so a tick produced by the feed leader reaches the sockets of every process alike.
 * Messages are JSON. One connection publishes; a second one, in subscriber mode, listens to the topics that have
 * listeners in this process. ioredis reconnects by itself and re-subscribes; messages published while Redis is
 * unreachable are queued up to its offline limit.
 */

export interface RedisBusOptions {
  /** Prefixes every channel, so several deployments can share one Redis. */
  prefix?: string;
  connectTimeoutMs?: number;
  log?: { warn(obj: object, msg?: string): void };
}

export async function createRedisBus(url: string, options: RedisBusOptions = {}): Promise<Bus> {
  const prefix = options.prefix ?? "tw:";
  const publisher = new Redis(url, { lazyConnect: true, connectTimeout: options.connectTimeoutMs ?? 5_000, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, connectTimeout: options.connectTimeoutMs ?? 5_000 });
  const report = (error: Error) => options.log?.warn({ err: error.message }, "redis bus error");
  publisher.on("error", report);
  subscriber.on("error", report);
  try {
    // Fail at start, not at the first tick, when Redis is unreachable.
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at ${redact(url)} is unreachable: ${(error as Error).message}`);
  }

  const listeners = new Map<string, Set<(message: unknown) => void>>();
  subscriber.on("message", (channel: string, text: string) => {
    const set = listeners.get(channel.slice(prefix.length));
    if (!set || set.size === 0) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    for (const listener of set) listener(message);
  });

  return {
    kind: "redis",
    publish(topic, message) {
      publisher.publish(prefix + topic, JSON.stringify(message)).catch(report);
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) {
        listeners.set(topic, (set = new Set()));
        subscriber.subscribe(prefix + topic).catch(report);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(topic);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          listeners.delete(topic);
          subscriber.unsubscribe(prefix + topic).catch(report);
        }
      };
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

/** The URL without its password, for messages. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(invalid URL)";
  }
}
