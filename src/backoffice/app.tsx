import { Suspense, useEffect, useState } from "react";
import { Link, Redirect, Route, Router, Switch, useLocation } from "wouter";
import { useHashLocation } from "wouter/use-hash-location";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageLoading } from "@/shared/ui/feedback";
import { Providers } from "@/shared/ui/providers";
import { Icon } from "@/shared/ui/icons";
import { Logo } from "@/shared/ui/logo";
import { operatorToken, signOut, useMe } from "./api";
import { LoginPage } from "./login-page";
import { PageAccessProvider } from "./page-access";
import { backofficePages, opensFor } from "./pages";
import { SetupPage } from "./setup-page";

function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(operatorToken() !== null);
  useEffect(() => {
    const update = () => setSignedIn(operatorToken() !== null);
    window.addEventListener("backoffice-session", update);
    return () => window.removeEventListener("backoffice-session", update);
  }, []);
  return signedIn;
}

function Layout() {
  const { i18n: active } = useLingui();
  const [location] = useLocation();
  const { data: me } = useMe();
  const pages = backofficePages.filter((page) => !me || page.roles.includes(me.role));
  return (
    <div className="bo">
      <nav className="bo__side">
        <div className="bo__brand">
          <Logo size={28} />
          <span>
            <Trans>Back office</Trans>
          </span>
        </div>
        {pages.map((page) => (
          <Link key={page.path} href={page.path} className="bo__link" aria-current={location === page.path ? "page" : undefined}>
            <Icon name={page.icon} size={18} />
            {active._(page.label)}
          </Link>
        ))}
        <div className="bo__who">
          <span>
            {me?.name} · {me?.role}
          </span>
          <button type="button" className="btn btn--link" onClick={() => void signOut()}>
            <Trans>Sign out</Trans>
          </button>
        </div>
      </nav>
      <main className="bo__main">
        <PageAccessProvider value={opensFor(me?.role)}>
          <Suspense fallback={<PageLoading />}>
            <Switch>
              {pages.map((page) => (
                <Route key={page.path} path={page.path} component={page.component} />
              ))}
              <Route>
                <Redirect to="/" replace />
              </Route>
            </Switch>
          </Suspense>
        </PageAccessProvider>
      </main>
    </div>
  );
}

function Gate() {
  const signedIn = useSignedIn();
  const [location] = useLocation();
  // The first run's link (`#/setup?token=...`): its query is part of the hash location, so it is matched by prefix.
  if (location.startsWith("/setup")) return <SetupPage />;
  return (
    <Switch>
      <Route path="/login">{signedIn ? <Redirect to="/" replace /> : <LoginPage />}</Route>
      <Route>{signedIn ? <Layout /> : <Redirect to="/login" replace />}</Route>
    </Switch>
  );
}

/** The operator app: a second entry (backoffice.html), never part of the user's bundle. */
export function BackofficeApp() {
  return (
    <Providers swr={{ revalidateOnFocus: true, dedupingInterval: 1000 }}>
      <Router hook={useHashLocation}>
        <Gate />
      </Router>
    </Providers>
  );
}
