import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { screensCatalogueReady, serverMessagesReady } from "@/shared/i18n/i18n";

/** Async page load gives up after 60 s; the error boundary then offers a retry. */
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

/** A screen loaded on demand, which the start-up may begin loading before the first render (`preload`). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => void };

/**
 * A screen: its chunk, the screens catalogue and the server's messages (which screens show by key, such as a
 * "copied" toast) load together, so it never shows an untranslated text.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string): LazyPage {
  return lazyWithTimeout(() => Promise.all([load(), screensCatalogueReady(), serverMessagesReady()]).then(([module]) => module), exportName);
}

/** Login and home: their texts are in the core catalogue (first-routes.ts), so only the chunk loads. */
export function firstRoute<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string): LazyPage {
  return lazyWithTimeout(load, exportName);
}

/**
 * One load per screen, shared by `preload` and React: a screen the start-up began loading is not asked for twice.
 * React still renders it in a pass of its own once its promise settles (a pass that would draw the shell and the
 * page together is one longer task on a phone).
 */
function lazyWithTimeout<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () =>
    (loading ??= (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("page load timed out")), PAGE_LOAD_TIMEOUT_MS);
      });
      try {
        const module = await Promise.race([load(), timeout]);
        return { default: module[exportName] as ComponentType };
      } finally {
        clearTimeout(timer);
      }
    })());
  // A failed preload is React's to report (its load is the same promise): the error boundary offers a retry.
  return Object.assign(
    lazy(() => start()),
    { preload: () => void start().catch(() => undefined) },
  );
}
