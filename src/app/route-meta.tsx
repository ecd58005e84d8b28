import { createContext, useContext } from "react";
import type { NavVariant } from "@/shared/ui/nav-bar";

/** What a screen may ask of its own route (routes.tsx's entries carry these and more). */
export interface RouteMeta {
  path: string;
  /** The seed's default bar or the page's custom bar. */
  nav: NavVariant;
  /** Visitors may open it (login, register, language, webview and their companions). */
  public?: boolean;
  /** A bottom-tab root: the tab bar is shown. */
  tab?: boolean;
}

const RouteMetaContext = createContext<RouteMeta>({ nav: "custom", path: "/" });

export const RouteMetaProvider = RouteMetaContext.Provider;

/** The current route's entry of the table (navigation bar variant, tab root...). */
export const useRouteMeta = () => useContext(RouteMetaContext);
