import { z } from "zod";
import { errors } from "./messages";

import { languages, PASSWORD_MAX, PASSWORD_MIN } from "./constants";

export { languages, defaultLanguage, type Language } from "./constants";
export const language = z.enum(languages);

/**
 * Control characters are never text a person typed (tab, line feed and carriage return aside), and PostgreSQL refuses
 * NUL outright. The route helper refuses them in every string of every call's payload, before the call's schema runs.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The path of the first string (value or key) holding a control character, or null when there is none. */
export function controlCharacterAt(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return CONTROL_CHARACTERS.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterAt(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTERS.test(key)) return [...path, key.replace(CONTROL_CHARACTERS, "?")];
      const found = controlCharacterAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Zod issue messages are wire keys, so a refused field tells the user why in their language. */
export const msg = (code: keyof typeof errors) => ({ message: errors[code].key });

/** A money amount on the wire: a plain decimal string, never a float. */
export const decimalString = z
  .string()
  .trim()
  .regex(/^\d{1,24}(\.\d{1,18})?$/, msg("AMOUNT_ERROR"));

/** Like decimalString but for signed values (profit and loss, ledger postings). */
export const signedDecimalString = z.string().regex(/^-?\d{1,24}(\.\d{1,18})?$/);

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

/**
 * The proof a sensitive call asks for even within a session (step-up): the trading password, or the Google
 * Authenticator code when 2FA is bound; a user who has set neither proves with the login password. Calls that take
 * it declare `stepUp` (define.ts); the route helper checks it before the handler runs.
 */
export const stepUpProof = z.string().max(64).optional();

/** Money-moving calls accept a client-generated key; a repeat returns the first result (DESIGN.md). */
export const idempotencyKey = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/).optional();
