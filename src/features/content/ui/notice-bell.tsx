import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import { useUnreadCount } from "../api/unread-count";
import { CountBadge } from "./count-badge";
import "./content.css";

/** The bell of the home bar: opens notices and messages, with the unread count. */
export function NoticeBell() {
  const { t } = useLingui();
  const { data } = useUnreadCount();
  const count = data?.unread ?? 0;
  return (
    <Link href={`${paths.news}?tab=inbox`} className="icon-btn bell" aria-label={count > 0 ? t`Notices, ${count} unread` : t`Notices`} data-testid="notice-bell">
      <Icon name="bell" />
      <CountBadge count={count} />
    </Link>
  );
}
