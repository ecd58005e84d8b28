import { EventEmitter } from "node:events";

/**
 * Publish/subscribe between the engines and the sockets. In one process it is an EventEmitter; with `REDIS_URL`
 * set, a Redis adapter fans messages out to every process (same interface).
 */
export interface Bus {
  /** Which one it is (the health call reports it). */
  readonly kind?: "local" | "redis";
  publish(topic: string, message: unknown): void;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, listener: (message: unknown) => void): () => void;
  close(): Promise<void>;
}

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: "local",
    publish(topic, message) {
      emitter.emit(topic, message);
    },
    subscribe(topic, listener) {
      emitter.on(topic, listener);
      return () => emitter.off(topic, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
