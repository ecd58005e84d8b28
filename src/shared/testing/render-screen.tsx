import type { ReactNode } from "react";
import { render, type RenderResult } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { SWRConfig } from "swr";

/**
 * What a screen runs inside in the app (the active catalogue, SWR; the state store is the app's one `store`), for tests: SWR gets a cache
 * of the test's own, so no answer carries over from the test before, and neither deduplicates nor refetches on focus,
 * so a test sees exactly the requests it causes.
 */
export function ScreenProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false }}>{children}</SWRConfig>
    </I18nProvider>
  );
}

/** Renders a screen, or a part of one, inside `ScreenProviders`; `rerender` keeps them. */
export function renderScreen(ui: ReactNode): RenderResult {
  return render(ui, { wrapper: ScreenProviders });
}
