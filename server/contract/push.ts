import { z } from "zod";
import { call } from "./define";
import { empty, msg } from "./common";
import { PUSH_KINDS } from "./push-kinds";

export { PUSH_KINDS, PUSH_SCREENS, type PushKind } from "./push-kinds";

/**
 * Web Push (issue 24): notifications that reach a closed app. A device subscribes with the browser's
 * PushSubscription JSON; the server encrypts each payload for it (RFC 8291, aes128gcm) and signs a VAPID token
 * (RFC 8292) with the key of `push/key`. A subscription belongs to the session that made it: logout, the session's
 * end and a 404/410 from the push service remove it. The payload is `pushPayload`, in the user's language.
 */

export const pushKind = z.enum(PUSH_KINDS);

/** Every kind with its on/off: a user who never chose gets every kind on. */
export const pushKinds = z.object(Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean()])) as Record<(typeof PUSH_KINDS)[number], z.ZodBoolean>);

/** What the service worker receives (decrypted): `url` is the hash route of the screen to open. No secret in it. */
export const pushPayload = z.object({
  kind: pushKind,
  title: z.string(),
  body: z.string(),
  url: z.string().regex(/^#\//),
  id: z.number().int().optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** base64url as browsers write it (padding tolerated); the lengths are checked on the decoded bytes. */
const base64url = z
  .string(msg("PUSH_KEYS_INVALID"))
  .trim()
  .max(200, msg("PUSH_KEYS_INVALID"))
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, msg("PUSH_KEYS_INVALID"));

const endpoint = z.string(msg("PUSH_ENDPOINT_REFUSED")).trim().min(1, msg("PUSH_ENDPOINT_REFUSED")).max(2048, msg("PUSH_ENDPOINT_REFUSED"));

export const key = call({
  method: "GET",
  path: "push/key",
  access: "user",
  summary: "The VAPID public key (an uncompressed P-256 point, base64url) a device subscribes with (applicationServerKey)",
  tags: ["push"],
  input: z.object({}),
  output: z.object({ public_key: z.string() }),
});

export const subscribe = call({
  method: "POST",
  path: "push/subscribe",
  access: "user",
  summary: "Subscribe this device (the browser's PushSubscription JSON); the same endpoint again updates it",
  tags: ["push"],
  input: z.object({ endpoint, keys: z.object({ p256dh: base64url, auth: base64url }, msg("PUSH_KEYS_INVALID")) }),
  output: z.object({ id: z.number().int() }),
});

export const unsubscribe = call({
  method: "POST",
  path: "push/unsubscribe",
  access: "user",
  summary: "Stop pushing to this endpoint (one of my own)",
  tags: ["push"],
  input: z.object({ endpoint }),
  output: empty,
});

export const settings = call({
  method: "GET",
  path: "push/settings",
  access: "user",
  summary: "Which kinds of push I receive",
  tags: ["push"],
  input: z.object({}),
  output: z.object({ kinds: pushKinds }),
});

export const saveSettings = call({
  method: "POST",
  path: "push/settings",
  access: "user",
  summary: "Choose which kinds of push I receive (kinds left out keep their choice)",
  tags: ["push"],
  input: z.object({ kinds: pushKinds.partial() }),
  output: z.object({ kinds: pushKinds }),
});
