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
import { Segments } from "@/shared/ui/segments";

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
      <Segments
        as="tabs"
        className="content-tabs"
        label={t`Notices and news`}
        value={tab}
        onChange={select}
        segments={[
          {
            value: "inbox",
            label: (
              <>
                <Trans>Notices</Trans> <CountBadge count={count} label={t`${count} unread`} />
              </>
            ),
          },
          { value: "news", label: <Trans>News</Trans> },
        ]}
      />
      <div role="tabpanel">{tab === "inbox" ? <InboxList /> : <NewsCards kind="news" />}</div>
    </Page>
  );
}
