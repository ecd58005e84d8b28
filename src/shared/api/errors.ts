/** A refusal answered by the server (any `type` but "ok"/`code` 1): the envelope is passed on inside. */
export class ApiError extends Error {
  constructor(
    /** The catalogue code, e.g. INSUFFICIENT_BALANCE (REQUEST_EXCEPTION when the answer was unreadable). */
    readonly code: string,
    /** The wire key (the seed's Chinese message); translate it with i18n._ to show it. */
    readonly key: string,
    readonly status: number,
    /** The whole answer, as the seed's helper passes it on. */
    readonly answer: unknown,
    /** Field name -> message key, for validation errors. */
    readonly fields: Record<string, string> = {},
    /** Values of the message's placeholders (`{order}`): translate with `i18n._(key, values)`. */
    readonly values: Record<string, string> = {},
  ) {
    super(key);
    this.name = "ApiError";
  }
}

/** The request never got an answer: offline, DNS, reset connection or the 60 s timeout. */
export class NetworkError extends Error {
  constructor(override readonly cause: unknown) {
    super("network failure");
    this.name = "NetworkError";
  }
}
