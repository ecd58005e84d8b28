import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../platform/bus";
import { noEvents, type Events } from "../platform/events";
import { crossedBy, TriggerBook, type FiredOwner, type Observation, type Trigger } from "./trigger-book";

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
 * - Ticks never wait for the database. A change message carries the newest tick its process had seen when the change
 *   committed; ticks after it that the leader evaluated while that owner's reload was still reading are kept (a
 *   short window per symbol) and replayed against the reloaded triggers, so an order placed just before a tick
 *   fires on that tick, not on a later one or never. Engines re-check every firing under their row locks, so a
 *   replay that repeats a firing changes nothing.
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
  /**
   * Many owners' live triggers at once (one read after a batch settled), keyed by id; an id that is missing has none.
   * A source without it is asked once per owner.
   */
  loadOwners?(ids: readonly string[]): Promise<Map<string, Trigger[]>>;
  /** Settles what fired, in tick order. */
  fire(fired: readonly FiredAt[]): Promise<void>;
  /**
   * Persists trailing levels that moved (each trigger as it stands now: its `trail.best` and `level`), so a restart
   * or another leader re-arms them where they had trailed to. Written at most every `trailFlushMs` of tick time, and
   * before any settlement or reload that follows a move.
   */
  trailed?(moved: readonly Trigger[]): Promise<void>;
}

export interface TickFeed {
  /** Subscribes to recorded ticks; returns the unsubscribe function. */
  onTicks(listener: (ticks: readonly { symbol: string; price: string; atMs: number }[]) => void): () => void;
}

export interface TriggerRunnerDeps {
  ticks: TickFeed;
  bus: Bus;
  /** Where each settlement handed to a source is published (`triggers.settled`); none in a unit test. */
  events?: Events;
  isLeader: () => boolean;
  /**
   * The executable quote around a tick's price at the pair's current spread, or at `spread` when given (a trigger
   * that keeps the spread its order was placed with); null for a pair that is not listed.
   */
  quote: (symbol: string, price: string, spread?: string) => { bid: string; ask: string } | null;
  log?: FastifyBaseLogger;
}

const CHANGED_TOPIC = "triggers:changed";
/** Ticks kept per symbol for replays: far more than arrive during one owner's reload. */
const RECENT_TICKS = 256;

interface ChangeMessage {
  /** One owner (a single change), or `owners` (a batch that changed many: one message, one read). */
  owner?: string;
  owners?: string[];
  /** The newest tick time the changing process had seen: later ticks may not have seen the change. */
  sinceMs: number;
}

export const ownerOf = (source: string, id: string | number) => `${source}:${id}`;

export class TriggerRunner {
  readonly book = new TriggerBook();
  private readonly sources = new Map<string, TriggerSource>();
  /** Figures that sources measure on ticks (`measure:<name>` triggers), by name. */
  private readonly measures = new Map<string, (observation: Observation) => string | null>();
  private state: "idle" | "loading" | "ready" = "idle";
  /** Ticks that arrived while the book was loading: evaluated once it is. */
  private waiting: Observation[] = [];
  /** Serial work: settlements and reloads, in arrival order. */
  private work: Promise<void> = Promise.resolve();
  private offs: Array<() => void> = [];
  /** The newest tick time this process has seen (leader or not): what a change message carries. */
  private lastTickMs = 0;
  /** The latest evaluated observations per symbol (while leading), for replays after a reload. */
  private recent = new Map<string, Observation[]>();
  /** The changes of the reload queued last, while nothing is queued behind it and it has not started. */
  private openReload: Array<{ owner: string; sinceMs?: number }> | null = null;

  /** How often (ms of tick time) moved trailing levels are written; tests set 0 to write after every tick. */
  trailFlushMs = 1_000;
  private lastTrailFlushMs = 0;

  constructor(private readonly deps: TriggerRunnerDeps) {}

  register(source: TriggerSource): void {
    this.sources.set(source.name, source);
    // A source registered after the book was loaded (wiring order) loads its own triggers.
    if (this.state === "ready") this.enqueue(() => this.loadSource(source));
  }

  /**
   * Names a figure computed on each tick (a pure function of the tick and what its source remembers of earlier
   * ticks), which triggers watch as `measure:<name>`: computed at most once per tick, only when a list watches it.
   */
  registerMeasure(name: string, measure: (observation: Observation) => string | null): void {
    this.measures.set(name, measure);
  }

  start(): void {
    this.offs.push(this.deps.ticks.onTicks((ticks) => this.onTicks(ticks)));
    this.offs.push(this.deps.bus.subscribe(CHANGED_TOPIC, (message) => this.onChanged(message as ChangeMessage)));
  }

  stop(): void {
    for (const off of this.offs) off();
    this.offs = [];
    this.book.clear();
    this.recent.clear();
    this.state = "idle";
  }

  /** Call after the transaction that changed an owner committed. */
  changed(owner: string): void {
    const message: ChangeMessage = { owner, sinceMs: this.lastTickMs };
    this.deps.bus.publish(CHANGED_TOPIC, message);
  }

  /**
   * Many owners changed in one committed transaction (a settled batch): one message, and the leader reads them at once.
   * `sinceMs`: replay from an earlier tick than the newest seen, e.g. the tick a settlement fired on, since its owners
   * were out of the book from then (a level that moves, such as a trailing stop's, re-armed from the database).
   */
  changedMany(owners: readonly string[], sinceMs?: number): void {
    if (!owners.length) return;
    const since = sinceMs === undefined ? this.lastTickMs : Math.min(sinceMs, this.lastTickMs);
    const message: ChangeMessage = owners.length === 1 ? { owner: owners[0], sinceMs: since } : { owners: [...owners], sinceMs: since };
    this.deps.bus.publish(CHANGED_TOPIC, message);
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
    this.recent.clear();
    this.waiting = [];
    this.state = "idle";
  }

  private async loadSource(source: TriggerSource): Promise<void> {
    this.book.addMany(await source.loadAll());
  }

  private onTicks(ticks: readonly { symbol: string; price: string; atMs: number }[]): void {
    for (const tick of ticks) this.lastTickMs = Math.max(this.lastTickMs, tick.atMs);
    if (!this.deps.isLeader()) return this.drop();
    for (const tick of ticks) {
      const quote = this.deps.quote(tick.symbol, tick.price);
      if (!quote) continue;
      const observation: Observation = { symbol: tick.symbol, price: tick.price, atMs: tick.atMs, ...quote, quoteAt: this.quoteAt(tick.symbol, tick.price, quote) };
      observation.measure = this.measureOf(observation);
      this.remember(observation);
      if (this.state === "ready") this.evaluate(observation);
      else this.waiting.push(observation);
    }
    if (this.lastTickMs - this.lastTrailFlushMs >= this.trailFlushMs) this.flushTrails();
    if (this.state === "idle") void this.ensureLoaded();
  }

  /** Queues the writing of the trailing levels that moved, by source (a failed write is logged: the next move writes again). */
  private flushTrails(): void {
    this.lastTrailFlushMs = this.lastTickMs;
    const moved = this.book.takeMoved();
    if (!moved.length) return;
    const bySource = new Map<TriggerSource, Trigger[]>();
    for (const trigger of moved) {
      const source = this.sources.get(trigger.owner.slice(0, trigger.owner.indexOf(":")));
      if (!source?.trailed) continue;
      const list = bySource.get(source) ?? [];
      list.push(trigger);
      bySource.set(source, list);
    }
    for (const [source, list] of bySource) {
      this.enqueue(async () => {
        try {
          await source.trailed!(list);
        } catch (error) {
          this.deps.log?.error({ err: error, source: source.name }, "triggers: writing trailing levels failed");
        }
      });
    }
  }

  /** A tick's quote at other spreads, each computed once per tick (the book asks once per list). */
  private quoteAt(symbol: string, price: string, current: { bid: string; ask: string }): (spread: string) => { bid: string; ask: string } {
    const memo = new Map<string, { bid: string; ask: string }>();
    return (spread) => {
      let quote = memo.get(spread);
      if (!quote) memo.set(spread, (quote = this.deps.quote(symbol, price, spread) ?? current));
      return quote;
    };
  }

  /** A tick's measured figures, each computed once (a replay of the tick reads the same figure). */
  private measureOf(observation: Observation): (name: string) => string | null {
    const memo = new Map<string, string | null>();
    return (name) => {
      if (!memo.has(name)) memo.set(name, this.measures.get(name)?.(observation) ?? null);
      return memo.get(name)!;
    };
  }

  private evaluate(observation: Observation): void {
    const fired = this.book.evaluate(observation);
    if (!fired.length) return;
    // Where trails stood goes to the database before the settlement (which may re-arm from it).
    this.flushTrails();
    const bySource = new Map<TriggerSource, FiredAt[]>();
    for (const owner of fired) {
      const source = this.sources.get(owner.owner.slice(0, owner.owner.indexOf(":")));
      if (!source) continue;
      const list = bySource.get(source) ?? [];
      list.push({ ...owner, tick: observation });
      bySource.set(source, list);
    }
    for (const [source, list] of bySource) this.enqueue(() => this.settle(source, list));
  }

  private async settle(source: TriggerSource, list: FiredAt[]): Promise<void> {
    const started = performance.now();
    let ok = true;
    try {
      await source.fire(list);
    } catch (error) {
      ok = false;
      this.deps.log?.error({ err: error, source: source.name }, "triggers: a settlement failed; its owners are re-loaded");
      await this.reload(list.map(({ owner }) => ({ owner })));
    }
    await (this.deps.events ?? noEvents).publish("triggers.settled", { source: source.name, owners: list.length, seconds: (performance.now() - started) / 1000, ok });
  }

  private remember(observation: Observation): void {
    let list = this.recent.get(observation.symbol);
    if (!list) this.recent.set(observation.symbol, (list = []));
    list.push(observation);
    if (list.length > RECENT_TICKS * 2) list.splice(0, list.length - RECENT_TICKS);
  }

  private onChanged(message: ChangeMessage): void {
    if (!this.deps.isLeader() || this.state === "idle") return;
    const owners = (message.owners ?? (message.owner ? [message.owner] : [])).map((owner) => ({ owner, sinceMs: message.sinceMs }));
    if (!owners.length) return;
    // Changes that arrive while a reload waits (nothing queued behind it) join it: one read for all of them.
    if (this.openReload) {
      this.openReload.push(...owners);
      return;
    }
    // A reload reads the database: where trails stood is written first.
    this.flushTrails();
    const batch = owners;
    this.enqueue(() => {
      if (this.openReload === batch) this.openReload = null;
      return this.reload(batch);
    });
    this.openReload = batch;
  }

  /**
   * Re-reads owners' live triggers (one read per source when it can read many). With `sinceMs` (a change), the
   * ticks after it that were evaluated before an owner was back in the book are replayed first: the first that
   * crosses fires the owner at once (those of one source settle together).
   */
  private async reload(changes: ReadonlyArray<{ owner: string; sinceMs?: number }>): Promise<void> {
    // An owner changed twice replays from its first change, as two reloads one after the other would.
    const since = new Map<string, number | undefined>();
    for (const { owner, sinceMs } of changes) {
      const known = since.get(owner);
      since.set(owner, !since.has(owner) ? sinceMs : known === undefined || sinceMs === undefined ? undefined : Math.min(known, sinceMs));
    }
    const bySource = new Map<TriggerSource, Array<{ owner: string; id: string }>>();
    for (const owner of since.keys()) {
      const separator = owner.indexOf(":");
      const source = this.sources.get(owner.slice(0, separator));
      if (!source) continue;
      const list = bySource.get(source) ?? [];
      list.push({ owner, id: owner.slice(separator + 1) });
      bySource.set(source, list);
    }
    let movedByReplay = false;
    for (const [source, list] of bySource) {
      let loaded: Map<string, Trigger[]>;
      try {
        if (source.loadOwners && list.length > 1) loaded = await source.loadOwners(list.map((o) => o.id));
        else loaded = new Map(await Promise.all(list.map(async ({ id }) => [id, await source.loadOwner(id)] as const)));
      } catch (error) {
        this.deps.log?.error({ err: error, owners: list.length, source: source.name }, "triggers: reloading owners failed");
        continue;
      }
      const missedAll: FiredAt[] = [];
      for (const { owner, id } of list) {
        const triggers = loaded.get(id) ?? [];
        const sinceMs = since.get(owner);
        const trails = triggers.map((trigger) => trigger.trail);
        const missed = sinceMs === undefined ? null : this.firstCrossing(triggers, sinceMs);
        // A replayed tick that moved a trail (the owner was out of the book when it came) is written like a book move.
        const replayMoved = triggers.filter((trigger, i) => trigger.trail !== trails[i]);
        if (replayMoved.length) {
          this.book.noteMoved(replayMoved);
          movedByReplay = true;
        }
        if (!missed) {
          this.book.replaceOwner(owner, triggers);
          continue;
        }
        this.book.removeOwner(owner);
        missedAll.push({ owner, fired: missed.fired, tick: missed.tick });
      }
      if (missedAll.length) await this.settle(source, missedAll);
    }
    if (movedByReplay) this.flushTrails();
  }

  /** The earliest remembered tick after `sinceMs` that crosses one of these triggers, with what it crossed. */
  private firstCrossing(triggers: readonly Trigger[], sinceMs: number): { tick: Observation; fired: ReturnType<typeof crossedBy> } | null {
    const symbols = new Set(triggers.map((t) => t.symbol));
    const ticks = [...symbols].flatMap((symbol) => (this.recent.get(symbol) ?? []).filter((o) => o.atMs > sinceMs)).sort((a, b) => a.atMs - b.atMs);
    for (const tick of ticks) {
      const fired = crossedBy(triggers, tick);
      if (fired.length) return { tick, fired };
    }
    return null;
  }

  private enqueue(task: () => Promise<void>): void {
    // Work queued behind a reload closes it: a later change must not be read before that work runs.
    this.openReload = null;
    this.work = this.work.then(task, task);
  }
}

declare module "../platform/events" {
  interface DomainEvents {
    /** A settlement handed to a trigger source: how many owners, how long it took, whether it failed (metrics). */
    "triggers.settled": { source: string; owners: number; seconds: number; ok: boolean };
  }
}
