import { z } from "zod";
import { errors } from "./messages";

import { languages, PASSWORD_MAX, PASSWORD_MIN } from "./constants";

export { languages, defaultLanguage, type Language } from "./constants";
export const language = z.enum(languages);

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

/** Form-encoded and query values arrive as text; these coerce them once, here. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const idInput = z.object({ id: z.coerce.number().int().positive(msg("PARAMETER_ERROR")) });

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().nonnegative() });
}

/** An empty success payload. */
export const empty = z.object({});

/** Money-moving calls accept a client-generated key; a repeat returns the first result (DESIGN.md). */
export const idempotencyKey = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/).optional();
