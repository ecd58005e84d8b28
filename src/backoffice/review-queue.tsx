import { useState } from "react";
import useSWR from "swr";
import { useLingui } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
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
 */
export function useReviewQueue<Item, Status extends string>(options: {
  key: string;
  limit: number;
  load: (query: { page: number; limit: number; status?: Status }) => Promise<QueuePage<Item>>;
  approve: (item: Item) => Promise<unknown>;
  reject: (item: Item, reason: string) => Promise<unknown>;
}) {
  const [status, setStatus] = useState<Status | "">("pending" as Status);
  const [page, setPage] = useState(1);
  const query = { page, limit: options.limit, status: status || undefined };
  const { data, isLoading, mutate } = useSWR([options.key, query], () => options.load(query));
  const [approving, setApproving] = useState<Item | null>(null);
  const [rejecting, setRejecting] = useState<Item | null>(null);
  const [reason, setReason] = useState("");
  const approve = useAction(async (item: Item) => {
    await options.approve(item);
    setApproving(null);
    await mutate();
  });
  const reject = useAction(async (item: Item) => {
    await options.reject(item, reason.trim());
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
