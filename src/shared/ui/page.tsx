import type { ReactNode } from "react";
import { NavBar, type NavVariant } from "./nav-bar";

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
  return (
    <div className={`page${tabs ? " page--tabs" : ""}`}>
      <NavBar title={title} variant={nav} back={back} left={navLeft} right={navRight} />
      <main className={`page__body${flush ? " page__body--flush" : ""}`}>{children}</main>
    </div>
  );
}
