import { z } from "zod";
import { call } from "./define";
import { empty, id, msg, pageQuery, paged, seconds, stepUpFields } from "./common";

/**
 * The security centre: the anti-phishing code, the active sessions and the login history of the signed-in user.
 * A user only ever sees and ends their own sessions.
 */

/** Letters, digits, `_` and `-`, 4 to 20 of them: short enough to read at a glance in an e-mail's first line. */
export const antiPhishingCodeValue = z
  .string(msg("ANTI_PHISHING_INVALID"))
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,20}$/, msg("ANTI_PHISHING_INVALID"));

export const antiPhishing = call({
  method: "POST",
  path: "safe/anti_phishing",
  access: "user",
  summary: "The user's anti-phishing code (null while none is set)",
  input: z.object({}),
  output: z.object({ code: z.string().nullable() }),
});

export const setAntiPhishing = call({
  method: "POST",
  path: "safe/anti_phishing/set",
  access: "user",
  summary: "Set or change the anti-phishing code shown in every e-mail and notice (a step-up proof in step_up)",
  input: z.object({ code: antiPhishingCodeValue, ...stepUpFields }),
  output: z.object({ code: z.string() }),
  // Whoever holds a stolen session must not be able to set a code of their own and mail the user as the platform.
  stepUp: true,
});

export const activeSession = z.object({
  id: z.number().int(),
  /** Read from the user agent: "iPhone", "Android", "Windows", "macOS", "Linux" or "" when unknown. */
  device: z.string(),
  /** "Chrome", "Safari", "Firefox", "Edge", "Opera" or "" when unknown. */
  browser: z.string(),
  user_agent: z.string(),
  ip: z.string(),
  created_at: seconds,
  last_seen_at: seconds,
  /** The session this request was made with. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;

export const sessions = call({
  method: "POST",
  path: "safe/sessions",
  access: "user",
  summary: "The user's live sessions, the current one first, then by last use",
  input: z.object({}),
  output: z.object({ list: z.array(activeSession) }),
});

export const endSession = call({
  method: "POST",
  path: "safe/sessions/end",
  access: "user",
  summary: "Log out one of the user's sessions (its token stops working at once); another user's id is SESSION_NOT_FOUND",
  input: z.object({ id: id() }),
  output: empty,
});

export const endOtherSessions = call({
  method: "POST",
  path: "safe/sessions/end_others",
  access: "user",
  summary: "Log out every session of the user but the current one",
  input: z.object({}),
  output: z.object({ ended: z.number().int().nonnegative() }),
});

export const loginOutcomes = ["success", "wrong_password", "wrong_passkey", "throttled", "frozen", "locked"] as const;
export type LoginOutcome = (typeof loginOutcomes)[number];

export const loginEvent = z.object({
  id: z.number().int(),
  at: seconds,
  ip: z.string(),
  device: z.string(),
  browser: z.string(),
  outcome: z.enum(loginOutcomes),
  success: z.boolean(),
  new_device: z.boolean(),
});
export type LoginEvent = z.infer<typeof loginEvent>;

export const loginHistory = call({
  method: "POST",
  path: "safe/login_history",
  access: "user",
  summary: "Sign-in attempts on the user's account, newest first (throttled and failed ones included)",
  input: pageQuery,
  output: paged(loginEvent),
});
