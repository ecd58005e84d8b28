import { useState } from "react";
import useSWR from "swr";
import { useLingui } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { SelectField } from "@/shared/ui/field";

interface QueuePage<Item> {
  list: Item[];
  total: number;
}

/**
 * What every review queue shares (deposits, withdrawals, identity checks): a status filter that opens on what
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
