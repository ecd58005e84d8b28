import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit";

/** A write that records its batches and finishes when the test says so. */
function recorder() {
  const batches: number[][] = [];
  const open: Array<() => void> = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const write = async (items: readonly number[]) => {
    batches.push([...items]);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise<void>((resolve) => open.push(resolve));
    inFlight--;
    return items.map((n) => (n < 0 ? new Error(`refused ${n}`) : n * 10));
  };
  const finishAll = async () => {
    while (open.length) {
      open.shift()!();
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  return { batches, write, finishAll, mostInFlight: () => mostInFlight, waiting: () => open.length };
}

describe("GroupCommit", () => {
  it("writes a lone call at once, as a batch of one", async () => {
    const r = recorder();
    const group = new GroupCommit(r.write);
    const answer = group.submit(1);
    expect(r.batches).toEqual([[1]]);
    await r.finishAll();
    await expect(answer).resolves.toBe(10);
  });

  it("puts the calls that arrive while a batch is written into the next batch", async () => {
    const r = recorder();
    const group = new GroupCommit(r.write);
    const answers = [1, 2, 3, 4].map((n) => group.submit(n));
    expect(r.batches).toEqual([[1]]);
    await r.finishAll();
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40]);
  });

  it("refuses one member alone and fails only the members of a batch that throws", async () => {
    let calls = 0;
    const group = new GroupCommit<number, number>(async (items) => {
      calls++;
      if (calls === 2) throw new Error("database down");
      return items.map((n) => (n < 0 ? new Error("refused") : n));
    });
    const first = [group.submit(1), group.submit(-1), group.submit(2)];
    const results = await Promise.allSettled(first);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    // The second batch (-1 and 2) threw as a whole; the next batch is written again.
    await expect(group.submit(3)).resolves.toBe(3);
  });

  it("runs up to `writers` batches at once, never more, and each call once", async () => {
    const r = recorder();
    const group = new GroupCommit(r.write, { writers: 3 });
    const answers = Array.from({ length: 20 }, (_, i) => group.submit(i + 1));
    // Three calls found a free writer each; the other seventeen wait for the next batches.
    expect(r.batches).toEqual([[1], [2], [3]]);
    await r.finishAll();
    expect(r.mostInFlight()).toBe(3);
    expect(r.batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await expect(Promise.all(answers)).resolves.toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 10));
  });

  it("keeps a batch within `max` members", async () => {
    const r = recorder();
    const group = new GroupCommit(r.write, { max: 4 });
    const answers = Array.from({ length: 10 }, (_, i) => group.submit(i));
    await r.finishAll();
    expect(r.batches.map((b) => b.length)).toEqual([1, 4, 4, 1]);
    await Promise.all(answers);
  });
});
