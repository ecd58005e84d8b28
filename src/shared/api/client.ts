/**
 * The one HTTP client. It owns the seed's request protocol (section 7), rule by rule:
 *  1. GET unless told otherwise;
 *  2. every payload carries `lang`, the stored language;
 *  3. token calls send `Authorization` with the stored token (JSON or multipart bodies);
 *  4. other calls send form-urlencoded bodies, unless told `json` (the passkey calls, whose fields are objects);
 *  5. success is `type == "ok"` or `code == 1`, and resolves with `message`;
 *  6. `type == 999` toasts the translated message for 3 s and logs out;
 *  7. any other answer toasts the translated message and rejects with an ApiError carrying the answer;
 *  8. a network failure rejects (NetworkError);
 *  9. the loading indicator is hidden after every call, whatever happened;
 * 10. requests time out after 60 s.
 * The transport is ky (timeout, abort, request building); the rules above are this module's own.
 */
import ky from "ky";
import { msg } from "@lingui/core/macro";
import type { Call, Input, Output } from "@contract/define";
import { requestErrors } from "@contract/request-errors";
import { i18n, serverMessagesReady } from "../i18n/i18n";
import { beginLoading, endLoading, getLanguage, getToken, showToast } from "../state/store";
import { callsDone } from "./calls-done";
import { ApiError, NetworkError } from "./errors";
import { endSession } from "./session";
import { deviceOnline, reportReachable, reportUnreachable } from "./online";

/** Whose session a client speaks for: the app's user, or the back office's operator. */
export interface ClientSession {
  getToken(): string | null;
  /** Called on a `type == 999` answer, after the toast: forget the session and go to its login. */
  onSessionEnd(): Promise<void>;
}

export const REQUEST_TIMEOUT_MS = 60_000;

/** The refusal an answer without the server's envelope stands for (a proxy's error page, a body cut short). */
const UNANSWERED = "REQUEST_EXCEPTION" satisfies keyof typeof requestErrors;

export interface RequestOptions {
  method?: "GET" | "POST";
  data?: Record<string, unknown>;
  /** Files of a multipart call, by field name. */
  files?: Record<string, Blob>;
  /** A token call: sends Authorization. */
  auth?: boolean;
  /** A JSON body even without a token (a call whose fields are objects). */
  json?: boolean;
  /** Show the loading indicator (default: for POST). */
  loading?: boolean;
  /** Don't toast failures (background refreshes); they still reject. */
  silent?: boolean;
  signal?: AbortSignal;
  /** A download (a call whose contract `produces` a file): success answers a `Download`, refusals stay envelopes. */
  download?: boolean;
}

/** What a download call answers: the bytes and the file name the server gave them. */
export interface Download {
  blob: Blob;
  filename: string;
}

interface Envelope {
  type?: unknown;
  code?: unknown;
  message?: unknown;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

const apiUrl = (path: string) => new URL(`api/${path}`, document.baseURI).toString();

/** Form and query values are text; objects are sent as JSON text, empty values are left out. */
function textEntries(data: Record<string, unknown>): [string, string][] {
  return Object.entries(data)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, typeof v === "object" ? JSON.stringify(v) : String(v)]);
}

/**
 * The transport under the protocol: no retries (SWR revalidates, and a POST is never sent twice), no throwing on a
 * 4xx/5xx (a refusal is an envelope to read), 60 s of patience; ky turns the caller's abort and its own timeout into
 * a rejected fetch, which rule 8 reports.
 */
const http = ky.create({ timeout: REQUEST_TIMEOUT_MS, retry: 0, throwHttpErrors: false });

export type Request = <T>(path: string, options?: RequestOptions) => Promise<T>;

/** One implementation of the protocol, bound to a session: the app's and the back office's clients. */
export function createRequest(session: ClientSession): Request {
  return (path, options) => send(session, path, options);
}

/** The toast of an action refused offline (also used by `useAction`). */
export function toastNeedsConnection(): void {
  showToast(i18n._(msg`You're offline. This needs a connection; nothing was sent.`), "error");
}

async function send<T>(session: ClientSession, path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  // An upload can't work offline and is never queued for later: refuse it now, plainly.
  if (options.files && !deviceOnline()) {
    toastNeedsConnection();
    throw new NetworkError(new Error("offline"));
  }
  const payload = { ...options.data, lang: getLanguage() };
  const headers: Record<string, string> = {};
  const token = options.auth ? session.getToken() : null;
  if (token) headers.Authorization = token;

  let body: BodyInit | undefined;
  let searchParams: URLSearchParams | undefined;
  if (method === "GET") {
    searchParams = new URLSearchParams(textEntries(payload));
  } else if (options.files) {
    const form = new FormData();
    for (const [k, v] of textEntries(payload)) form.append(k, v);
    for (const [k, file] of Object.entries(options.files)) form.append(k, file, file instanceof File ? file.name : k);
    body = form;
  } else if (options.auth || options.json) {
    body = JSON.stringify(payload);
    headers["Content-Type"] = "application/json";
  } else {
    body = new URLSearchParams(textEntries(payload));
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }

  const showLoading = options.loading ?? method === "POST";
  if (showLoading) beginLoading();
  // The server's messages load beside the request: the answer may need them, the first paint did not.
  const messagesReady = serverMessagesReady().catch(() => undefined);
  try {
    let response: Response;
    try {
      response = await http(apiUrl(path), { method, headers, body, searchParams, signal: options.signal });
    } catch (error) {
      // An abort is the caller's choice, not a sign of the network (a timeout is).
      if (!options.signal?.aborted) reportUnreachable();
      if (!options.silent) showToast(i18n._(msg`Network error, please check your connection`), "error");
      throw new NetworkError(error);
    }
    // An answer from the service worker's cache (marked by sw/sw.ts) says nothing about the server being there.
    if (!response.headers.has("x-sw-cache")) reportReachable();
    if (options.download && response.ok && !response.headers.get("content-type")?.includes("json")) {
      const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "download";
      return { blob: await response.blob(), filename } satisfies Download as T;
    }
    const answer = (await response.json().catch(() => null)) as Envelope | null;
    // Callers may translate what they get (a success's key, a refusal's fields) at once.
    await messagesReady;
    if (answer && (answer.type === "ok" || answer.code === 1)) {
      callsDone.forEach((listener) => listener(path));
      return answer.message as T;
    }

    const key = typeof answer?.message === "string" ? answer.message : requestErrors[UNANSWERED].key;
    const error = new ApiError(typeof answer?.code === "string" ? answer.code : UNANSWERED, key, response.status, answer, answer?.fields, answer?.values);
    if (answer?.type === 999) {
      showToast(i18n._(key, error.values), "error");
      await session.onSessionEnd();
    } else if (!options.silent) {
      showToast(i18n._(key, error.values), "error");
    }
    throw error;
  } finally {
    if (showLoading) endLoading();
  }
}

type Meta<C extends Call> = Pick<C, "method" | "path" | "access" | "files">;
export type EndpointOptions = Omit<RequestOptions, "method" | "data" | "auth">;

/** Builds typed fetchers on a client (see `endpoint`). */
export function createEndpoint(requestWith: Request) {
  return <C extends Call>(meta: Meta<C>) =>
    (input: Input<C>, options: EndpointOptions = {}): Promise<Output<C>> =>
      requestWith<Output<C>>(meta.path, {
        ...options,
        method: meta.method,
        data: input as Record<string, unknown>,
        auth: meta.access !== "public",
      });
}

/** The app's client: the user's token, and logout to the login page on a 999 answer. */
export const request = createRequest({ getToken, onSessionEnd: endSession });

/**
 * A typed fetcher for one contract call. The method, path and access are checked against the contract's literal
 * types, and the input and output types are the contract's, so client and server cannot drift apart silently.
 */
export const endpoint = createEndpoint(request);
