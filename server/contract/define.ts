import { z } from "zod";

export type Method = "GET" | "POST";

/** Who may call: anybody, a signed-in user, or a back-office operator (either token travels in `Authorization`). */
export type Access = "public" | "user" | "operator";

/**
 * One API call, declared once. The server registers it as a route (validation + serialisation), the OpenAPI
 * document describes it, and the client types its fetcher with it.
 */
export interface Call<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType, A extends Access = Access> {
  method: Method;
  /** Relative to `/api/`, as in the seed: `user/login`. */
  path: string;
  access: A;
  summary: string;
  /** The payload: query string for GET, body for POST. `lang` is added to every call by the route helper. */
  input: I;
  /** The success payload, the envelope's `message`. */
  output: O;
  /** Names of file fields for multipart calls; text fields are validated by `input`. */
  files?: readonly string[];
  /** With `files`: a request that is not multipart is read as an ordinary body (a call that takes text or a file). */
  filesOptional?: boolean;
  tags?: string[];
  /**
   * The success answer is a download of this content type (a CSV statement), not the envelope: the handler streams
   * it on `reply` itself and returns nothing. Refusals stay the error envelope.
   */
  produces?: string;
  /**
   * A sensitive call (address book, security settings): besides the session it needs a step-up proof in `step_up`
   * (common.ts `stepUpProof`). A function says which requests need it, when some already carry a stronger proof of
   * their own (the current password).
   */
  stepUp?: true | StepUpRule<I>;
}

/** Which requests of a call need a step-up proof (method syntax: a call stays assignable to `Call` of any input). */
type StepUpRule<I extends z.ZodObject> = { rule(input: z.output<I>): boolean }["rule"];

/** Declares a call; method, path and access keep their literal types so the client's fetchers are checked against them. */
export function call<I extends z.ZodObject, O extends z.ZodType, const A extends Access, const M extends Method, const P extends string>(
  def: Call<I, O, A> & { method: M; path: P },
): Call<I, O, A> & { method: M; path: P } {
  return def;
}

/**
 * A route that answers raw bytes instead of the envelope (an image an <img> loads, the OpenAPI document itself):
 * declared here too, so the server registers it by this path and the OpenAPI document lists it.
 */
export interface RawRoute {
  method: "GET";
  /** Relative to `/api/`, with Fastify's `:name` for path parameters: `news/image/:id`. */
  path: string;
  access: "public";
  summary: string;
  /** The content types the body may have. */
  produces: readonly string[];
  tags?: string[];
}

export const raw = <const R extends RawRoute>(def: R): R => def;

export type Input<C> = C extends Call<infer I, z.ZodType, Access> ? z.input<I> : never;
export type Output<C> = C extends Call<z.ZodObject, infer O, Access> ? z.output<O> : never;

/** The seed's envelope on success. */
export const okEnvelope = <T extends z.ZodType>(message: T) => z.object({ type: z.literal("ok"), message });

/**
 * The envelope on failure: `type` 999 means "log out" (missing, expired or revoked session), anything else is an
 * error shown as a toast. `message` is the wire key; `fields` names the inputs a validation error refers to.
 */
export const errorEnvelope = z.object({
  type: z.union([z.literal("error"), z.literal(999)]),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Values of the message's placeholders (e.g. `{order}`), for the client's translation of `message`. */
  values: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
