/**
 * The refusals the client's protocol (src/shared/api/client.ts) names itself, in a module of their own as successes.ts
 * is, so the app's first load does not carry the whole error catalogue. server/contract/messages.ts puts them into
 * `errors` with the rest, so they are defined once.
 */

/** One message of the catalogue (messages.ts holds them all; this module is the lower of the two). */
export interface ErrorDef {
  /** HTTP status the server answers with. */
  status: number;
  /** Message key on the wire (the seed's Chinese text). */
  key: string;
  /** English source text for the catalogues. */
  en: string;
}

export const requestErrors = {
  /** An answer without the envelope: a proxy's error page, a body cut short, a 5xx the handler never saw. */
  REQUEST_EXCEPTION: { status: 500, key: "请求异常", en: "Request exception" },
} as const satisfies Record<string, ErrorDef>;
