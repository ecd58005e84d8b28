import type { ReactNode } from "react";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans } from "@lingui/react/macro";
import type { FaqCategory } from "@contract/content";
import { Spinner } from "@/shared/ui/feedback";
export { RichText } from "@/shared/ui/rich-text";
export { CountBadge } from "./count-badge";

/** FAQ categories in the order users look for them; each named in every language. */
export const FAQ_CATEGORIES: Record<FaqCategory, MessageDescriptor> = {
  account: msg`Account`,
  security: msg`Security`,
  kyc: msg`Identity verification`,
  deposit: msg`Deposits`,
  withdrawal: msg`Withdrawals`,
  trading: msg`Trading`,
  options: msg`Timed options`,
  earn: msg`Earn`,
  loans: msg`Loans`,
  referral: msg`Referral`,
  other: msg`Other`,
};
export const faqCategoryOrder = Object.keys(FAQ_CATEGORIES) as FaqCategory[];

/** "Load more" under a paged list. */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  if (loading) {
    return (
      <div className="content-more">
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

/** Pages of an infinite list flattened, with whether more exist. */
export function flatten<T>(pages: { list: T[]; total: number }[] | undefined): { items: T[]; total: number; hasMore: boolean } {
  const items = (pages ?? []).flatMap((p) => p.list);
  const total = pages?.at(-1)?.total ?? 0;
  return { items, total, hasMore: items.length < total };
}

/** A panel for "there is nothing, and here is why / what to do". */
export function Explained({ icon, title, children }: { icon: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="explained">
      <div className="explained__icon">{icon}</div>
      <strong className="explained__title">{title}</strong>
      {children && <div className="explained__text">{children}</div>}
    </div>
  );
}
