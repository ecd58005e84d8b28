import { Component, lazy, Suspense, useEffect, type ReactNode } from "react";
import { Redirect, Route, Switch } from "wouter";
import { Trans } from "@lingui/react/macro";
import { hasLoginAtom, realNameDismissedAtom, useAtomValue, userInfoAtom } from "@/shared/state/store";
import { PageLoading } from "@/shared/ui/loading";
import { REVIEW } from "@contract/constants";
import { paths } from "@/shared/lib/paths";
import { RouteMetaProvider } from "./route-meta";
import { routes, type RouteDef } from "./routes";
import { TabBar } from "./tab-bar";

const RealNameModal = lazy(() => import("./real-name-modal").then((m) => ({ default: m.RealNameModal })));

/** Every route of the table, each behind the access guard, with the real-name modal and the tab bar where due. */
export function Shell() {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          <Guarded route={route} />
        </Route>
      ))}
      <Route>
        <Redirect to={paths.home} replace />
      </Route>
    </Switch>
  );
}

function Guarded({ route }: { route: RouteDef }) {
  const hasLogin = useAtomValue(hasLoginAtom);
  // The access guard: every page but the public ones sends a visitor to login.
  if (!route.public && !hasLogin) return <Redirect to={paths.login} replace />;
  const Page = route.component;
  return (
    <RouteMetaProvider value={{ nav: route.nav, tab: route.tab, public: route.public, path: route.path }}>
      <PageErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
      {route.tab && <TabBar />}
      {hasLogin && !route.noRealNameModal && <RealNameCheck />}
    </RouteMetaProvider>
  );
}

/**
 * review_status 0 (never submitted) or 3 (rejected) asks for real-name verification, once per session (it asks, it
 * does not lock the user out of their own account). The modal's code loads only when it is to be shown.
 */
function RealNameCheck() {
  const user = useAtomValue(userInfoAtom);
  const dismissed = useAtomValue(realNameDismissedAtom);
  const needed = user !== null && (user.review_status === REVIEW.NONE || user.review_status === REVIEW.REJECTED);
  if (!needed || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <RealNameModal rejected={user.review_status === REVIEW.REJECTED} />
    </Suspense>
  );
}

/** A page that failed to load (timeout, offline, a bug) offers a retry instead of a blank screen. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed onRetry={() => window.location.reload()} />;
  }
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    document.title = "TradeWise";
  }, []);
  return (
    <div className="empty" role="alert" style={{ minHeight: "70dvh" }}>
      <strong style={{ color: "var(--text)" }}>
        <Trans>This page could not be loaded</Trans>
      </strong>
      <div>
        <Trans>Check your connection and try again.</Trans>
      </div>
      <button type="button" className="btn btn--primary btn--small" onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
