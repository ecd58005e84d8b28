import { useEffect } from "react";
import { Link, useSearch } from "wouter";
import { Trans } from "@lingui/react/macro";
import { formatDateTime } from "@/shared/i18n/format";
import { intlLocale } from "@/shared/i18n/i18n";
import { paths } from "@/shared/lib/paths";
import { hasLoginAtom, useAtomValue } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Page } from "@/shared/ui/page";
import { markRead } from "../api/mark-read";
import { useNewsDetail } from "../api/news-detail";
import { RichText, ShownInEnglish } from "./parts";
import "./content.css";

const idOf = (search: string) => {
  const id = Number(new URLSearchParams(search).get("id"));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** One news item or notice; reading a notice marks it read. */
export function NewsDetailPage() {
  const id = idOf(useSearch());
  const { data: item, error } = useNewsDetail(id);
  const hasLogin = useAtomValue(hasLoginAtom);
  useEffect(() => {
    if (item?.kind === "notice" && hasLogin) void markRead({ kind: "notice", id: item.id }, { silent: true }).catch(() => undefined);
  }, [item?.kind, item?.id, hasLogin]);
  return (
    <Page title={item?.kind === "notice" ? <Trans>Notice</Trans> : <Trans>News</Trans>} nav="default">
      {!id || error ? (
        <EmptyState icon="news">
          <p style={{ margin: "0 0 12px" }}>
            <Trans>This item is not available any more.</Trans>
          </p>
          <Link href={paths.news} className="btn btn--ghost btn--small">
            <Trans>All notices</Trans>
          </Link>
        </EmptyState>
      ) : !item ? (
        <Skeleton lines={8} />
      ) : (
        <article lang={intlLocale[item.lang]}>
          <h2 className="article__title">{item.title}</h2>
          <div className="article__meta">
            <span className="num">{formatDateTime(item.published_at)}</span>
          </div>
          {item.cover_url && <img className="article__cover" src={item.cover_url} alt="" />}
          <RichText html={item.body} />
          <ShownInEnglish fallback={item.fallback} />
        </article>
      )}
    </Page>
  );
}
