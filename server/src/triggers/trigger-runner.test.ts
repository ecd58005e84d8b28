import { describe, expect, it } from "vitest";
import { createLocalBus } from "../platform/bus";
import type { Trigger } from "./trigger-book";
import { ownerOf, TriggerRunner, type FiredAt, type TriggerSource } from "./trigger-runner";
import { levelOf } from "./trailing";

type Listener = (ticks: readonly { symbol: string; price: string; atMs: number }[]) => void;

/** A runner over a fake tick feed and one source whose database reads take as long as the test says. */
function setup() {
  const listeners: Listener[] = [];
  const live = new Map<string, Trigger[]>();
  const fired: FiredAt[] = [];
  const reads: string[][] = [];
  const written: Array<{ owner: string; best: string; atMs: number }> = [];
  let readDelay = Promise.resolve();
  const source: TriggerSource = {
    name: "orders",
    loadAll: async () => [...live.values()].flat(),
    loadOwner: async (id) => {
      await readDelay;
      reads.push([id]);
      return live.get(id) ?? [];
    },
    loadOwners: async (ids) => {
      await readDelay;
      reads.push([...ids]);
      return new Map(ids.flatMap((id) => (live.has(id) ? [[id, live.get(id)!] as const] : [])));
    },
    trailed: async (moved) => {
      written.push(...moved.map(({ owner, trail }) => ({ owner, best: trail!.best, atMs: trail!.atMs })));
    },
    fire: async (list) => {
      fired.push(...list);
      // Like an engine: what fired is no longer live.
      for (const item of list) live.delete(item.owner.slice("orders:".length));
    },
  };
  const runner = new TriggerRunner({
    ticks: { onTicks: (listener) => (listeners.push(listener), () => undefined) },
    bus: createLocalBus(),
    isLeader: () => true,
    quote: (_symbol, price) => ({ bid: price, ask: price }),
  });
  runner.register(source);
  runner.start();
  const order = (id: string, level: string): Trigger => ({ key: `orders:${id}:limit`, owner: ownerOf("orders", id), symbol: "BTC/USDT", watch: "ask", cross: "down", level });
  return {
    runner,
    fired: () => fired.map((f) => [f.owner, f.tick.atMs]),
    tick: (price: string, atMs: number) => listeners.forEach((l) => l([{ symbol: "BTC/USDT", price, atMs }])),
    /** Commits a buy order at `level` (or removes it) and tells the runner, as a service does after its commit. */
    place: (id: string, level: string | null) => {
      if (level === null) live.delete(id);
      else live.set(id, [order(id, level)]);
      runner.changed(ownerOf("orders", id));
    },
    /** Commits many orders in one transaction and tells the runner once, as a settled batch does. */
    placeMany: (levels: Record<string, string | null>) => {
      for (const [id, level] of Object.entries(levels)) {
        if (level === null) live.delete(id);
        else live.set(id, [order(id, level)]);
      }
      runner.changedMany(Object.keys(levels).map((id) => ownerOf("orders", id)));
    },
    /** Commits a trailing sell (a `down` trail 10 % under the best bid since the tick at `sinceMs`) and tells the runner. */
    placeTrailing: (id: string, best: string, sinceMs: number) => {
      const trail = { rate: "0.1", best, precision: 2, atMs: sinceMs };
      live.set(id, [{ key: `orders:${id}:trail`, owner: ownerOf("orders", id), symbol: "BTC/USDT", watch: "bid", cross: "down", level: levelOf(trail, "down"), trail }]);
      runner.changed(ownerOf("orders", id));
    },
    written,
    reads,
    slowReads: () => {
      let release!: () => void;
      readDelay = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}

describe("trigger runner", () => {
  it("evaluates ticks at once: what fires leaves the book before the settlement runs", async () => {
    const t = setup();
    await t.runner.ensureLoaded();
    t.place("1", "100");
    await t.runner.drain();
    t.tick("101", 1_000);
    t.tick("100", 2_000);
    expect(t.runner.book.size).toBe(0);
    await t.runner.drain();
    expect(t.fired()).toEqual([["orders:1", 2_000]]);
  });

  it("fires an order placed just before a tick on that tick, though its reload was still reading when the tick came", async () => {
    const t = setup();
    await t.runner.ensureLoaded();
    t.tick("105", 1_000);
    const release = t.slowReads();
    t.place("1", "100");
    t.tick("99", 2_000); // evaluated against a book that does not hold the order yet
    t.tick("101", 3_000); // the price went back: without the replay the order would never fill
    release();
    await t.runner.drain();
    expect(t.fired()).toEqual([["orders:1", 2_000]]);
    expect(t.runner.book.size).toBe(0);
  });

  it("a trail placed just before a tick follows it though its reload was still reading, and that move is written", async () => {
    const t = setup();
    await t.runner.ensureLoaded();
    t.tick("100", 1_000);
    const release = t.slowReads();
    t.placeTrailing("1", "100.00", 1_000); // level 90.00
    t.tick("120", 2_000); // evaluated against a book that does not hold the trail yet: best 120, level 108
    release();
    await t.runner.drain();
    expect(t.written).toEqual([{ owner: "orders:1", best: "120", atMs: 2_000 }]);
    const [trigger] = t.runner.book.ownerKeys("orders:1");
    expect(trigger).toBe("orders:1:trail");
    t.tick("109", 3_000); // above 108: waits
    await t.runner.drain();
    expect(t.fired()).toEqual([]);
    t.tick("108", 4_000);
    await t.runner.drain();
    expect(t.fired()).toEqual([["orders:1", 4_000]]);
  });

  it("never fires a change on a tick that came before it", async () => {
    const t = setup();
    await t.runner.ensureLoaded();
    t.tick("99", 1_000);
    const release = t.slowReads();
    t.place("1", "100"); // placed after the tick at 99 (a service would have refused or filled it at once)
    t.tick("101", 2_000);
    release();
    await t.runner.drain();
    expect(t.fired()).toEqual([]);
    expect(t.runner.book.ownerKeys("orders:1")).toEqual(["orders:1:limit"]);
    t.tick("100", 3_000);
    await t.runner.drain();
    expect(t.fired()).toEqual([["orders:1", 3_000]]);
  });

  it("replays against the reloaded triggers: a moved level counts, the old one does not", async () => {
    const t = setup();
    await t.runner.ensureLoaded();
    t.place("1", "90");
    await t.runner.drain();
    t.tick("100", 1_000);
    const release = t.slowReads();
    t.place("1", "95"); // moved up
    t.tick("96", 2_000);
    t.tick("94", 3_000);
    release();
    await t.runner.drain();
    expect(t.fired()).toEqual([["orders:1", 3_000]]);
  });

  it("replays nothing for an owner that is no longer live", async () => {
    const t = setup();
    await t.runner.ensureLoaded();
    t.place("1", "100");
    await t.runner.drain();
    t.tick("105", 1_000);
    const release = t.slowReads();
    t.place("1", null); // cancelled
    t.tick("99", 2_000); // the old trigger fires here, before the reload: the engine re-checks and finds it gone
    release();
    await t.runner.drain();
    expect(t.fired()).toEqual([["orders:1", 2_000]]);
    expect(t.runner.book.size).toBe(0);
  });

  it("re-reads the owners of one batch in one read, and replays each against its own triggers", async () => {
    const t = setup();
    await t.runner.ensureLoaded();
    t.tick("105", 1_000);
    t.reads.length = 0;
    const release = t.slowReads();
    t.placeMany({ "1": "100", "2": "90", "3": null });
    t.tick("99", 2_000); // crosses order 1 only, before the batch's reload has read anything
    release();
    await t.runner.drain();
    expect(t.reads).toEqual([["1", "2", "3"]]);
    expect(t.fired()).toEqual([["orders:1", 2_000]]);
    expect(t.runner.book.ownerKeys("orders:2")).toEqual(["orders:2:limit"]);
    expect(t.runner.book.ownerKeys("orders:3")).toEqual([]);
    t.tick("89", 3_000);
    await t.runner.drain();
    expect(t.fired()).toEqual([["orders:1", 2_000], ["orders:2", 3_000]]);
  });

  it("changes that arrive while a reload waits share its read; one queued behind other work waits its turn", async () => {
    const t = setup();
    await t.runner.ensureLoaded();
    t.tick("105", 1_000);
    t.reads.length = 0;
    t.place("1", "100");
    t.place("2", "90");
    t.place("1", "95"); // changed again before the read: read once, the latest state
    await t.runner.drain();
    expect(t.reads).toEqual([["1", "2"]]);
    expect(t.runner.book.ownerKeys("orders:1")).toEqual(["orders:1:limit"]);
    t.tick("94", 2_000); // fires order 1: its settlement is queued ...
    t.place("3", "80"); // ... and this change is read after it, not folded into an earlier reload
    await t.runner.drain();
    expect(t.fired()).toEqual([["orders:1", 2_000]]);
    expect(t.reads).toEqual([["1", "2"], ["3"]]);
  });
});
