import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import { ReviewQueuePage, useReviewQueue } from "./review-queue";

interface Item {
  id: number;
  user_id: number;
  account: string;
  status: "pending" | "done";
}

const PAGE = { list: [{ id: 1, user_id: 7, account: "alice", status: "pending" as const }, { id: 2, user_id: 8, account: "bob", status: "done" as const }], total: 2 };

/** A queue page as the deposits, withdrawals and loans pages use it, on a list that loads at once. */
function Queue({ onApprove }: { onApprove: (item: Item) => void }) {
  const queue = useReviewQueue<Item, Item["status"]>({ key: "review-queue-page", limit: 30, load: async () => PAGE, approve: async (item) => onApprove(item), reject: async () => undefined });
  return (
    <ReviewQueuePage
      queue={queue}
      title="Things"
      statuses={["pending", "done"]}
      nameOf={(s) => s}
      limit={30}
      empty="None."
      emptyIcon="list"
      rowId={(id) => `thing-${id}`}
      columns={<th>Status</th>}
      cells={(item) => <td>{item.status}</td>}
      actions={(item) => <button type="button">Look at {item.id}</button>}
      decidable={(item) => item.status === "pending"}
    >
      {queue.approving && (
        <button type="button" onClick={queue.approveModal.onConfirm}>
          Confirm {queue.approving.id}
        </button>
      )}
    </ReviewQueuePage>
  );
}

describe("ReviewQueuePage", () => {
  it("lists each item with its number and user, its own cells and actions, and Approve/Reject only while it waits", async () => {
    const approved: number[] = [];
    renderScreen(<Queue onApprove={(item) => approved.push(item.id)} />);
    const waiting = await screen.findByTestId("thing-1");
    expect(screen.getByRole("heading", { name: "Things" })).toBeTruthy();
    expect(waiting.textContent).toContain("alice #7");
    expect(within(waiting).getByRole("button", { name: "Look at 1" })).toBeTruthy();
    const decided = screen.getByTestId("thing-2");
    expect(within(decided).queryByRole("button", { name: "Approve" })).toBeNull();
    expect(within(decided).queryByRole("button", { name: "Reject" })).toBeNull();
    expect(within(waiting).getByRole("button", { name: "Reject" })).toBeTruthy();

    fireEvent.click(within(waiting).getByRole("button", { name: "Approve" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm 1" }));
    await waitFor(() => expect(approved).toEqual([1]));
  });
});
