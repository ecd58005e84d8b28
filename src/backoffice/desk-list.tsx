import type { ReactNode } from "react";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import type { IconName } from "@/shared/ui/icons";
import { Pager, type PagerProps } from "./pager";

/**
 * The body of every back-office list: a skeleton while loading, the empty state when there is nothing, otherwise the
 * table (scrolling sideways on narrow screens) and, for a paged list, its pager. A list the server returns whole
 * passes no `pager`: a pager that always says "page 1 of 1" would only suggest that something is missing.
 */
export function DeskList({ loading, count, empty, emptyIcon, lines = 6, pager, children }: {
  loading: boolean;
  /** Rows on this page. */
  count: number;
  /** What the empty state says (the icon alone when nothing needs saying). */
  empty?: ReactNode;
  emptyIcon: IconName;
  /** Skeleton lines while loading. */
  lines?: number;
  pager?: PagerProps;
  children: ReactNode;
}) {
  if (loading) return <Skeleton lines={lines} />;
  if (!count) return <EmptyState icon={emptyIcon}>{empty}</EmptyState>;
  return (
    <>
      <div style={{ overflowX: "auto" }}>{children}</div>
      {pager && <Pager {...pager} />}
    </>
  );
}
