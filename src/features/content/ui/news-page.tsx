import { useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { markRead } from "../api/mark-read";
import { useUnreadCount } from "../api/unread-count";
import { InboxList, NewsCards } from "./news-parts";
import { CountBadge } from "./parts";
import "./content.css";

type Tab = "inbox" | "news";

/** News and messages: my messages and the notices (unread marked), and the news; the tab lives in the URL. */
export function NewsPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const tab: Tab = new URLSearchParams(useSearch()).get("tab") === "news" ? "news" : "inbox";
  const { data: unread } = useUnreadCount();
  const count = unread?.unread ?? 0;
  // wouter keeps the last search when a path has none: always write the tab.
  const select = (next: Tab) => navigate(`${paths.news}?tab=${next}`, { replace: true });
  return (
    <Page
      title={<Trans>Message centre</Trans>}
      nav="default"
      navRight={
        tab === "inbox" && count > 0 ? (
          <button type="button" className="icon-btn" aria-label={t`Mark all as read`} title={t`Mark all as read`} onClick={() => void markRead({}).catch(() => undefined)}>
            <Icon name="checkAll" />
          </button>
        ) : undefined
      }
    >
      <div className="segments content-tabs" role="tablist" aria-label={t`Notices and news`}>
        <button type="button" role="tab" className="segments__item" aria-selected={tab === "inbox"} onClick={() => select("inbox")}>
          <Trans>Notices</Trans> <CountBadge count={count} label={t`${count} unread`} />
        </button>
        <button type="button" role="tab" className="segments__item" aria-selected={tab === "news"} onClick={() => select("news")}>
          <Trans>News</Trans>
        </button>
      </div>
      <div role="tabpanel">{tab === "inbox" ? <InboxList /> : <NewsCards kind="news" />}</div>
    </Page>
  );
}
