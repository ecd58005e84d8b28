import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { StrictMode } from "react";
import { I18nProvider } from "@lingui/react";
import { SWRConfig, type SWRConfiguration } from "swr";
import { activateLanguage, i18n } from "../i18n/i18n";
import { getLanguage, hydrateState } from "../state/store";
import { LoadingIndicator, ToastHost } from "./loading";

/** Language, server-data cache and the global overlays (toasts, loading), for both the app and the back office. */
export function Providers({ swr, children }: { swr?: SWRConfiguration; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={swr}>
        {children}
        <ToastHost />
        <LoadingIndicator />
      </SWRConfig>
    </I18nProvider>
  );
}

/**
 * Reads the stored session and language, loads that language's catalogue (and whatever `prepare` needs, such as
 * the app's offline copy of server data, which depends on the stored session), then renders into #root.
 */
export async function boot(app: ReactNode, prepare?: () => Promise<void>): Promise<void> {
  await hydrateState();
  await Promise.all([activateLanguage(getLanguage()), prepare?.()]);
  createRoot(document.getElementById("root")!).render(<StrictMode>{app}</StrictMode>);
}
