import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { Icon, type IconName } from "./icons";

export { LoadingIndicator, PageLoading, Spinner, ToastHost, useDelayed } from "./loading";

export function EmptyState({ icon = "list", children }: { icon?: IconName; children?: ReactNode }) {
  return (
    <div className="empty">
      <Icon name={icon} className="empty__icon" size={56} />
      <div>{children ?? <Trans>Nothing here yet</Trans>}</div>
    </div>
  );
}

export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div aria-hidden="true" style={{ display: "flex", flexDirection: "column", gap: 10 }}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton" style={{ width: `${90 - i * 15}%` }} />
      ))}
    </div>
  );
}
