import { useState, type ReactNode } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { SelectField } from "@/shared/ui/field";
import type { IconName } from "@/shared/ui/icons";
import { DeskList } from "./desk-list";

interface QueuePage<Item> {
  list: Item[];
  total: number;
}

/**
 * What every review queue shares (deposits, withdrawals, loans, identity checks): a status filter that opens on what
 * waits, a page, the list, and the item being approved or rejected with the reason the user will read. After a
 * decision the list reloads, so an item decided by another operator meanwhile shows as decided.
 * `approveModal` and `rejectModal` are the props of the page's ConfirmModal and RejectModal.
 *
 * Each decision carries an idempotency key, made when its modal opens and kept until it succeeds or the modal
 * closes: pressing again after a lost answer (a timeout, a dropped connection) sends the same key, and the server
 * answers with the first decision instead of "already decided".
 */
export function useReviewQueue<Item, Status extends string>(options: {
  key: string;
  limit: number;
  load: (query: { page: number; limit: number; status?: Status }) => Promise<QueuePage<Item>>;
  approve: (item: Item, idempotencyKey: string) => Promise<unknown>;
  reject: (item: Item, reason: string, idempotencyKey: string) => Promise<unknown>;
}) {
  const [status, setStatus] = useState<Status | "">("pending" as Status);
  const [page, setPage] = useState(1);
  const query = { page, limit: options.limit, status: status || undefined };
  const { data, isLoading, mutate } = useSWR([options.key, query], () => options.load(query));
  const [approving, setApprovingItem] = useState<Item | null>(null);
  const [rejecting, setRejectingItem] = useState<Item | null>(null);
  const [reason, setReason] = useState("");
  const [decisionKey, setDecisionKey] = useState(newIdempotencyKey);
  /** Opening or closing a decision starts a new attempt; a retry inside the same modal keeps the key. */
  const setApproving = (item: Item | null) => {
    setDecisionKey(newIdempotencyKey());
    setApprovingItem(item);
  };
  const setRejecting = (item: Item | null) => {
    setDecisionKey(newIdempotencyKey());
    setRejectingItem(item);
  };
  const approve = useAction(async (item: Item) => {
    await options.approve(item, decisionKey);
    setApproving(null);
    await mutate();
  });
  const reject = useAction(async (item: Item) => {
    await options.reject(item, reason.trim(), decisionKey);
    setRejecting(null);
    setReason("");
    await mutate();
  });
  return {
    status,
    /** A new filter starts again at the first page. */
    setStatus: (next: Status | "") => {
      setStatus(next);
      setPage(1);
    },
    page,
    setPage,
    data,
    isLoading,
    approving,
    setApproving,
    rejecting,
    setRejecting,
    approve,
    reject,
    approveModal: {
      open: approving !== null,
      busy: approve.pending,
      onConfirm: () => approving && void approve.run(approving),
      onClose: () => setApproving(null),
    },
    rejectModal: {
      open: rejecting !== null,
      reason,
      onReason: setReason,
      busy: reject.pending,
      error: reject.errorOf("reason"),
      onConfirm: () => rejecting && void reject.run(rejecting),
      onClose: () => setRejecting(null),
    },
  };
}

/** The queue's status filter: every status by its translated name, or all of them. */
export function StatusFilter<Status extends string>({ value, statuses, nameOf, onChange }: {
  value: Status | "";
  statuses: readonly Status[];
  nameOf: (status: Status) => string;
  onChange: (status: Status | "") => void;
}) {
  const { t } = useLingui();
  return (
    <SelectField label={t`Status`} value={value} onChange={(e) => onChange(e.target.value as Status | "")}>
      <option value="">{t`All`}</option>
      {statuses.map((s) => (
        <option key={s} value={s}>
          {nameOf(s)}
        </option>
      ))}
    </SelectField>
  );
}

/** A row of a review queue: its number and its user's account are the first two columns of every queue. */
interface QueueItem {
  id: number;
  user_id: number;
  account: string;
}

/**
 * A review queue's page (deposits, withdrawals, loans): the title, the status filter, the list with its pager, and
 * per row the number, the user, the queue's own cells, and the decision cell: the queue's own buttons (a voucher,
 * photos), then Approve and Reject while the item waits. The page keeps its modals (`children`).
 */
export function ReviewQueuePage<Item extends QueueItem, Status extends string>({ queue, title, head, statuses, nameOf, limit, empty, emptyIcon, rowId, columns, cells, decidable, actions, children }: {
  queue: ReturnType<typeof useReviewQueue<Item, Status>>;
  title: ReactNode;
  /** Beside the title (the loans account's balance). */
  head?: ReactNode;
  statuses: readonly Status[];
  nameOf: (status: Status) => string;
  limit: number;
  empty: ReactNode;
  emptyIcon: IconName;
  /** The row's test id, from its number (`deposit-12`). */
  rowId: (id: number) => string;
  /** The queue's own column headings, between the user and the decision. */
  columns: ReactNode;
  cells: (item: Item) => ReactNode;
  decidable: (item: Item) => boolean;
  actions?: (item: Item) => ReactNode;
  children?: ReactNode;
}) {
  const { data } = queue;
  return (
    <>
      <div className="bo__head">
        <h1>{title}</h1>
        {head}
      </div>
      <div className="bo-toolbar">
        <StatusFilter value={queue.status} statuses={statuses} nameOf={nameOf} onChange={queue.setStatus} />
      </div>
      <DeskList loading={queue.isLoading} count={data?.list.length ?? 0} empty={empty} emptyIcon={emptyIcon} pager={{ page: queue.page, total: data?.total ?? 0, limit, onPage: queue.setPage }}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                <th>#</th>
                <th><Trans>User</Trans></th>
                {columns}
                <th />
              </tr>
            </thead>
            <tbody>
              {data.list.map((item) => (
                <tr key={item.id} data-testid={rowId(item.id)}>
                  <td className="num">{item.id}</td>
                  <td>
                    {item.account} <span className="faint">#{item.user_id}</span>
                  </td>
                  {cells(item)}
                  <td style={{ whiteSpace: "nowrap" }}>
                    {actions && <>{actions(item)} </>}
                    {decidable(item) && <DecisionButtons onApprove={() => queue.setApproving(item)} onReject={() => queue.setRejecting(item)} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DeskList>
      {children}
    </>
  );
}

/** Approve and Reject of an item that waits (a queue's row, an identity check's card). */
export function DecisionButtons({ onApprove, onReject, approveDisabled }: { onApprove: () => void; onReject: () => void; approveDisabled?: boolean }) {
  return (
    <>
      <button type="button" className="btn btn--primary btn--small" disabled={approveDisabled} onClick={onApprove}>
        <Trans>Approve</Trans>
      </button>{" "}
      <button type="button" className="btn btn--danger btn--small" onClick={onReject}>
        <Trans>Reject</Trans>
      </button>
    </>
  );
}
