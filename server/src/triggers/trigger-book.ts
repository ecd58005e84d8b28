/**
 * The in-memory index of trigger prices and times that every engine shares: spot limit orders, position limit
 * fills, take-profit, stop-loss, liquidation and option expiries are all "fire at the first tick that crosses X".
 *
 * Per symbol there is one sorted list per (what is watched, which way it is crossed), ordered so that the next
 * trigger to fire stands at the END of its list: a tick pops what it crosses and stops at the first that it does
 * not, so a tick costs O(lists + fired), and adding or removing one trigger a binary search (plus the array move).
 * (The keys of what fired leave the book's maps over the next ticks, a bounded number each: `SWEEP_PER_TICK`.)
 *
 * The book is pure state: no database, clock or I/O. Levels are decimal strings with the pair's precision (at
 * most 15 significant digits), so comparing them as doubles orders them exactly as decimals.
 *
 * A trigger may carry its own spread: it then watches the bid or ask that this spread puts around the tick, not the
 * pair's current quote (a position keeps the spread it was placed with, whatever the operator sets later). Triggers
 * of one spread share a list, so a tick still costs one quote per spread in use, not one per trigger.
 *
 * A trigger may trail (a trailing stop): its level follows the best value watched since it was set, and only that
 * way (`trailTick`, trailing.ts). Trailing triggers of a list are kept unsorted and each tick walks them (their levels
 * all move with the price, so no order holds); the book reports the ones that moved (`takeMoved`) for their source to
 * persist. A tick older than a trail (its last move, or its arming) neither moves nor fires it.
 */

import { trailTick, type Cross, type Trail } from "./trailing";

/**
 * What a trigger watches: the executable bid, the executable ask, the tick's own price, a tick's time (ms), or a
 * figure a source measures on each tick (`measure:<name>`, see `Observation.measure`: a price alert's move over a window).
 */
export type Watch = "bid" | "ask" | "price" | "time" | `measure:${string}`;

export interface Trigger {
  /** Unique in the book, e.g. `positions:12:sl`. */
  key: string;
  /** The object it belongs to, e.g. `positions:12`. When one of an owner's triggers fires, all of them leave. */
  owner: string;
  symbol: string;
  watch: Watch;
  cross: Cross;
  /** A decimal string (price) or, for time, milliseconds since the epoch. */
  level: string;
  /** The spread rate whose bid or ask it watches; absent: the pair's current quote (the observation's bid and ask). */
  spread?: string;
  /**
   * The user whose money its settlement moves. A source settles a tick's firings in batches, two at once: ordered by
   * user, those batches lock different users' accounts instead of waiting for each other's.
   */
  user?: number;
  /**
   * Present: the level trails the best value watched (a `down` trigger the highest, an `up` one the lowest), and
   * `level` is where the trail stands (`levelOf`). The book replaces `trail` and `level` when a tick moves them.
   */
  trail?: Trail;
}

/** What a tick offers to the triggers of its symbol. */
export interface Observation {
  symbol: string;
  /** The tick's reference price and the executable quote around it. */
  price: string;
  bid: string;
  ask: string;
  atMs: number;
  /** The executable quote this tick gives at another spread rate (the runner rounds it to the pair's precision). */
  quoteAt?: (spread: string) => { bid: string; ask: string };
  /** A named figure of this tick (a decimal string), or null when it cannot be told (then nothing watching it crosses). */
  measure?: (name: string) => string | null;
}

export interface Fired {
  trigger: Trigger;
  /** The value that crossed: the bid, the ask, or the tick's time. */
  observed: string;
}

/** An owner whose triggers a tick crossed, with every trigger of it that the tick crossed. */
export interface FiredOwner {
  owner: string;
  fired: Fired[];
}

/** The user whose money a fired owner's settlement moves (its triggers all name the same; 0 when they name none). */
export const firedUser = (owner: FiredOwner): number => owner.fired[0]?.trigger.user ?? 0;

interface Entry {
  at: number;
  trigger: Trigger;
  /** The list it stands in and the owner it belongs to: a removal reaches both without a lookup. */
  list: SortedList | TrailList;
  owner: Owner;
  /** Out of its list (removed, or popped by a tick) or about to be: skipped when reached, dropped when compacted. */
  dead: boolean;
}

/**
 * An owner's triggers. Held by each of its entries, so a tick that fires 1,500 owners takes their triggers out of
 * their lists through these records, without a string-keyed lookup per trigger in maps of a million.
 */
interface Owner {
  name: string;
  entries: Entry[];
  /** While a tick is evaluated: where what it fired of this owner stands in the tick's result; -1 otherwise. */
  firing: number;
  /** Fired and gone from the book, but its keys not yet deleted from the book's maps (see `TriggerBook.sweep`). */
  left: boolean;
}

/**
 * How many keys of fired owners each tick deletes from the book's maps before it is evaluated. A delete in a map of
 * a million costs about a microsecond (memory, not arithmetic): done in the tick that fires 1,500 owners, those deletes
 * were three quarters of its time. Deferred, they are spread over the next ticks, most of them quiet (a market has
 * many more of those), and the busy tick returns its firings that much sooner.
 */
const SWEEP_PER_TICK = 250;

/** One list per (watch, cross, spread, trailing or not): `bid:down:0.0004:`; an empty spread is the pair's current quote. */
type ListName = `${Watch}:${Cross}:${string}:${"" | "trail"}`;
const listName = (trigger: Trigger): ListName => `${trigger.watch}:${trigger.cross}:${trigger.spread ?? ""}:${trigger.trail ? "trail" : ""}`;

/**
 * A trailing trigger through one tick (`trailTick`): its trail and level moved in place when the tick moves them;
 * whether the tick crosses it. The book and every replay of remembered ticks (`crossedBy`) use it, so both trail alike.
 */
function trailThrough(trigger: Trigger & { trail: Trail }, value: number, observed: string, atMs: number, levelAt?: number): { moved: boolean; crossed: boolean } {
  const step = trailTick(trigger, value, observed, atMs, levelAt);
  if (step.moved) {
    trigger.trail = step.trail;
    trigger.level = step.level;
  }
  return step;
}

/**
 * `up` lists are sorted descending (the lowest level, the first to be crossed by a rising value, is last);
 * `down` lists ascending (the highest level is last). `before(a, b)` says whether a stands before b.
 */
const before = (cross: Cross, a: number, b: number) => (cross === "up" ? a > b : a < b);

class SortedList {
  entries: Entry[] = [];
  /** Entries marked dead but still in `entries`: removal is O(1), the array is compacted when they pile up. */
  private dead = 0;
  constructor(
    readonly watch: Watch,
    readonly cross: Cross,
    readonly spread: string | undefined,
  ) {}

  /** Index of the first entry that does not stand before `at` (where an entry at `at` goes, after its equals). */
  private insertionPoint(at: number): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.cross, this.entries[mid].at, at) || this.entries[mid].at === at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(entry: Entry): void {
    this.entries.splice(this.insertionPoint(entry.at), 0, entry);
  }

  /** Many at once (loading a book): one sort instead of an insertion each. */
  addMany(entries: Entry[]): void {
    // A loop, not push(...entries): a million arguments overflow the stack (a book of a million alerts).
    for (const entry of entries) this.entries.push(entry);
    const cross = this.cross;
    // Stable sort: equal levels keep their order of arrival.
    this.entries.sort((a, b) => (a.at === b.at ? 0 : before(cross, a.at, b.at) ? -1 : 1));
  }

  remove(entry: Entry): void {
    entry.dead = true;
    this.dead++;
    if (this.dead > 64 && this.dead * 2 > this.entries.length) {
      this.entries = this.entries.filter((e) => !e.dead);
      this.dead = 0;
    }
  }

  /** Pops every live entry the value crosses, in the order they are crossed (dead ones on the way are dropped). */
  popCrossed(value: number): Entry[] {
    const out: Entry[] = [];
    const list = this.entries;
    while (list.length) {
      const last = list[list.length - 1];
      if (last.dead) {
        list.pop();
        this.dead--;
        continue;
      }
      const crossed = this.cross === "up" ? value >= last.at : value <= last.at;
      if (!crossed) break;
      out.push(list.pop()!);
    }
    return out;
  }
}

/** The trailing triggers of one (watch, cross, spread): unsorted, walked by every tick (each may move, then cross). */
class TrailList {
  entries: Entry[] = [];
  constructor(
    readonly watch: Watch,
    readonly cross: Cross,
    readonly spread: string | undefined,
  ) {}

  add(entry: Entry): void {
    this.entries.push(entry);
  }

  addMany(entries: Entry[]): void {
    for (const entry of entries) this.entries.push(entry);
  }

  /** Marked dead: the next tick's walk drops it. */
  remove(entry: Entry): void {
    entry.dead = true;
  }

  /** Moves every trailing level the value betters (`moved` hears each), then pops the entries it crosses. */
  popCrossed(value: number, observed: string, atMs: number, moved: (entry: Entry) => void): Entry[] {
    const out: Entry[] = [];
    const list = this.entries;
    let kept = 0;
    // One pass: live entries that stay are compacted to the front (dead and fired ones drop out).
    for (let i = 0; i < list.length; i++) {
      const entry = list[i];
      if (entry.dead) continue;
      const step = trailThrough(entry.trigger as Trigger & { trail: Trail }, value, observed, atMs, entry.at);
      if (step.moved) {
        entry.at = Number(entry.trigger.level);
        moved(entry);
      }
      if (step.crossed) out.push(entry);
      else list[kept++] = entry;
    }
    list.length = kept;
    return out;
  }
}

const MEASURE = "measure:";

/** What an observation offers to a trigger that watches `watch` (at `spread`): a number to compare and the string to report. */
function watched(observation: Observation, watch: Watch, spread: string | undefined): { at: number; observed: string } {
  if (watch === "bid" || watch === "ask") {
    const quote = spread !== undefined && observation.quoteAt ? observation.quoteAt(spread) : observation;
    return { at: Number(quote[watch]), observed: quote[watch] };
  }
  if (watch === "price") return { at: Number(observation.price), observed: observation.price };
  if (watch.startsWith(MEASURE)) {
    // NaN crosses nothing: a figure that cannot be told yet (no history) fires no trigger.
    const figure = observation.measure?.(watch.slice(MEASURE.length)) ?? null;
    return figure === null ? { at: Number.NaN, observed: "" } : { at: Number(figure), observed: figure };
  }
  return { at: observation.atMs, observed: String(observation.atMs) };
}

/**
 * Which of these triggers one observation crosses, by the book's own rule, without a book (a catch-up check). A
 * trailing trigger is first moved by the observation, in place: replaying ticks in order trails as the book does
 * (and a replayed tick older than a trail's last move is stale for it, as in the book).
 */
export function crossedBy(triggers: readonly Trigger[], observation: Observation): Fired[] {
  return triggers.flatMap((trigger) => {
    if (trigger.symbol !== observation.symbol) return [];
    const value = watched(observation, trigger.watch, trigger.spread);
    if (trigger.trail) return trailThrough(trigger as Trigger & { trail: Trail }, value.at, value.observed, observation.atMs).crossed ? [{ trigger, observed: value.observed }] : [];
    const level = Number(trigger.level);
    const crossed = trigger.cross === "up" ? value.at >= level : value.at <= level;
    return crossed ? [{ trigger, observed: value.observed }] : [];
  });
}

export class TriggerBook {
  private readonly symbols = new Map<string, Map<ListName, SortedList | TrailList>>();
  private readonly byKey = new Map<string, Entry>();
  private readonly owners = new Map<string, Owner>();
  /** Owners that ticks fired whose keys are still in `byKey` and `owners`, and how many of those keys. */
  private leaving: Owner[] = [];
  private leavingKeys = 0;
  /** Trailing triggers whose level moved since the last `takeMoved`, by key. */
  private moved = new Map<string, Trigger>();

  get size(): number {
    return this.byKey.size - this.leavingKeys;
  }

  has(key: string): boolean {
    return this.live(key) !== undefined;
  }

  ownerKeys(owner: string): string[] {
    return this.liveOwner(owner)?.entries.map((entry) => entry.trigger.key) ?? [];
  }

  /** A key's entry, unless its owner has fired (and waits for `sweep`). */
  private live(key: string): Entry | undefined {
    const entry = this.byKey.get(key);
    return entry && !entry.owner.left ? entry : undefined;
  }

  private liveOwner(name: string): Owner | undefined {
    const owner = this.owners.get(name);
    return owner && !owner.left ? owner : undefined;
  }

  private list(trigger: Trigger): SortedList | TrailList {
    let lists = this.symbols.get(trigger.symbol);
    if (!lists) this.symbols.set(trigger.symbol, (lists = new Map()));
    const name = listName(trigger);
    let list = lists.get(name);
    if (!list) lists.set(name, (list = trigger.trail ? new TrailList(trigger.watch, trigger.cross, trigger.spread) : new SortedList(trigger.watch, trigger.cross, trigger.spread)));
    return list;
  }

  /** The trailing triggers whose level moved since the last call (each once, as it stands now): for their source to persist. */
  takeMoved(): Trigger[] {
    if (!this.moved.size) return [];
    const moved = [...this.moved.values()];
    this.moved = new Map();
    return moved;
  }

  /**
   * Trailing triggers moved outside the book's own ticks (a replay of remembered ticks after a reload, `crossedBy`):
   * reported by the next `takeMoved` as well, so their source persists where they trail to.
   */
  noteMoved(triggers: readonly Trigger[]): void {
    for (const trigger of triggers) this.moved.set(trigger.key, trigger);
  }

  /** Adds a trigger (a trigger with the same key is replaced). */
  add(trigger: Trigger): void {
    const list = this.list(trigger);
    list.add(this.index(trigger, list));
  }

  /** Adds many triggers at once: what a process loads when it becomes leader (one sort per list). */
  addMany(triggers: readonly Trigger[]): void {
    const grouped = new Map<SortedList | TrailList, Entry[]>();
    for (const trigger of triggers) {
      const list = this.list(trigger);
      const entries = grouped.get(list) ?? [];
      entries.push(this.index(trigger, list));
      grouped.set(list, entries);
    }
    for (const [list, entries] of grouped) list.addMany(entries);
  }

  /** Records a trigger in the key and owner maps (replacing one with the same key) and returns its list entry. */
  private index(trigger: Trigger, list: SortedList | TrailList): Entry {
    const at = Number(trigger.level);
    if (!Number.isFinite(at)) throw new Error(`trigger ${trigger.key}: level ${trigger.level} is not a number`);
    const existing = this.byKey.get(trigger.key);
    // A fired owner's entry still under this key is replaced here rather than deleted by the sweep.
    if (existing?.owner.left) this.leavingKeys--;
    else if (existing) this.removeEntry(existing);
    let owner = this.liveOwner(trigger.owner);
    if (!owner) this.owners.set(trigger.owner, (owner = { name: trigger.owner, entries: [], firing: -1, left: false }));
    // Every field set here, none added later: a field added to an old object by a tick hangs a new property array
    // on it, which the next scavenge must visit and copy (a busy tick's 1,500 of them made scavenges slow).
    const entry: Entry = { at, trigger, list, owner, dead: false };
    owner.entries.push(entry);
    this.byKey.set(trigger.key, entry);
    return entry;
  }

  remove(key: string): void {
    const entry = this.live(key);
    if (entry) this.removeEntry(entry);
  }

  /** A moved trail stays in `moved` when its trigger leaves: its source still persists where it had trailed to. */
  private removeEntry(entry: Entry): void {
    const key = entry.trigger.key;
    entry.list.remove(entry);
    this.byKey.delete(key);
    const { owner } = entry;
    owner.entries.splice(owner.entries.indexOf(entry), 1);
    if (!owner.entries.length) this.owners.delete(owner.name);
  }

  /** Removes every trigger of an owner. */
  removeOwner(name: string): void {
    const owner = this.liveOwner(name);
    if (!owner) return;
    for (const entry of owner.entries) {
      entry.list.remove(entry);
      this.byKey.delete(entry.trigger.key);
    }
    this.owners.delete(name);
  }

  /**
   * Deletes the keys of up to `budget` triggers of fired owners from the maps (what a tick leaves behind; see
   * `SWEEP_PER_TICK`). A key that was added again since belongs to its new entry and stays.
   */
  private sweep(budget: number): void {
    while (budget > 0 && this.leaving.length) {
      const owner = this.leaving.pop()!;
      for (const entry of owner.entries) {
        if (this.byKey.get(entry.trigger.key) !== entry) continue;
        this.byKey.delete(entry.trigger.key);
        this.leavingKeys--;
      }
      if (this.owners.get(owner.name) === owner) this.owners.delete(owner.name);
      budget -= owner.entries.length;
    }
  }

  /** Sets an owner's triggers to exactly these (none removes the owner). */
  replaceOwner(owner: string, triggers: readonly Trigger[]): void {
    this.removeOwner(owner);
    for (const trigger of triggers) this.add(trigger);
  }

  clear(): void {
    this.symbols.clear();
    this.byKey.clear();
    this.owners.clear();
    this.leaving = [];
    this.leavingKeys = 0;
    this.moved.clear();
  }

  /**
   * One tick: every trigger of its symbol that it crosses leaves the book, and so do the other triggers of their
   * owners (an owner fires once; its engine decides what the crossing means and re-arms what remains).
   */
  evaluate(observation: Observation): FiredOwner[] {
    this.sweep(SWEEP_PER_TICK);
    const lists = this.symbols.get(observation.symbol);
    if (!lists) return [];
    const firing: Owner[] = [];
    const result: FiredOwner[] = [];
    const moved = (entry: Entry) => this.moved.set(entry.trigger.key, entry.trigger);
    for (const list of lists.values()) {
      const value = watched(observation, list.watch, list.spread);
      const crossed = list instanceof TrailList ? list.popCrossed(value.at, value.observed, observation.atMs, moved) : list.popCrossed(value.at);
      for (const entry of crossed) {
        // Popped: out of its list already (its owner's leaving does not remove it again).
        entry.dead = true;
        const { owner } = entry;
        const fired = { trigger: entry.trigger, observed: value.observed };
        // A number, not the result object, on the owner: the tick writes nothing young into the book's old objects,
        // which each scavenge would then have to visit.
        if (owner.firing < 0) {
          owner.firing = result.length;
          result.push({ owner: owner.name, fired: [fired] });
          firing.push(owner);
        } else result[owner.firing].fired.push(fired);
      }
    }
    for (const owner of firing) {
      owner.firing = -1;
      owner.left = true;
      for (const entry of owner.entries) if (!entry.dead) entry.list.remove(entry);
      this.leavingKeys += owner.entries.length;
      this.leaving.push(owner);
    }
    return result;
  }
}
