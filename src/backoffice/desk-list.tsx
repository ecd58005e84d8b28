import type { ReactNode } from "react";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import type { IconName } from "@/shared/ui/icons";
import { Pager } from "./pager";

/**
 * The body of a back-office list: a skeleton while loading, the empty state when there is nothing, otherwise the
 * table (scrolling sideways on narrow screens) and its pager.
 */
export function DeskList({ loading, count, empty, emptyIcon, page, total, limit, onPage, children }: {
  loading: boolean;
  /** Rows on this page. */
  count: number;
  empty: ReactNode;
  emptyIcon: IconName;
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  if (loading) return <Skeleton lines={6} />;
  if (!count) return <EmptyState icon={emptyIcon}>{empty}</EmptyState>;
  return (
    <>
      <div style={{ overflowX: "auto" }}>{children}</div>
      <Pager page={page} total={total} limit={limit} onPage={onPage} />
    </>
  );
}
