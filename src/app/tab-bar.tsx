import { lazy, Suspense } from "react";
import { Link, useLocation } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { PathIcon, TAB_ICON_PATHS, type TabIconName } from "@/shared/ui/path-icon";
import { paths } from "@/shared/lib/paths";
import { hasLoginAtom, useAtomValue } from "@/shared/state/store";

// The unread-replies badge listens on the socket: the socket client loads after the first screen, not with it.
const SupportTabBadge = lazy(() => import("@/features/support/ui/service-tab-badge").then((m) => ({ default: m.SupportTabBadge })));

/** The five bottom tabs of the seed: Home, Transaction, Service, Order, Account. */
export function TabBar() {
  const { t } = useLingui();
  const [location] = useLocation();
  const hasLogin = useAtomValue(hasLoginAtom);
  const tabs: { href: string; icon: TabIconName; label: string; also?: string[] }[] = [
    { href: paths.home, icon: "home", label: t`Home`, also: [paths.root] },
    { href: paths.market, icon: "chart", label: t`Transaction` },
    { href: paths.service, icon: "headset", label: t`Service` },
    { href: paths.orderTrade, icon: "list", label: t`Order` },
    { href: paths.account, icon: "user", label: t`Account` },
  ];
  return (
    <nav className="tabbar" aria-label={t`Main`}>
      {tabs.map((tab) => {
        const current = location === tab.href || tab.also?.includes(location);
        return (
          <Link key={tab.href} href={tab.href} className="tabbar__item" aria-current={current ? "page" : undefined}>
            <PathIcon d={TAB_ICON_PATHS[tab.icon]} />
            <span>{tab.label}</span>
            {tab.href === paths.service && hasLogin && (
              <Suspense fallback={null}>
                <SupportTabBadge />
              </Suspense>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
