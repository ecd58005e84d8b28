import { describe, expect, it } from "vitest";
import { inBatches } from "./batches";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("inBatches", () => {
  it("settles every item once, in batches of the size, started in order, with at most inFlight at once", async () => {
    const started: number[][] = [];
    let running = 0;
    let most = 0;
    await inBatches([1, 2, 3, 4, 5, 6, 7], 3, 2, async (batch) => {
      started.push(batch);
      most = Math.max(most, ++running);
      await tick();
      running--;
    });
    expect(started).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(most).toBe(2);
  });

  it("lets every batch finish before it answers the first failure", async () => {
    const finished: number[] = [];
    const failure = new Error("the database failed");
    await expect(
      inBatches([1, 2, 3, 4], 1, 2, async ([n]) => {
        await tick();
        if (n === 1) throw failure;
        await tick();
        finished.push(n);
      }),
    ).rejects.toBe(failure);
    expect(finished).toEqual([2, 3, 4]);
  });

  it("does nothing for nothing", async () => {
    let calls = 0;
    await inBatches([], 10, 2, async () => void calls++);
    expect(calls).toBe(0);
  });
});
