import type { ReactNode } from "react";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import type { IconName } from "@/shared/ui/icons";
import { Pager } from "./pager";

/**
 * The body of every back-office list page: a skeleton while loading, the empty state when there is nothing, otherwise the
 * table (scrolling sideways on narrow screens) and its pager.
 */
export function DeskList({ loading, count, empty, emptyIcon, lines = 6, page, total, limit, onPage, children }: {
  loading: boolean;
  /** Rows on this page. */
  count: number;
  /** What the empty state says (the icon alone when nothing needs saying). */
  empty?: ReactNode;
  emptyIcon: IconName;
  /** Skeleton lines while loading. */
  lines?: number;
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  if (loading) return <Skeleton lines={lines} />;
  if (!count) return <EmptyState icon={emptyIcon}>{empty}</EmptyState>;
  return (
    <>
      <div style={{ overflowX: "auto" }}>{children}</div>
      <Pager page={page} total={total} limit={limit} onPage={onPage} />
    </>
  );
}
