import { z } from "zod";
import { call } from "./define";
import { empty, id, msg, seconds, stepUpFields } from "./common";
import { authenticationResponse, creationOptions, registrationResponse, requestOptions } from "./webauthn";
import { session } from "./auth";
import { PASSKEY_NAME_MAX } from "./constants";

/**
 * Passkeys (WebAuthn): added from the security centre, then a way to sign in and to answer any step-up. Every call
 * takes a JSON body (the browser's answers are objects), the public ones too. A challenge is single-use and lasts 5
 * minutes; the origin and RP ID come from PUBLIC_ORIGIN.
 */

export const passkeyName = z.string(msg("PASSKEY_NAME_INVALID")).trim().min(1, msg("PASSKEY_NAME_INVALID")).max(PASSKEY_NAME_MAX, msg("PASSKEY_NAME_INVALID"));

export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: seconds,
  last_used_at: seconds.nullable(),
});
export type Passkey = z.infer<typeof passkey>;

export const registerOptions = call({
  method: "POST",
  path: "passkey/register/options",
  access: "user",
  summary: "Options for adding a passkey (navigator.credentials.create); a step-up proof in step_up or passkey",
  tags: ["passkey"],
  input: z.object({ ...stepUpFields }),
  output: creationOptions,
  stepUp: true,
});

export const register = call({
  method: "POST",
  path: "passkey/register",
  access: "user",
  summary: "Add the passkey the browser created for the options' challenge (attestation none is enough)",
  tags: ["passkey"],
  input: z.object({ response: registrationResponse, name: passkeyName }),
  output: passkey.pick({ id: true, name: true, created_at: true }),
});

export const list = call({
  method: "GET",
  path: "passkey/list",
  access: "user",
  summary: "My passkeys with their last use (never the keys)",
  tags: ["passkey"],
  input: z.object({}),
  output: z.object({ list: z.array(passkey) }),
});

export const remove = call({
  method: "POST",
  path: "passkey/delete",
  access: "user",
  summary: "Remove one of my passkeys; withdrawals pause for 24 hours, as after any credential change",
  tags: ["passkey"],
  input: z.object({ id: id(), ...stepUpFields }),
  output: empty,
  stepUp: true,
});

export const loginOptions = call({
  method: "POST",
  path: "passkey/login/options",
  access: "public",
  summary:
    "Options for signing in with a passkey (navigator.credentials.get): for an account, or empty for any passkey the device holds. With a user's token, the challenge is for a step-up instead",
  tags: ["passkey"],
  input: z.object({ account: z.string().trim().max(64, msg("PARAMETER_ERROR")).optional() }),
  output: requestOptions,
});

export const login = call({
  method: "POST",
  path: "passkey/login",
  access: "public",
  summary: "Sign in with a passkey's answer to a sign-in challenge: the same session as user/login",
  tags: ["passkey"],
  input: z.object({ response: authenticationResponse }),
  output: session,
});
