import { lazy, type ComponentType } from "react";
import { screensCatalogueReady, serverMessagesReady } from "@/shared/i18n/i18n";

/** Async page load gives up after 60 s; the error boundary then offers a retry. */
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

/**
 * A screen: its chunk, the screens catalogue and the server's messages (which screens show by key, such as a
 * "copied" toast) load together, so it never shows an untranslated text.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string) {
  return lazyWithTimeout(() => Promise.all([load(), screensCatalogueReady(), serverMessagesReady()]).then(([module]) => module), exportName);
}

/** Login and home: their texts are in the core catalogue (scripts/first-routes.ts), so only the chunk loads. */
export function firstRoute<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string) {
  return lazyWithTimeout(load, exportName);
}

function lazyWithTimeout<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string) {
  return lazy(async () => {
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
  });
}
