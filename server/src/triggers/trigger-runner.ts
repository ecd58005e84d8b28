import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../platform/bus";
import { TriggerBook, type FiredOwner, type Observation, type Trigger } from "./trigger-book";

/**
 * Runs the trigger book in the leader: feeds it every recorded tick (in order), hands what fires to the engine that
 * owns it, and keeps the book in step with the database. Every engine that settles "at the first tick that
 * crosses" (position limit fills, TP/SL, liquidations, spot limit orders, option expiries) is a `TriggerSource`.
 *
 * - The database is the truth; the book is an index of it. A process that becomes leader loads every source's
 *   live triggers; one that stops leading drops its book.
 * - After a change commits (an order placed, a stop moved, a position closed), the service calls `changed(owner)`:
 *   the message goes over the bus, so whichever process leads reloads that owner from the database.
 * - A tick is evaluated synchronously when it arrives, so what fires leaves the book at once and cannot fire twice;
 *   the settlements then run one after another (each source's `fire` holds its own transactions). A settlement
 *   that fails re-loads its owners, so nothing stays armed that should not, and nothing is lost.
 */

export interface FiredAt extends FiredOwner {
  /** The tick that crossed, with the executable quote around it. */
  tick: Observation;
}

export interface TriggerSource {
  /** The owner prefix: an owner `positions:12` belongs to the source named `positions`. */
  readonly name: string;
  /** Every live trigger (when this process becomes leader). */
  loadAll(): Promise<Trigger[]>;
  /** One owner's live triggers (after it changed): none when it is no longer live. */
  loadOwner(id: string): Promise<Trigger[]>;
  /** Settles what fired, in tick order. */
  fire(fired: readonly FiredAt[]): Promise<void>;
}

export interface TickFeed {
  /** Subscribes to recorded ticks; returns the unsubscribe function. */
  onTicks(listener: (ticks: readonly { symbol: string; price: string; atMs: number }[]) => void): () => void;
}

export interface TriggerRunnerDeps {
  ticks: TickFeed;
  bus: Bus;
  isLeader: () => boolean;
  /** The executable quote around a tick's price, or null for a pair that is not listed. */
  quote: (symbol: string, price: string) => { bid: string; ask: string } | null;
  log?: FastifyBaseLogger;
}

const CHANGED_TOPIC = "triggers:changed";

export const ownerOf = (source: string, id: string | number) => `${source}:${id}`;

export class TriggerRunner {
  readonly book = new TriggerBook();
  private readonly sources = new Map<string, TriggerSource>();
  private state: "idle" | "loading" | "ready" = "idle";
  /** Ticks that arrived while the book was loading: evaluated once it is. */
  private waiting: Observation[] = [];
  /** Serial work: settlements and reloads, in arrival order. */
  private work: Promise<void> = Promise.resolve();
  private offs: Array<() => void> = [];

  constructor(private readonly deps: TriggerRunnerDeps) {}

  register(source: TriggerSource): void {
    this.sources.set(source.name, source);
    // A source registered after the book was loaded (wiring order) loads its own triggers.
    if (this.state === "ready") this.enqueue(() => this.loadSource(source));
  }

  start(): void {
    this.offs.push(this.deps.ticks.onTicks((ticks) => this.onTicks(ticks)));
    this.offs.push(this.deps.bus.subscribe(CHANGED_TOPIC, (message) => this.onChanged(String(message))));
  }

  stop(): void {
    for (const off of this.offs) off();
    this.offs = [];
    this.book.clear();
    this.state = "idle";
  }

  /** Call after the transaction that changed an owner committed. */
  changed(owner: string): void {
    this.deps.bus.publish(CHANGED_TOPIC, owner);
  }

  /** Resolves when every settlement and reload queued so far has run (tests, shutdown). */
  async drain(): Promise<void> {
    let seen: Promise<void> | null = null;
    while (seen !== this.work) {
      seen = this.work;
      await seen;
    }
  }

  /** Leads now: load the book if it is not loaded (also called on each tick). */
  async ensureLoaded(): Promise<void> {
    if (!this.deps.isLeader()) return this.drop();
    if (this.state === "idle") {
      this.state = "loading";
      this.enqueue(async () => {
        try {
          this.book.clear();
          for (const source of this.sources.values()) await this.loadSource(source);
          this.state = "ready";
          const waiting = this.waiting;
          this.waiting = [];
          for (const observation of waiting) this.evaluate(observation);
        } catch (error) {
          this.state = "idle";
          this.deps.log?.error({ err: error }, "triggers: loading the book failed");
        }
      });
    }
    await this.drain();
  }

  private drop(): void {
    if (this.state === "idle") return;
    this.book.clear();
    this.waiting = [];
    this.state = "idle";
  }

  private async loadSource(source: TriggerSource): Promise<void> {
    this.book.addMany(await source.loadAll());
  }

  private onTicks(ticks: readonly { symbol: string; price: string; atMs: number }[]): void {
    if (!this.deps.isLeader()) return this.drop();
    for (const tick of ticks) {
      const quote = this.deps.quote(tick.symbol, tick.price);
      if (!quote) continue;
      const observation: Observation = { symbol: tick.symbol, price: tick.price, atMs: tick.atMs, ...quote };
      if (this.state === "ready") this.evaluate(observation);
      else this.waiting.push(observation);
    }
    if (this.state === "idle") void this.ensureLoaded();
  }

  private evaluate(observation: Observation): void {
    const fired = this.book.evaluate(observation);
    if (!fired.length) return;
    const bySource = new Map<TriggerSource, FiredAt[]>();
    for (const owner of fired) {
      const source = this.sources.get(owner.owner.slice(0, owner.owner.indexOf(":")));
      if (!source) continue;
      const list = bySource.get(source) ?? [];
      list.push({ ...owner, tick: observation });
      bySource.set(source, list);
    }
    for (const [source, list] of bySource) {
      this.enqueue(async () => {
        try {
          await source.fire(list);
        } catch (error) {
          this.deps.log?.error({ err: error, source: source.name }, "triggers: a settlement failed; its owners are re-loaded");
          for (const owner of list) await this.reload(owner.owner);
        }
      });
    }
  }

  private onChanged(owner: string): void {
    if (!this.deps.isLeader() || this.state === "idle") return;
    this.enqueue(() => this.reload(owner));
  }

  private async reload(owner: string): Promise<void> {
    const separator = owner.indexOf(":");
    const source = this.sources.get(owner.slice(0, separator));
    if (!source) return;
    try {
      this.book.replaceOwner(owner, await source.loadOwner(owner.slice(separator + 1)));
    } catch (error) {
      this.deps.log?.error({ err: error, owner }, "triggers: reloading an owner failed");
    }
  }

  private enqueue(task: () => Promise<void>): void {
    this.work = this.work.then(task, task);
  }
}
