import type { FastifyInstance } from "fastify";
import { envelopeOf } from "./errors";

/**
 * The one guard on request targets, before any route or the static files see them: only origin-form paths
 * (`/x?y`) are served; an absolute-form target (`http://host/x`), an authority or `*` target, and a path that climbs
 * (`..`, encoded or not), uses backslashes, or carries NUL or a broken escape are refused as illegal requests.
 * Nothing the static handler would refuse reaches it, so it never has to answer with an error of its own.
 */
export function installRequestTargetGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (!isSafeTarget(request.raw.url ?? "")) return reply.status(400).send(envelopeOf("ILLEGAL_REQUEST"));
  });
}

export function isSafeTarget(target: string): boolean {
  if (!target.startsWith("/") || target.startsWith("//")) return false;
  const rawPath = target.split("?", 1)[0];
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  if (path.includes("\\") || /[\u0000-\u001F\u007F]/.test(path)) return false;
  return !path.split("/").some((segment) => segment === ".." || segment === ".");
}
