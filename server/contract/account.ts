import { z } from "zod";
import { call } from "./define";
import { email, empty, msg, password, seconds, stepUpFields } from "./common";
import { confirmPasswords, verificationCode } from "./auth";

export const googleCode = z.string(msg("GOOGLE_CODE_INVALID")).trim().regex(/^\d{6}$/, msg("GOOGLE_CODE_INVALID"));

/** Login password or trading password. Changing either locks withdrawals for 24 hours; setting the first trading password does not. */
export const updatePassword = call({
  method: "POST",
  path: "safe/update_password",
  access: "user",
  summary: "Change the login password, or set or change the trading password",
  input: z
    .object({
      type: z.enum(["login", "trade"]).default("login"),
      /** The current password: always for login; for trade once one is set. */
      old_password: z.string().max(64, msg("PASSWORD_LENGTH")).optional(),
      password,
      re_password: z.string(msg("MISSING_PARAMETER")),
      /** Required when Google 2FA is bound. */
      google_code: googleCode.optional(),
      ...stepUpFields,
    })
    .superRefine(confirmPasswords),
  output: z.object({ relogin: z.boolean() }),
  // The current password is the proof of a change (always asked for the login password); setting the first
  // trading password has none, so it asks for a step-up proof.
  stepUp: (input) => input.type === "trade" && input.old_password === undefined,
});

export const google = call({
  method: "POST",
  path: "safe/google",
  access: "user",
  summary: "Google 2FA: the pending key (action get: the same one until bound), a new pending key (renew), bind it with a code (bind) or remove it (unbind)",
  input: z.object({
    action: z.enum(["get", "renew", "bind", "unbind"]).default("get"),
    code: googleCode.optional(),
    /** Login password, asked to unbind. */
    password: z.string().max(64).optional(),
    ...stepUpFields,
  }),
  output: z.object({
    bound: z.boolean(),
    /** Present for `get` and `renew` while unbound: the base32 key and its otpauth URL (shown as a QR code). */
    secret: z.string().optional(),
    otpauth_url: z.string().optional(),
  }),
  // Binding a new authenticator needs a proof (unbinding already asks the login password and the current code).
  stepUp: (input) => input.action === "bind",
});

export const bindEmail = call({
  method: "POST",
  path: "safe/email",
  access: "user",
  summary: "Bind an e-mail with the code sent to it (purpose bind)",
  input: z.object({ email, code: verificationCode, ...stepUpFields }),
  output: empty,
  stepUp: true,
});

export const bankCard = z.object({
  real_name: z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(64),
  bank_name: z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(128),
  swift_code: z.string().trim().max(11).regex(/^([A-Za-z0-9]{8}|[A-Za-z0-9]{11})?$/, msg("PARAMETER_ERROR")).default(""),
  bank_address: z.string().trim().max(256).default(""),
  card_number: z.string(msg("MISSING_PARAMETER")).trim().regex(/^[A-Za-z0-9 -]{6,40}$/, msg("PARAMETER_ERROR")),
  username: z.string().trim().max(64).default(""),
  payee_country: z.string().trim().max(64).default(""),
  phone: z.string().trim().max(32).default(""),
  recipient_address: z.string().trim().max(256).default(""),
  routing_number: z.string().trim().max(32).default(""),
});
export type BankCard = z.infer<typeof bankCard>;

export const bankCardInfo = call({
  method: "POST",
  path: "user/cash_info",
  access: "user",
  summary: "The bound bank card, or null",
  input: z.object({}),
  output: bankCard.extend({ updated_at: seconds }).nullable(),
});

export const saveBankCard = call({
  method: "POST",
  path: "user/cash_save",
  access: "user",
  summary: "Bind or update the bank card",
  input: bankCard,
  output: empty,
});
