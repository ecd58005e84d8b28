import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { HOME_NOTICE_QUERY } from "@contract/constants";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import { useLatestNews } from "../api/news-list";
import "./content.css";

/** The newest notice on one line (home; the home's first data carries it); nothing at all when there is none. */
export function NoticeStrip() {
  const { t } = useLingui();
  const { data } = useLatestNews(HOME_NOTICE_QUERY.kind, HOME_NOTICE_QUERY.limit);
  const notice = data?.list[0];
  if (!notice) return null;
  return (
    <Link href={`${paths.newsDetail}?id=${notice.id}`} className="notice-strip" aria-label={t`Notice: ${notice.title}`}>
      <Icon name="bell" size={18} />
      <span className="notice-strip__text">{notice.title}</span>
      <span className="notice-strip__more">
        <Icon name="chevron" size={14} />
      </span>
    </Link>
  );
}
