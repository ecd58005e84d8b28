import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "./db";

/**
 * Domain events, delivered after the transaction that raised them commits: what happens after a decision (the
 * user's sockets told, the referral reward checked, the devices pushed) is subscribed where it is used, not filled
 * into a domain's hook list by app.ts.
 *
 * The domain that raises an event declares it, by merging into this map from its own files:
 *
 *     declare module "../platform/events" {
 *       interface DomainEvents { "deposit.approved": { userId: number } }
 *     }
 *
 * `raise(tx, ...)` inside a transaction of the watched database queues the event; once that transaction commits,
 * every queued event is delivered in the order raised, each to its subscribers in the order they subscribed. A
 * rolled-back transaction (or savepoint) raises nothing. A subscriber that throws is logged and never undoes the
 * commit, nor stops the subscribers after it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each domain
export interface DomainEvents {}

export type EventName = keyof DomainEvents;
type Subscriber<K extends EventName> = (event: DomainEvents[K]) => void | Promise<void>;
interface Raised {
  name: EventName;
  event: unknown;
}

/** What a domain raising events is given (the bus, or `noEvents` for a service built alone in a unit test). */
export type Events = Pick<EventBus, "raise" | "publish">;
export const noEvents: Events = { raise() {}, async publish() {} };

export class EventBus {
  private readonly subscribers = new Map<EventName, Array<Subscriber<EventName>>>();
  private readonly queues = new WeakMap<Tx, Raised[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, "error">) {}

  /** Follows the transactions of `db` (its `transaction`, and the savepoints inside), so events raised in them wait for their commit. */
  watch(db: Db): void {
    const begin = db.transaction.bind(db) as Db["transaction"];
    db.transaction = (async (work, config) => {
      const queue: Raised[] = [];
      const result = await begin((tx) => work(this.follow(tx, queue)), config);
      await this.deliver(queue);
      return result;
    }) as Db["transaction"];
  }

  /** Subscribes to one event; returns the unsubscribe function. */
  on<K extends EventName>(name: K, subscriber: Subscriber<K>): () => void {
    const list = this.subscribers.get(name) ?? [];
    this.subscribers.set(name, list);
    list.push(subscriber as Subscriber<EventName>);
    return () => void list.splice(list.indexOf(subscriber as Subscriber<EventName>) >>> 0, 1);
  }

  /** Raises an event inside `tx`: delivered once the transaction commits, never if it rolls back. */
  raise<K extends EventName>(tx: Tx, name: K, event: DomainEvents[K]): void {
    const queue = this.queues.get(tx);
    if (!queue) throw new Error(`event ${String(name)} raised in a transaction the event bus does not watch`);
    queue.push({ name, event });
  }

  /** Delivers an event of something already committed (a change made and committed before this call). */
  async publish<K extends EventName>(name: K, event: DomainEvents[K]): Promise<void> {
    await this.deliver([{ name, event }]);
  }

  private follow(tx: Tx, queue: Raised[]): Tx {
    this.queues.set(tx, queue);
    const savepoint = tx.transaction.bind(tx) as Tx["transaction"];
    // A savepoint's events join its transaction's only when the savepoint is released, not when it rolls back.
    tx.transaction = (async (work) => {
      const inner: Raised[] = [];
      const result = await savepoint((nested) => work(this.follow(nested, inner)));
      queue.push(...inner);
      return result;
    }) as Tx["transaction"];
    return tx;
  }

  private async deliver(queue: readonly Raised[]): Promise<void> {
    for (const { name, event } of queue) {
      for (const subscriber of [...(this.subscribers.get(name) ?? [])]) {
        try {
          await subscriber(event as never);
        } catch (error) {
          this.log.error({ err: error, event: name }, "events: a subscriber failed (the commit stands)");
        }
      }
    }
  }
}
