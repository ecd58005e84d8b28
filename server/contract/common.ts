import { z } from "zod";
import { errors } from "./messages";
import { authenticationResponse } from "./webauthn";

import { languages, PASSWORD_MAX, PASSWORD_MIN } from "./constants";

export { languages, defaultLanguage, type Language } from "./constants";
export const language = z.enum(languages);

/**
 * Control characters are never text a person typed (tab, line feed and carriage return aside), and PostgreSQL refuses
 * NUL outright. The route helper refuses them in every string of every call's payload, before the call's schema runs.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * How deeply a payload may nest arrays and objects. No call's input goes past a few levels; a body of thousands of
 * nested arrays is refused here (400) instead of exhausting the stack of every check that walks it.
 */
export const PAYLOAD_MAX_DEPTH = 32;

/**
 * The path of the first string (value or key) holding a control character, or of the first value nested deeper than
 * PAYLOAD_MAX_DEPTH, or null when there is neither. Both are refusals of the payload as a whole (PARAMETER_ERROR).
 */
export function controlCharacterAt(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return CONTROL_CHARACTERS.test(value) ? path : null;
  if (!value || typeof value !== "object") return null;
  if (path.length >= PAYLOAD_MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterAt(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTERS.test(key)) return [...path, key.replace(CONTROL_CHARACTERS, "?")];
    const found = controlCharacterAt(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Zod issue messages are wire keys, so a refused field tells the user why in their language. */
export const msg = (code: keyof typeof errors) => ({ message: errors[code].key });

/**
 * The one money type: every amount, price, rate and quantity the database keeps is NUMERIC(36,18), so at most 18
 * integer digits and 18 decimals. A plain decimal string (no sign, exponent or spaces inside), never a float. What
 * fits here fits the column: a 19-digit amount is AMOUNT_ERROR, never an overflow in SQL.
 */
export const MONEY_PATTERN = /^\d{1,18}(\.\d{1,18})?$/;
export const SIGNED_MONEY_PATTERN = /^-?\d{1,18}(\.\d{1,18})?$/;

/** A money amount on the wire (see MONEY_PATTERN). */
export const decimalString = z.string().trim().regex(MONEY_PATTERN, msg("AMOUNT_ERROR"));

/** Like decimalString but for signed values (profit and loss, ledger postings, manual adjustments). */
export const signedDecimalString = z.string().trim().regex(SIGNED_MONEY_PATTERN, msg("AMOUNT_ERROR"));

/** Unix time in seconds (seed section 3). */
export const seconds = z.number().int().nonnegative();

export const password = z.string(msg("MISSING_PARAMETER")).min(PASSWORD_MIN, msg("PASSWORD_LENGTH")).max(PASSWORD_MAX, msg("PASSWORD_LENGTH"));

export const email = z.string().trim().toLowerCase().pipe(z.email(msg("EMAIL_INVALID")).max(254, msg("EMAIL_INVALID")));

/**
 * A whole number as JSON has it, or as form and query values carry it: plain decimal digits, nothing else (no sign,
 * spaces, leading zeros, exponent, hex, booleans or arrays). Form-encoded and query values arrive as text; they
 * become numbers here, once.
 */
export function wholeNumber(min: number, max: number, message: { message: string } = msg("PARAMETER_ERROR")) {
  const digits = min === 0 ? /^(0|[1-9][0-9]{0,15})$/ : /^[1-9][0-9]{0,15}$/;
  return z.union(
    [
      z.number(message).int(message).min(min, message).max(max, message),
      z.string(message).regex(digits, message).transform(Number).pipe(z.number().min(min, message).max(max, message)),
    ],
    message,
  );
}

/** The one id type of every call: a positive integer written in plain decimal digits (or a JSON integer). */
export const id = (message: { message: string } = msg("PARAMETER_ERROR")) => wholeNumber(1, Number.MAX_SAFE_INTEGER, message);

export const pageQuery = z.object({
  page: wholeNumber(1, 1_000_000).default(1),
  limit: wholeNumber(1, 100).default(20),
});

export const idInput = z.object({ id: id() });

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().nonnegative() });
}

/** An empty success payload. */
export const empty = z.object({});

/** An image file as JSON (the token travels in a header, so an <img> cannot fetch it by URL). */
export const imageData = z.object({ content_type: z.string(), data: z.string() });

/**
 * The proof a sensitive call asks for even within a session (step-up): the trading password, or the Google
 * Authenticator code when 2FA is bound; a user who has set neither proves with the login password. Calls that take
 * it declare `stepUp` (define.ts); the route helper checks it before the handler runs.
 */
export const stepUpProof = z.string().max(64).optional();

/**
 * The fields of a step-up: the proof above in `step_up`, or instead a passkey's answer in `passkey` (an
 * AuthenticationResponseJSON for a challenge from `passkey/login/options` asked with the user's token).
 */
export const stepUpFields = { step_up: stepUpProof, passkey: authenticationResponse.optional() };

/** Money-moving calls accept a client-generated key; a repeat returns the first result (DESIGN.md). */
export const idempotencyKey = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/).optional();
