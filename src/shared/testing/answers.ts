import { vi } from "vitest";
import { errors, type ErrorCode } from "@contract/messages";

/**
 * What fetch hands over when a test stands in for the server: a JSON body (the seed's envelope, or anything a test
 * wants to see the client cope with) with its status.
 */
export function answerJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/** A call that succeeded: `{ type: "ok", message }`. */
export function answerOk(message: unknown, headers: Record<string, string> = {}): Response {
  return answerJson({ type: "ok", message }, 200, headers);
}

/**
 * A refusal as the server's one error handler sends it: the code's status and wire key from the catalogue, and the
 * field it names (if any) carrying that same key.
 */
export function answerRefused(code: ErrorCode, field?: string): Response {
  const { status, key } = errors[code];
  return answerJson({ type: "error", code, message: key, ...(field ? { fields: { [field]: key } } : {}) }, status);
}

/**
 * Stands in for the server: each API path (without `/api/`) answered with its message, anything else with an empty
 * page. For screens that only read; a test that checks what was sent stubs fetch itself.
 */
export function stubApi(messages: Record<string, unknown>): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api\//, "");
      return answerOk(path in messages ? messages[path] : { list: [], total: 0 });
    }),
  );
}
