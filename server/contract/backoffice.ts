import { z } from "zod";
import { call } from "./define";
import { decimalString, empty, msg, pageQuery, paged, seconds } from "./common";

/** Operator roles: admin does everything; reviewer works the review queues; support reads and answers users. */
export const operatorRole = z.enum(["admin", "reviewer", "support"]);
export type OperatorRole = z.infer<typeof operatorRole>;

export const operatorInfo = z.object({ id: z.number().int(), name: z.string(), role: operatorRole });
export type OperatorInfo = z.infer<typeof operatorInfo>;

export const login = call({
  method: "POST",
  path: "backoffice/login",
  access: "public",
  summary: "Operator login: password and the TOTP code (mandatory)",
  tags: ["backoffice"],
  input: z.object({
    name: z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(64),
    password: z.string(msg("MISSING_PARAMETER")).min(1, msg("MISSING_PARAMETER")).max(128),
    totp: z.string(msg("MISSING_PARAMETER")).trim().regex(/^\d{6}$/, msg("GOOGLE_CODE_INVALID")),
  }),
  output: z.object({ token: z.string(), operator: operatorInfo }),
});

export const logout = call({
  method: "POST",
  path: "backoffice/logout",
  access: "operator",
  summary: "End the operator session",
  tags: ["backoffice"],
  input: z.object({}),
  output: empty,
});

export const me = call({
  method: "GET",
  path: "backoffice/me",
  access: "operator",
  summary: "The signed-in operator",
  tags: ["backoffice"],
  input: z.object({}),
  output: operatorInfo,
});

export const auditEntry = z.object({
  id: z.number().int(),
  actor_kind: z.enum(["operator", "user", "system"]),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  target_kind: z.string().nullable(),
  target_id: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: seconds,
});

export const audit = call({
  method: "GET",
  path: "backoffice/audit",
  access: "operator",
  summary: "The audit log, newest first: who did what, when",
  tags: ["backoffice"],
  input: pageQuery.extend({
    actor_kind: z.enum(["operator", "user", "system"]).optional(),
    target_kind: z.string().max(32).optional(),
    target_id: z.string().max(64).optional(),
  }),
  output: paged(auditEntry),
});

export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(["email", "sms"]),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** "smtp" when it went through the mail server, "outbox" when the outbox was its only destination. */
  transport: z.string(),
  created_at: seconds,
});

export const outbox = call({
  method: "GET",
  path: "backoffice/outbox",
  access: "operator",
  summary: "E-mails and texts the platform sent, newest first (admin): what a user was told, and when",
  tags: ["backoffice"],
  input: pageQuery.extend({ recipient: z.string().trim().toLowerCase().max(254).optional() }),
  output: paged(outboxMessage),
});

/** What a fresh install still lacks before users can use a part of it (the overview's setup checklist). */
export const setupItemKey = z.enum(["deposit_addresses", "support_contact", "documents", "earn_products", "proof_reserves", "referral_reward"]);
export type SetupItemKey = z.infer<typeof setupItemKey>;

export const overview = call({
  method: "GET",
  path: "backoffice/overview",
  access: "operator",
  summary: "The back office's dashboard: the queues' counts and the setup checklist of what users cannot do yet",
  tags: ["backoffice"],
  input: z.object({}),
  output: z.object({
    counts: z.object({
      deposits: z.number().int(),
      withdrawals: z.number().int(),
      kyc: z.number().int(),
      loans: z.number().int(),
      /** Conversations with a user's message no agent has read. */
      support_chats: z.number().int(),
      /** Pairs without a tick for FEED_STALE_MS (or none yet). */
      stale_pairs: z.number().int(),
      /** Devices subscribed to Web Push on a live session (a count: nothing else about them is shown). */
      push_devices: z.number().int(),
    }),
    setup: z.array(
      z.object({
        key: setupItemKey,
        done: z.boolean(),
        /** What is still missing, e.g. the unpublished documents' slugs. */
        missing: z.array(z.string()),
        /** A figure the item names (the referral reward paid until one is chosen), for the page to write in its reader's digits. */
        amount: z.object({ value: decimalString, currency: z.string() }).optional(),
      }),
    ),
  }),
});

/** The first run's one-time setup link (printed at start while no operator exists): `?token=` of that link. */
const setupToken = z.string(msg("SETUP_LINK_INVALID")).trim().min(1, msg("SETUP_LINK_INVALID")).max(128, msg("SETUP_LINK_INVALID"));
const operatorName = z
  .string(msg("MISSING_PARAMETER"))
  .trim()
  .regex(/^[A-Za-z0-9_.-]{4,32}$/, msg("ACCOUNT_INVALID"));

export const setupBegin = call({
  method: "POST",
  path: "backoffice/setup/begin",
  access: "public",
  summary: "First run: with the setup link's token, the new TOTP secret the first operator enrols (valid while no operator exists)",
  tags: ["backoffice"],
  input: z.object({ token: setupToken, name: operatorName }),
  output: z.object({ secret: z.string(), uri: z.string() }),
});

export const setupFinish = call({
  method: "POST",
  path: "backoffice/setup/finish",
  access: "public",
  summary: "First run: creates the first operator (admin) once a valid TOTP code proves the enrolment, uses the link up, and signs in",
  tags: ["backoffice"],
  input: z.object({
    token: setupToken,
    name: operatorName,
    password: z.string(msg("MISSING_PARAMETER")).min(10, msg("OPERATOR_PASSWORD_SHORT")).max(128),
    totp: z.string(msg("MISSING_PARAMETER")).trim().regex(/^\d{6}$/, msg("GOOGLE_CODE_INVALID")),
  }),
  output: z.object({ token: z.string(), operator: operatorInfo }),
});
