import { describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { useReviewQueue } from "./review-queue";

interface Item {
  id: number;
}

/** A lost answer: the request may have reached the server, the screen never heard back. */
const lostAnswer = () => Object.assign(new Error("timeout"), { name: "NetworkError" });

let queues = 0;
const PAGE = { list: [{ id: 1 }, { id: 2 }], total: 2 };

function renderQueue(approve: (item: Item, key: string) => Promise<unknown>, reject: (item: Item, reason: string, key: string) => Promise<unknown> = async () => undefined) {
  const key = `queue-${++queues}`;
  return renderHook(() => useReviewQueue<Item, "pending">({ key, limit: 20, load: async () => PAGE, approve, reject }));
}

describe("review queue decisions", () => {
  it("retries a decision with the same idempotency key, and a new decision gets a new one", async () => {
    const keys: string[] = [];
    const approve = vi.fn(async (_item: Item, key: string) => {
      keys.push(key);
      if (keys.length === 1) throw lostAnswer();
    });
    const { result } = renderQueue(approve);
    act(() => result.current.setApproving({ id: 1 }));
    await act(() => result.current.approve.run({ id: 1 }));
    expect(result.current.approving).toEqual({ id: 1 }); // still open: the operator presses again
    await act(() => result.current.approve.run({ id: 1 }));
    await waitFor(() => expect(result.current.approving).toBeNull());
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);

    act(() => result.current.setApproving({ id: 2 }));
    await act(() => result.current.approve.run({ id: 2 }));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("sends a key with a rejection too, and a closed modal starts a new attempt", async () => {
    const keys: string[] = [];
    const reject = vi.fn(async (_item: Item, _reason: string, key: string) => {
      keys.push(key);
      throw lostAnswer();
    });
    const { result } = renderQueue(async () => undefined, reject);
    act(() => result.current.setRejecting({ id: 1 }));
    act(() => result.current.rejectModal.onReason("blurry"));
    await act(() => result.current.reject.run({ id: 1 }));
    await act(() => result.current.reject.run({ id: 1 }));
    act(() => result.current.rejectModal.onClose());
    act(() => result.current.setRejecting({ id: 1 }));
    await act(() => result.current.reject.run({ id: 1 }));
    expect(reject.mock.calls.map((c) => c[1])).toEqual(["blurry", "blurry", "blurry"]);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
