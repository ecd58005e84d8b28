import { describe, expect, it } from "vitest";
import { createLocalBus } from "../platform/bus";
import type { Trigger } from "./trigger-book";
import { ownerOf, TriggerRunner, type FiredAt, type TriggerSource } from "./trigger-runner";

type Listener = (ticks: readonly { symbol: string; price: string; atMs: number }[]) => void;

/** A runner over a fake tick feed and one source whose database reads take as long as the test says. */
function setup() {
  const listeners: Listener[] = [];
  const live = new Map<string, Trigger[]>();
  const fired: FiredAt[] = [];
  let readDelay = Promise.resolve();
  const source: TriggerSource = {
    name: "orders",
    loadAll: async () => [...live.values()].flat(),
    loadOwner: async (id) => {
      await readDelay;
      return live.get(id) ?? [];
    },
    fire: async (list) => void fired.push(...list),
  };
  const runner = new TriggerRunner({
    ticks: { onTicks: (listener) => (listeners.push(listener), () => undefined) },
    bus: createLocalBus(),
    isLeader: () => true,
    quote: (_symbol, price) => ({ bid: price, ask: price }),
  });
  runner.register(source);
  runner.start();
  const buyBelow = (id: string, level: string): Trigger => ({ key: `orders:${id}:limit`, owner: ownerOf("orders", id), symbol: "BTC/USDT", watch: "ask", cross: "down", level });
  return {
    runner,
    fired,
    tick: (price: string, atMs: number) => listeners.forEach((l) => l([{ symbol: "BTC/USDT", price, atMs }])),
    place: (id: string, trigger: Trigger) => live.set(id, [trigger]),
    slowReads: () => {
      let release!: () => void;
      readDelay = new Promise((resolve) => (release = resolve));
      return release;
    },
    buyBelow,
  };
}

describe("trigger runner", () => {
  it("fires an order placed just before a tick on that tick, even while its reload is still reading", async () => {
    const t = setup();
    await t.runner.ensureLoaded();
    const release = t.slowReads();
    t.place("1", t.buyBelow("1", "100"));
    t.runner.changed(ownerOf("orders", "1"));
    t.tick("99", 1_000); // arrives while the reload waits on the database
    t.tick("98", 2_000);
    release();
    await t.runner.drain();
    expect(t.fired.map((f) => [f.owner, f.tick.atMs])).toEqual([["orders:1", 1_000]]);
  });

  it("evaluates ticks at once when no reload is pending, and in order after one", async () => {
    const t = setup();
    t.place("1", t.buyBelow("1", "100"));
    await t.runner.ensureLoaded();
    t.tick("101", 1_000);
    t.tick("100", 2_000);
    expect(t.runner.book.size).toBe(0); // fired synchronously: it left the book at once
    await t.runner.drain();
    expect(t.fired.map((f) => f.tick.atMs)).toEqual([2_000]);
  });
});
