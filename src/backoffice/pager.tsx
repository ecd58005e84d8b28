import { Trans } from "@lingui/react/macro";

export interface PagerProps {
  /** 1-based. */
  page: number;
  /** Rows in all pages. */
  total: number;
  /** Rows a page. */
  limit: number;
  onPage: (page: number) => void;
}

/** Previous / next over a paged list. */
export function Pager({ page, total, limit, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <div className="bo-pager">
      <span>
        <Trans>
          Page {page} of {pages} ({total} in all)
        </Trans>
      </span>
      <button type="button" className="btn btn--ghost btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <button type="button" className="btn btn--ghost btn--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </div>
  );
}
