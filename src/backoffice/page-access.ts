import { createContext, useContext } from "react";

/**
 * Whether the signed-in operator's role opens a back-office page, by its path. The shell (app.tsx) knows the pages
 * and provides it; a page that links to others asks here, so no page imports the table that loads it.
 */
const PageAccess = createContext<(path: string) => boolean>(() => false);

export const PageAccessProvider = PageAccess.Provider;
export const useOpens = () => useContext(PageAccess);
