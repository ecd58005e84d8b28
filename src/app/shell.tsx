import { Component, Suspense, useEffect, type ReactNode } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { Trans } from "@lingui/react/macro";
import { hasLoginAtom, realNameDismissedAtom, useAtomValue, useSetAtom, userInfoAtom } from "@/shared/state/store";
import { PageLoading } from "@/shared/ui/feedback";
import { Modal } from "@/shared/ui/modal";
import { REVIEW } from "@contract/constants";
import { paths } from "@/shared/lib/paths";
import { RouteMetaProvider } from "./route-meta";
import { routes, type RouteDef } from "./routes";
import { TabBar } from "./tab-bar";

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
      {hasLogin && !route.noRealNameModal && <RealNameModal />}
    </RouteMetaProvider>
  );
}

/**
 * review_status 0 (never submitted) or 3 (rejected) shows "please complete real-name verification first" with a
 * button to KYC. Not shown on the KYC, login and register pages.
 */
function RealNameModal() {
  const user = useAtomValue(userInfoAtom);
  const [, navigate] = useLocation();
  // Dismissed once per session: the modal asks, it does not lock the user out of their own account.
  const dismissed = useAtomValue(realNameDismissedAtom);
  const setDismissed = useSetAtom(realNameDismissedAtom);
  const needed = user !== null && (user.review_status === REVIEW.NONE || user.review_status === REVIEW.REJECTED);
  const close = () => setDismissed(true);
  return (
    <Modal
      open={needed && !dismissed}
      title={<Trans>Real-name verification</Trans>}
      onClose={close}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={close}>
            <Trans>Later</Trans>
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              close();
              navigate(paths.kyc);
            }}
          >
            <Trans>Verify now</Trans>
          </button>
        </>
      }
    >
      {user?.review_status === REVIEW.REJECTED ? (
        <Trans>Your verification was rejected. Please complete real-name verification first.</Trans>
      ) : (
        <Trans>Please complete real-name verification first.</Trans>
      )}
    </Modal>
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
