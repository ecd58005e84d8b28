import type { KeyedMutator } from "swr";

/**
 * A row the server pushed (an option, a position that changed) folded into a cached list page: in place when it is
 * still there and still belongs (`stays`), else `refetch` (it moved to another list, or this one does not hold it).
 * The one merge of a pushed row; each list says only what "still belongs" means for it.
 */
export function foldPushedRow<R extends { id: number }, P extends { list: R[] }>(
  update: KeyedMutator<P>,
  changed: Partial<R> & { id: number },
  stays: (current: R) => boolean,
  refetch: () => unknown,
): void {
  let moved = true;
  void update(
    (page) => {
      if (!page) return page;
      const at = page.list.findIndex((row) => row.id === changed.id);
      if (at < 0 || !stays(page.list[at])) return page;
      moved = false;
      const list = page.list.slice();
      list[at] = { ...list[at], ...changed };
      return { ...page, list };
    },
    { revalidate: false },
  ).then(() => {
    if (moved) void refetch();
  });
}
