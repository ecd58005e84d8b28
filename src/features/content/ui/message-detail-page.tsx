import { Link, useSearch } from "wouter";
import { Trans } from "@lingui/react/macro";
import { formatDateTime } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Page } from "@/shared/ui/page";
import { useMessageDetail } from "../api/message-detail";
import "./content.css";

/** One of my personal messages (plain text); opening it marks it read. */
export function MessageDetailPage() {
  const raw = Number(new URLSearchParams(useSearch()).get("id"));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { data: message, error } = useMessageDetail(id);
  return (
    <Page title={<Trans>Message</Trans>} nav="default">
      {!id || error ? (
        <EmptyState icon="mail">
          <p style={{ margin: "0 0 12px" }}>
            <Trans>This message cannot be found.</Trans>
          </p>
          <Link href={paths.news} className="btn btn--ghost btn--small">
            <Trans>All messages</Trans>
          </Link>
        </EmptyState>
      ) : !message ? (
        <Skeleton lines={5} />
      ) : (
        <article className="card">
          <h2 className="article__title">{message.title}</h2>
          <div className="article__meta">
            <span className="num">{formatDateTime(message.created_at)}</span>
          </div>
          <div className="article__text">{message.body}</div>
        </article>
      )}
    </Page>
  );
}
