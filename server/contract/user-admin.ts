import { z } from "zod";
import { call } from "./define";
import { id, idempotencyKey, msg, pageQuery, paged, SIGNED_MONEY_PATTERN, seconds } from "./common";
import { reviewStatus } from "./auth";
import { submission } from "./kyc";
import { currencyCode, ledgerLine } from "./wallet";

/**
 * The back office's Users desk: find a user, see everything about them (profile, verification, wallets, ledger,
 * what operators did to the account), and act on it (freeze, lock, manual adjustment). Every action is audited.
 */

const userId = id();
/** Why an operator acts: optional for freeze and lock, kept in the audit log. */
const note = z.string().trim().max(500, msg("PARAMETER_ERROR")).optional();

export const userRow = z.object({
  id: z.number().int(),
  account: z.string(),
  email: z.string().nullable(),
  review_status: reviewStatus,
  frozen: z.boolean(),
  locked: z.boolean(),
  created_at: seconds,
});
export type UserRow = z.infer<typeof userRow>;

export const search = call({
  method: "GET",
  path: "backoffice/users",
  access: "operator",
  summary: "Find users by account, e-mail (parts of either) or id; newest first",
  tags: ["backoffice"],
  input: pageQuery.extend({ q: z.string().trim().max(254).optional() }),
  output: paged(userRow),
});

/** Whether and how the account is held: a lock by an operator lasts until an operator unlocks it. */
export const accountState = z.object({
  frozen: z.boolean(),
  locked: z.boolean(),
  /** null when not locked; the far future for an operator's lock (see `locked_by_operator`). */
  locked_until: seconds.nullable(),
  locked_by_operator: z.boolean(),
});
export type AccountState = z.infer<typeof accountState>;

export const operatorAction = z.object({
  id: z.number().int(),
  action: z.string(),
  actor_kind: z.enum(["operator", "user", "system"]),
  actor_name: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: seconds,
});

export const detail = call({
  method: "GET",
  path: "backoffice/users/detail",
  access: "operator",
  summary: "One user: profile, account state, verification, wallets and the latest actions on the account",
  tags: ["backoffice"],
  input: z.object({ user_id: userId }),
  output: z.object({
    profile: z.object({
      id: z.number().int(),
      account: z.string(),
      email: z.string().nullable(),
      invite_code: z.string(),
      inviter_id: z.number().int().nullable(),
      inviter_account: z.string().nullable(),
      wallet_address: z.string().nullable(),
      lang: z.string(),
      review_status: reviewStatus,
      has_trade_password: z.boolean(),
      google_bound: z.boolean(),
      withdraw_locked_until: seconds.nullable(),
      created_at: seconds,
      active_sessions: z.number().int(),
      /** How many passkeys the user has added (never the keys themselves). */
      passkeys: z.number().int(),
    }),
    state: accountState,
    /** The latest verification submitted, if any. */
    kyc: submission.nullable(),
    wallets: z.array(z.object({ currency: z.string(), available: z.string(), frozen: z.string() })),
    /** The audit log's latest lines about this user (operators' and the user's own actions). */
    actions: z.array(operatorAction),
  }),
});

export const ledger = call({
  method: "GET",
  path: "backoffice/users/ledger",
  access: "operator",
  summary: "A user's ledger, entry by entry, with the running balance (what the user sees in finance records)",
  tags: ["backoffice"],
  input: pageQuery.extend({ user_id: userId, currency: currencyCode.optional() }),
  output: paged(ledgerLine),
});

const stateChange = (path: string, summary: string) =>
  call({
    method: "POST",
    path,
    access: "operator",
    summary,
    tags: ["backoffice"],
    input: z.object({ user_id: userId, reason: note }),
    output: accountState,
  });

export const freeze = stateChange("backoffice/users/freeze", "Freeze an account (admin): its sessions end and it cannot log in until unfrozen");
export const unfreeze = stateChange("backoffice/users/unfreeze", "Unfreeze an account (admin)");
export const lock = stateChange("backoffice/users/lock", "Lock an account (admin): its sessions end and it cannot log in until unlocked");
export const unlock = stateChange("backoffice/users/unlock", "Unlock an account (admin), also one locked by wrong passwords");

export const adjust = call({
  method: "POST",
  path: "backoffice/users/adjust",
  access: "operator",
  summary: "Manual adjustment (admin): a signed amount credited to or debited from the user's available balance, with a reason the user sees in their ledger",
  tags: ["backoffice"],
  input: z.object({
    user_id: userId,
    currency: currencyCode,
    amount: z
      .string(msg("MISSING_PARAMETER"))
      .trim()
      .min(1, msg("MISSING_PARAMETER"))
      .regex(SIGNED_MONEY_PATTERN, msg("AMOUNT_ERROR"))
      .refine((v) => !/^-?0+(\.0+)?$/.test(v), msg("AMOUNT_ERROR")),
    reason: z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(500, msg("PARAMETER_ERROR")),
    /** One per form: a double click or a retry adjusts once. */
    idempotency_key: z.string(msg("MISSING_PARAMETER")).pipe(idempotencyKey.unwrap()),
  }),
  output: z.object({ entry_id: z.number().int(), duplicate: z.boolean(), wallets: z.array(z.object({ currency: z.string(), available: z.string(), frozen: z.string() })) }),
});
