import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { InboxItem, NewsKind, NewsSummary } from "@contract/content";
import { formatDateTime } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { useNewsPages } from "../api/news-pages";
import { useUserMessages } from "../api/user-messages";
import { flatten, LoadMore } from "./parts";

/** YYYY-MM-DD HH:mm: lists need the minute, not the second. */
export const shortDateTime = (seconds: number) => formatDateTime(seconds).slice(0, 16);

export const newsHref = (id: number) => `${paths.newsDetail}?id=${id}`;
export const messageHref = (id: number) => `${paths.messageDetail}?id=${id}`;

/** My messages and the notices, unread ones marked; opening one reads it. */
export function InboxList() {
  const { t } = useLingui();
  const inbox = useUserMessages();
  const { items, hasMore } = flatten(inbox.data);
  if (!inbox.data) return <Skeleton lines={6} />;
  if (!items.length) {
    return (
      <EmptyState icon="bell">
        <Trans>No messages or notices yet.</Trans>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="inbox" aria-label={t`Messages and notices`} style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <InboxRow item={item} />
          </li>
        ))}
      </ul>
      <LoadMore hasMore={hasMore} loading={inbox.isValidating && inbox.data.length < inbox.size} onMore={() => void inbox.setSize(inbox.size + 1)} />
    </>
  );
}

function InboxRow({ item }: { item: InboxItem }) {
  const { t } = useLingui();
  const isMessage = item.kind === "message";
  return (
    <Link
      href={isMessage ? messageHref(item.id) : newsHref(item.id)}
      className={`inbox-item${item.read ? " inbox-item--read" : ""}`}
      data-testid="inbox-item"
      data-unread={item.read ? undefined : "true"}
    >
      <span className={`inbox-item__icon${isMessage ? " inbox-item__icon--message" : ""}`}>
        <Icon name={isMessage ? "mail" : "bell"} size={20} />
        {!item.read && <span className="inbox-item__dot" role="img" aria-label={t`Unread`} />}
      </span>
      <span className="inbox-item__main">
        <span className="inbox-item__head">
          <span className="inbox-item__title">{item.title}</span>
          <span className="inbox-item__time num">{shortDateTime(item.created_at)}</span>
        </span>
        <span className="inbox-item__body">
          <span className="faint">{isMessage ? t`Message` : t`Notice`} · </span>
          {item.body}
        </span>
      </span>
    </Link>
  );
}

/** Published news (or notices) as cards with their cover, pinned first. */
export function NewsCards({ kind }: { kind: NewsKind }) {
  const { t } = useLingui();
  const news = useNewsPages(kind);
  const { items, hasMore } = flatten(news.data);
  if (!news.data) return <Skeleton lines={6} />;
  if (!items.length) {
    return <EmptyState icon="news">{kind === "news" ? <Trans>No news yet.</Trans> : <Trans>No notices yet.</Trans>}</EmptyState>;
  }
  return (
    <>
      <div className="news-list" aria-label={kind === "news" ? t`News` : t`Notices`} role="list">
        {items.map((item) => (
          <NewsCard key={item.id} item={item} />
        ))}
      </div>
      <LoadMore hasMore={hasMore} loading={news.isValidating && news.data.length < news.size} onMore={() => void news.setSize(news.size + 1)} />
    </>
  );
}

function NewsCard({ item }: { item: NewsSummary }) {
  return (
    <Link href={newsHref(item.id)} className="news-card" role="listitem" data-testid="news-card">
      {item.cover_url && <img className="news-card__cover" src={item.cover_url} alt="" loading="lazy" />}
      <span className="news-card__body">
        <span className="news-card__title">{item.title}</span>
        {item.summary && <span className="news-card__summary">{item.summary}</span>}
        <span className="news-card__meta">
          {item.pinned && (
            <span className="badge badge--brand">
              <Trans>Pinned</Trans>
            </span>
          )}
          <span className="num">{shortDateTime(item.published_at)}</span>
        </span>
      </span>
    </Link>
  );
}
