import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { startTransition, StrictMode } from "react";
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
 *
 * The first render is a transition: React renders it in slices of a few milliseconds, yielding to the browser
 * between them, instead of one task for the whole tree (at a phone's speed, the screen's opening long tasks).
 */
export async function boot(app: ReactNode, prepare?: () => Promise<void>): Promise<void> {
  await hydrateState();
  await Promise.all([activateLanguage(getLanguage()), prepare?.()]);
  const root = createRoot(document.getElementById("root")!);
  startTransition(() => root.render(<StrictMode>{app}</StrictMode>));
}
