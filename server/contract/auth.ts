import { z } from "zod";
import { call } from "./define";
import { email, empty, language, msg, password, seconds } from "./common";

/** 0 not submitted, 1 pending review, 2 passed, 3 rejected. */
export const reviewStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type ReviewStatus = z.infer<typeof reviewStatus>;

export const userInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  email: z.string().nullable(),
  invite_code: z.string(),
  review_status: reviewStatus,
  has_trade_password: z.boolean(),
  google_bound: z.boolean(),
  frozen: z.boolean(),
  locked: z.boolean(),
  wallet_address: z.string().nullable(),
  /** Withdrawals are paused until then after a credential change (null: not paused). */
  withdraw_locked_until: seconds.nullable(),
  /** Whether the user set an anti-phishing code (the code itself is read with safe/anti_phishing). */
  anti_phishing_set: z.boolean(),
  lang: language,
  created_at: seconds,
});
export type UserInfo = z.infer<typeof userInfo>;

export const session = z.object({ token: z.string(), user: userInfo });

/** An account is a user name (4-32 of letters, digits, `_ . -`) or an e-mail address. */
export const accountName = z
  .string(msg("MISSING_PARAMETER"))
  .trim()
  .min(1, msg("MISSING_PARAMETER"))
  .refine((v) => /^[A-Za-z0-9_.-]{4,32}$/.test(v) || isEmail(v), msg("ACCOUNT_INVALID"));

export function isEmail(value: string): boolean {
  return value.includes("@") && email.safeParse(value).success;
}

const verificationCode = z.string().trim().regex(/^\d{6}$/, msg("CODE_INVALID"));

const confirmPasswords = <T extends { password: string; re_password: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.re_password) ctx.addIssue({ code: "custom", path: ["re_password"], ...msg("PASSWORD_MISMATCH") });
};

export const register = call({
  method: "POST",
  path: "user/register",
  access: "public",
  summary: "Register with an account name or e-mail and an invitation code",
  input: z
    .object({
      account: accountName,
      password,
      re_password: z.string(msg("MISSING_PARAMETER")),
      invite_code: z.string(msg("INVITE_CODE_INVALID")).trim().min(1, msg("INVITE_CODE_INVALID")).max(32, msg("INVITE_CODE_INVALID")),
      /** The e-mail code, required when the account is an e-mail address. */
      code: verificationCode.optional(),
    })
    .superRefine(confirmPasswords),
  output: session,
});

export const login = call({
  method: "POST",
  path: "user/login",
  access: "public",
  summary: "Log in by account name or e-mail",
  input: z.object({
    account: z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(254, msg("ACCOUNT_INVALID")),
    password: z.string(msg("MISSING_PARAMETER")).min(1, msg("MISSING_PARAMETER")).max(64, msg("PASSWORD_LENGTH")),
  }),
  output: session,
});

export const logout = call({
  method: "POST",
  path: "user/logout",
  access: "user",
  summary: "Revoke the session token",
  input: z.object({}),
  output: empty,
});

export const info = call({
  method: "GET",
  path: "user/info",
  access: "user",
  summary: "The signed-in user",
  input: z.object({}),
  output: userInfo,
});

export const ethAddress = z
  .string(msg("MISSING_PARAMETER"))
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, msg("PARAMETER_ERROR"));

export const nonce = call({
  method: "GET",
  path: "user/nonce",
  access: "public",
  summary: "A one-time text for a browser wallet to sign (EIP-191)",
  input: z.object({ address: ethAddress }),
  output: z.object({ nonce: z.string(), message: z.string() }),
});

export const addressRegister = call({
  method: "POST",
  path: "user/addressreg",
  access: "public",
  summary: "Sign in (registering on first use) with a browser wallet: md5 sign plus an EIP-191 signature of a nonce",
  input: z.object({
    address: ethAddress,
    sign: z.string(msg("MISSING_PARAMETER")).regex(/^[0-9a-f]{32}$/i, msg("WALLET_SIGN_INVALID")),
    nonce: z.string(msg("MISSING_PARAMETER")).min(16, msg("NONCE_INVALID")).max(128, msg("NONCE_INVALID")),
    signature: z.string(msg("MISSING_PARAMETER")).regex(/^0x[0-9a-fA-F]{130}$/, msg("WALLET_SIGN_INVALID")),
  }),
  output: session,
});

export const codePurpose = z.enum(["register", "forget", "bind"]);
export type CodePurpose = z.infer<typeof codePurpose>;

export const sendMailCode = call({
  method: "POST",
  path: "sms_mail",
  access: "public",
  summary: "Send a 6-digit code by e-mail (valid 10 minutes)",
  input: z.object({ email, type: codePurpose.default("register") }),
  output: z.object({ expires_in: z.number().int() }),
});

export const phoneNumber = z.string(msg("MISSING_PARAMETER")).trim().regex(/^\d{5,15}$/, msg("PARAMETER_ERROR"));
export const areaCodeValue = z.string(msg("MISSING_PARAMETER")).trim().regex(/^\+?\d{1,4}$/, msg("PARAMETER_ERROR"));

export const sendPhoneCode = call({
  method: "POST",
  path: "sms_send_d",
  access: "public",
  summary: "Send a 6-digit code by SMS (valid 10 minutes)",
  input: z.object({ area_code: areaCodeValue, phone: phoneNumber, type: codePurpose.default("register") }),
  output: z.object({ expires_in: z.number().int() }),
});

export const areaCode = z.object({ code: z.string(), country: z.string(), name: z.string() });

export const areaCodes = call({
  method: "GET",
  path: "getareacode",
  access: "public",
  summary: "Telephone area codes",
  input: z.object({}),
  output: z.array(areaCode),
});

export const forget = call({
  method: "POST",
  path: "user/forget",
  access: "public",
  summary: "Reset the login password with a code sent to the bound e-mail",
  input: z
    .object({
      email,
      code: verificationCode,
      password,
      re_password: z.string(msg("MISSING_PARAMETER")),
    })
    .superRefine(confirmPasswords),
  output: empty,
});

export const setLanguage = call({
  method: "POST",
  path: "set/lang",
  access: "user",
  summary: "Remember the user's interface language (used for e-mails)",
  input: z.object({ lang: language }),
  output: empty,
});

export { confirmPasswords, verificationCode };
