import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit";

/** A write that records its batches and finishes when the test says so. */
function recorder() {
  const batches: number[][] = [];
  const open: Array<() => void> = [];
  const write = async (items: readonly number[]) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => open.push(resolve));
    return items.map((n) => (n < 0 ? new Error(`refused ${n}`) : n * 10));
  };
  const settle = () => new Promise((r) => setTimeout(r, 5));
  const finishAll = async () => {
    await settle();
    while (open.length) {
      open.shift()!();
      await settle();
    }
  };
  return { batches, write, finishAll, settle };
}

describe("GroupCommit", () => {
  it("writes a lone call after one turn of the event loop, as a batch of one", async () => {
    const r = recorder();
    const group = new GroupCommit(r.write);
    const answer = group.submit(1);
    expect(r.batches).toEqual([]);
    await r.finishAll();
    expect(r.batches).toEqual([[1]]);
    await expect(answer).resolves.toBe(10);
  });

  it("puts calls of the same turn together, and those that arrive while a batch is written into the next", async () => {
    const r = recorder();
    const group = new GroupCommit(r.write);
    const answers = [1, 2].map((n) => group.submit(n));
    await r.settle();
    expect(r.batches).toEqual([[1, 2]]);
    answers.push(...[3, 4, 5].map((n) => group.submit(n)));
    await r.finishAll();
    expect(r.batches).toEqual([[1, 2], [3, 4, 5]]);
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50]);
  });

  it("refuses one member alone and fails only the members of a batch that throws", async () => {
    let calls = 0;
    const group = new GroupCommit<number, number>(async (items) => {
      calls++;
      if (calls === 2) throw new Error("database down");
      return items.map((n) => (n < 0 ? new Error("refused") : n));
    });
    const first = await Promise.allSettled([group.submit(1), group.submit(-1)]);
    expect(first.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    const second = await Promise.allSettled([group.submit(2), group.submit(3)]);
    expect(second.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    // The batch after a failed one is written again.
    await expect(group.submit(4)).resolves.toBe(4);
  });

  it("keeps a batch within `max` members, each call written once", async () => {
    const r = recorder();
    const group = new GroupCommit(r.write, 4);
    const answers = Array.from({ length: 10 }, (_, i) => group.submit(i));
    await r.finishAll();
    expect(r.batches.map((b) => b.length)).toEqual([4, 4, 2]);
    expect(r.batches.flat()).toEqual(Array.from({ length: 10 }, (_, i) => i));
    await Promise.all(answers);
  });
});
