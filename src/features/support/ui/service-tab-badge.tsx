import { useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import { useSupportUnread } from "../api/unread";
import "./support.css";

/** The unread replies on the Service tab (hidden at 0). */
export function SupportTabBadge() {
  const { t } = useLingui();
  const count = useSupportUnread();
  if (count <= 0) return null;
  return (
    <span className="tabbar__badge" aria-label={t`${plural(count, { one: "# unread reply", other: "# unread replies" })}`} data-testid="service-badge">
      {count > 99 ? "99+" : count}
    </span>
  );
}
