import { Trans } from "@lingui/react/macro";
import { Spinner } from "./feedback";

/** "Load more" under a paged list (useSWRInfinite): a spinner while a page loads, nothing once all are shown. */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  if (loading) {
    return (
      <div style={{ display: "flex", justifyContent: "center", padding: 16 }}>
        <Spinner small />
      </div>
    );
  }
  if (!hasMore) return null;
  return (
    <button type="button" className="btn btn--ghost" style={{ marginTop: 12 }} onClick={onMore}>
      <Trans>Load more</Trans>
    </button>
  );
}

/** Pages of a useSWRInfinite list flattened, with whether more exist. */
export function flatten<T>(pages: { list: T[]; total: number }[] | undefined): { items: T[]; total: number; hasMore: boolean } {
  const items = (pages ?? []).flatMap((p) => p.list);
  const total = pages?.at(-1)?.total ?? 0;
  return { items, total, hasMore: items.length < total };
}
