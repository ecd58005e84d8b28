import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { errors, language, type Access, type Call, type ErrorCode, type Language } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import { controlCharacterAt } from "../../contract/common";
import type { AuthenticationResponse } from "../../contract/webauthn";
import { DomainError } from "./errors";

/** Who is calling, resolved from the session token. */
export interface SessionUser {
  id: number;
  sessionId: number;
  lang: Language;
}

/** Resolves a raw token to its user, or null when missing, expired or revoked. Provided by the auth domain. */
export type Authenticator = (token: string) => Promise<SessionUser | null>;

/** A back-office operator, resolved from an operator session token. */
export interface OperatorSession {
  id: number;
  sessionId: number;
  name: string;
  role: OperatorRole;
}

export type OperatorAuthenticator = (token: string) => Promise<OperatorSession | null>;

export interface Authenticators {
  user: Authenticator;
  operator: OperatorAuthenticator;
}

/**
 * Checks a step-up proof (contract `stepUpFields`: `step_up`, or a passkey's answer in `passkey`) for a signed-in
 * user, throwing the refusal (STEP_UP_REQUIRED when absent, STEP_UP_WRONG when it proves nothing). Provided by the
 * account domain, which owns the credentials.
 */
export type StepUpCheck = (userId: number, proof: StepUpProof) => Promise<void>;
export type StepUpProof = { step_up?: string; passkey?: AuthenticationResponse };

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface RouteRequest<I extends z.ZodObject, A extends Access> {
  input: z.output<I>;
  user: A extends "user" ? SessionUser : SessionUser | null;
  operator: A extends "operator" ? OperatorSession : null;
  /** Client language: the payload's `lang`, else the user's, else the default. */
  lang: Language;
  /** File fields of a multipart call, by field name. */
  files: Record<string, UploadedFile>;
  ip: string;
  userAgent: string;
  raw: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Requests per minute per client address; the auth limit applies to login, register and code sending. */
  rateLimit?: { max: number; timeWindowMs?: number };
  /** Operator calls: the roles allowed (default: every role). */
  roles?: OperatorRole[];
  /**
   * Refuses a signed-in user's request on the user's state alone, before the payload is read: an upload that would
   * be refused anyway (a deposit over the cap) is not received first.
   */
  admit?: (user: SessionUser) => Promise<void>;
}

const WITH_LANG = new WeakMap<z.ZodObject, z.ZodObject>();

/** Every payload may carry `lang` (seed section 7); calls needn't each declare it. */
function withLang(input: z.ZodObject): z.ZodObject {
  let schema = WITH_LANG.get(input);
  if (!schema) {
    schema = "lang" in input.shape ? input : input.extend({ lang: language.optional().catch(undefined) });
    WITH_LANG.set(input, schema);
  }
  return schema;
}

/**
 * The key rate limits count under: the client's address. A client that hung up mid-body has no address any more
 * (`request.ip` is undefined once its socket is gone); it still counts, under one key, and never throws.
 */
export function clientKey(request: { ip?: string; socket?: { remoteAddress?: string } }): string {
  return normalizeIP(request.ip ?? request.socket?.remoteAddress ?? "gone");
}

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith("Bearer ") ? header.slice(7) : header;
  return token.trim() || null;
}

/** The app's API surface: domains register their contract calls here; the OpenAPI document lists them. */
export interface Api {
  readonly calls: readonly Call[];
  /** The check of calls declaring `stepUp`; until one is set, such calls are refused (never let through). */
  useStepUp(check: StepUpCheck): void;
  route<I extends z.ZodObject, O extends z.ZodType, A extends Access>(
    call: Call<I, O, A>,
    handler: (request: RouteRequest<I, A>) => Promise<z.input<O>> | z.input<O>,
    options?: RouteOptions,
  ): void;
}

export function createApi(app: FastifyInstance, authenticate: Authenticators): Api {
  const calls: Call[] = [];
  const stepUp: { check: StepUpCheck } = {
    check: async () => {
      throw new DomainError("STEP_UP_REQUIRED", "step_up");
    },
  };
  return {
    calls,
    useStepUp(check) {
      stepUp.check = check;
    },
    route(call, handler, options = {}) {
      calls.push(call as unknown as Call);
      registerCall(app, authenticate, (userId, proof) => stepUp.check(userId, proof), call, handler, options);
    },
  };
}

/** Whether this request of a call needs a step-up proof (see `Call.stepUp`). */
function needsStepUp<I extends z.ZodObject>(call: Call<I>, input: z.output<I>): boolean {
  if (!call.stepUp) return false;
  return call.stepUp === true || call.stepUp(input);
}

/**
 * Registers one contract call as a route: authenticates, reads the payload (query, form, JSON or multipart),
 * validates it with the contract, runs the handler and answers the seed's envelope with the contract's output.
 */
function registerCall<I extends z.ZodObject, O extends z.ZodType, A extends Access>(
  app: FastifyInstance,
  authenticate: Authenticators,
  checkStepUp: StepUpCheck,
  call: Call<I, O, A>,
  handler: (request: RouteRequest<I, A>) => Promise<z.input<O>> | z.input<O>,
  options: RouteOptions,
): void {
  const input = withLang(call.input);
  app.route({
    method: call.method,
    url: `/api/${call.path}`,
    config: options.rateLimit
      ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs ?? 60_000 } }
      : undefined,
    handler: async (request, reply) => {
      let user: SessionUser | null = null;
      let operator: OperatorSession | null = null;
      const token = tokenOf(request);
      // Nothing a session can see, and no answer to a POST (sign-ins carry tokens), is kept by any HTTP cache; the
      // header is set first, so refusals carry it too. Public GETs (quotes, klines) without a token stay cacheable.
      if (call.access !== "public" || token || call.method !== "GET") reply.header("Cache-Control", "no-store");
      if (call.access === "operator") {
        if (token) operator = await authenticate.operator(token);
        if (!operator) throw new DomainError("LOGIN_REQUIRED");
        if (options.roles && !options.roles.includes(operator.role)) throw new DomainError("UNAUTHORIZED_OPERATION");
      } else if (token) {
        user = await authenticate.user(token);
      }
      if (call.access === "user" && !user) throw new DomainError("LOGIN_REQUIRED");
      if (user && options.admit) await options.admit(user);

      const { fields, files } = await readPayload(request, call);
      const controlled = controlCharacterAt(fields);
      if (controlled) throw new DomainError("PARAMETER_ERROR", { [controlled.join(".") || "_"]: errors.PARAMETER_ERROR.key });
      const parsed = input.safeParse(fields);
      if (!parsed.success) throw validationError(parsed.error, fields);
      const payload = parsed.data as z.output<I> & { lang?: Language } & StepUpProof;
      // Sensitive calls: the session is not enough, the user proves it is them again (trading password or 2FA code).
      if (user && needsStepUp(call, payload)) await checkStepUp(user.id, { step_up: payload.step_up, passkey: payload.passkey });

      const result = await handler({
        input: payload,
        user: user as RouteRequest<I, A>["user"],
        operator: operator as RouteRequest<I, A>["operator"],
        lang: payload.lang ?? user?.lang ?? "en",
        files,
        ip: request.ip,
        userAgent: String(request.headers["user-agent"] ?? "").slice(0, 256),
        raw: request,
        reply,
      });
      // A download (`produces`): the handler has sent the bytes on the reply itself.
      if (call.produces) return reply;
      // The contract decides what leaves the server: unknown fields are stripped, a drifted shape is a bug.
      return { type: "ok", message: call.output.parse(result) };
    },
  });
}

async function readPayload(request: FastifyRequest, call: Call): Promise<{ fields: unknown; files: Record<string, UploadedFile> }> {
  if (call.method === "GET") return { fields: request.query ?? {}, files: {} };
  if (!call.files?.length) return { fields: request.body ?? {}, files: {} };
  if (!request.isMultipart()) {
    if (call.filesOptional) return { fields: request.body ?? {}, files: {} };
    throw new DomainError("UPLOAD_FAILED");
  }
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const data = await part.toBuffer();
        if (!call.files.includes(part.fieldname)) continue;
        files[part.fieldname] = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  return { fields, files };
}

/**
 * What the multipart parser throws is the client's doing: its size and count limits keep their own answers (the
 * error handler maps their codes), anything else (no boundary, a truncated body, a malformed part header, a body
 * that stopped mid-way) is an upload that failed, never a server error.
 */
function multipartFailure(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "string" && code.startsWith("FST_")) return error;
  return new DomainError("UPLOAD_FAILED");
}

/**
 * A refused payload names the first problem with its translated key (e.g. "password must be 6 to 16 characters");
 * a missing field is "missing parameters", anything not otherwise described is "parameter error".
 */
export function validationError(error: z.ZodError, raw?: unknown): DomainError {
  const known = new Map(Object.entries(errors).map(([code, def]) => [def.key, code as ErrorCode]));
  const fields: Record<string, string> = {};
  let first: ErrorCode | null = null;
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "_";
    let code: ErrorCode = known.get(issue.message) ?? "PARAMETER_ERROR";
    // A union's issue carries no input: whether the field was sent at all is read from the payload.
    const absent = (issue as { input?: unknown }).input === undefined && (issue.code === "invalid_type" || (issue.code === "invalid_union" && valueAt(raw, issue.path) === undefined));
    if (absent) code = "MISSING_PARAMETER";
    if (!(field in fields)) fields[field] = errors[code].key;
    first ??= code;
  }
  return new DomainError(first ?? "PARAMETER_ERROR", fields);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}
