import { createContext, useContext } from "react";
import type { RouteDef } from "./routes";

const RouteMetaContext = createContext<Pick<RouteDef, "nav" | "tab" | "public"> & { path: string }>({ nav: "custom", path: "/" });

export const RouteMetaProvider = RouteMetaContext.Provider;

/** The current route's entry of the table (navigation bar variant, tab root...). */
export const useRouteMeta = () => useContext(RouteMetaContext);
