/**
 * The refusals the client's protocol (src/shared/api/client.ts) names itself, in a module of their own as successes.ts
 * is, so the app's first load does not carry the whole error catalogue. server/contract/messages.ts puts them into
 * `errors` with the rest, so they are defined once.
 */
import type { ErrorDef } from "./messages";

export const requestErrors = {
  /** An answer without the envelope: a proxy's error page, a body cut short, a 5xx the handler never saw. */
  REQUEST_EXCEPTION: { status: 500, key: "请求异常", en: "Request exception" },
} as const satisfies Record<string, ErrorDef>;
