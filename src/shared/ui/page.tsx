import { createContext, useContext, type ReactNode } from "react";
import { NavBar, type NavVariant } from "./nav-bar";

/**
 * Set by a screen that shows another screen inside its own (the Order tab's lists): that screen's `Page` then gives
 * its body and its bar's actions, under the host's bar and tabs, instead of a second navigation bar.
 */
const Embedded = createContext(false);

export function EmbeddedPage({ children }: { children: ReactNode }) {
  return <Embedded.Provider value={true}>{children}</Embedded.Provider>;
}

/** A screen: navigation bar, then the scrolling body; leaves room for the tab bar on tab pages. */
export function Page({ title, nav = "custom", back = true, navLeft, navRight, tabs = false, flush = false, children }: {
  title?: ReactNode;
  nav?: NavVariant;
  back?: boolean;
  navLeft?: ReactNode;
  navRight?: ReactNode;
  tabs?: boolean;
  flush?: boolean;
  children: ReactNode;
}) {
  if (useContext(Embedded)) {
    // Its bar's own actions (the spot account, a loan application) stay, above its body.
    return (
      <div className="page__embedded">
        {navRight && <div className="page__embedded-actions">{navRight}</div>}
        {children}
      </div>
    );
  }
  return (
    <div className={`page${tabs ? " page--tabs" : ""}`}>
      <NavBar title={title} variant={nav} back={back} left={navLeft} right={navRight} />
      <main className={`page__body${flush ? " page__body--flush" : ""}`}>{children}</main>
    </div>
  );
}
