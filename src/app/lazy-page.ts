import { lazy, type ComponentType } from "react";

/** Async page load gives up after 60 s (seed section 2); the error boundary then offers a retry. */
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string) {
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
