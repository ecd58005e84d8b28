import type { FastifyError, FastifyInstance } from "fastify";
import { errors, type ErrorCode, type ErrorEnvelope } from "../../contract";

/** A refusal the user can understand: a code of the closed catalogue, never free text. */
export class DomainError extends Error {
  /** Which input fields the refusal is about, with their message keys. */
  readonly fields?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    /**
     * The fields the refusal is about: a field name (or several), which then carry the code's own message key, so a
     * refusal names its code once (`new DomainError("ACCOUNT_EXISTS", "account")`); or field -> message key when a
     * field's message differs from the code's.
     */
    fields?: string | readonly string[] | Record<string, string>,
    /** The session is over: answer `type` 999 so the client logs out (missing token, frozen account...). */
    readonly logout = code === "LOGIN_REQUIRED",
  ) {
    super(code);
    this.name = "DomainError";
    this.fields =
      typeof fields === "string" ? { [fields]: errors[code].key } : Array.isArray(fields) ? Object.fromEntries(fields.map((f) => [f, errors[code].key])) : (fields as Record<string, string> | undefined);
  }
  /** Values of the message's placeholders (`{order}`), sent beside it for the client's translation. */
  values?: Record<string, string>;

  withValues(values: Record<string, string>): this {
    this.values = values;
    return this;
  }

  /** Seconds the client should wait before trying again (a throttled attempt): sent as `Retry-After`. */
  retryAfterS?: number;

  retryAfter(seconds: number): this {
    this.retryAfterS = Math.max(1, Math.ceil(seconds));
    return this;
  }

  get status(): number {
    return errors[this.code].status;
  }
}

/** A broken invariant is a bug: fail loudly, never answer as if it were the user's fault. */
export function invariant(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`Invariant violated: ${what}`);
}

export function envelopeOf(code: ErrorCode, fields?: Record<string, string>, logout = code === "LOGIN_REQUIRED", values?: Record<string, string>): ErrorEnvelope {
  return {
    type: logout ? 999 : "error",
    code,
    message: errors[code].key,
    ...(fields && Object.keys(fields).length ? { fields } : {}),
    ...(values ? { values } : {}),
  };
}

/** The one place a failure becomes an answer: honest status, the seed's envelope, no leaked internals on 5xx. */
export function installErrorHandling(app: FastifyInstance): void {
  // Every 429 says how long to wait (RFC 9110 Retry-After, seconds): a throttle names its own wait, the rate limiter
  // its window; anything else asking the client to slow down gets a minute.
  app.addHook("onSend", async (_request, reply) => {
    if (reply.statusCode === 429 && !reply.hasHeader("retry-after")) reply.header("Retry-After", "60");
  });
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfterS !== undefined) reply.header("Retry-After", String(error.retryAfterS));
      return reply.status(error.status).send(envelopeOf(error.code, error.fields, error.logout, error.values));
    }
    const fastifyError = error as FastifyError;
    const code = mapFastifyError(fastifyError);
    if (code) {
      return reply.status(errors[code].status).send(envelopeOf(code));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(envelopeOf("REQUEST_EXCEPTION"));
  });
}

function mapFastifyError(error: FastifyError): ErrorCode | null {
  switch (error.code) {
    case "FST_REQ_FILE_TOO_LARGE":
    case "FST_PARTS_LIMIT":
    case "FST_FILES_LIMIT":
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "FILE_TOO_LARGE";
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "ILLEGAL_REQUEST";
  }
  if (error.statusCode === 429) return "TOO_MANY_REQUESTS";
  if (error.statusCode === 413) return "FILE_TOO_LARGE";
  if (error.statusCode === 404) return "NOT_FOUND";
  // A malformed body (bad JSON, bad form) is the client's fault, not ours.
  if (error.statusCode === 400 || error instanceof SyntaxError) return "PARAMETER_ERROR";
  // Whatever else a plugin refuses as the client's fault (the static files' 403 on a forbidden path, a 405...) stays a
  // 4xx: a refusal is never reported as a server error.
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) return "ILLEGAL_REQUEST";
  return null;
}
