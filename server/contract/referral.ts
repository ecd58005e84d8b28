import { z } from "zod";
import { call } from "./define";
import { decimalString, msg, pageQuery, seconds } from "./common";

/**
 * Referral programme: the invitation code, link and the invitees (masked), the reward and
 * its actual conditions from configuration, and what the user earned. A reward is paid once per direct invitee who
 * meets the conditions; commission is a share of the trading fees invitees actually paid, never of deposits.
 */

/** What an invitee must do before the inviter's reward is paid. */
export const rewardCondition = z.enum(["kyc", "first_deposit"]);

export const referralConfig = z.object({
  enabled: z.boolean(),
  reward_amount: decimalString,
  reward_currency: z.string().min(1).max(16),
  conditions: z.array(rewardCondition),
  /** Shares of the fees invitees paid: direct (level 1) and indirect (level 2) invitees. */
  direct_rate: decimalString,
  indirect_rate: decimalString,
});
export type ReferralConfig = z.infer<typeof referralConfig>;

export const invite = call({
  method: "GET",
  path: "user/invite",
  access: "user",
  summary: "My invitation code, link, the reward and its conditions, my invitees (masked) and what I earned",
  tags: ["referral"],
  input: z.object({}),
  output: z.object({
    invite_code: z.string(),
    link: z.string(),
    reward: z.object({ amount: decimalString, currency: z.string(), conditions: z.array(rewardCondition), enabled: z.boolean() }),
    commission: z.object({ direct_rate: decimalString, indirect_rate: decimalString }),
    direct: z.number().int().nonnegative(),
    indirect: z.number().int().nonnegative(),
    income_total: decimalString,
    list: z.array(z.object({ account: z.string(), level: z.union([z.literal(1), z.literal(2)]), joined_at: seconds, qualified: z.boolean() })),
    records: z.array(z.object({ amount: decimalString, currency: z.string(), kind: z.enum(["reward", "commission"]), from: z.string(), level: z.number().int(), created_at: seconds })),
  }),
});

// ---- back office ----------------------------------------------------------------------------------------------

export const backofficeConfig = call({
  method: "GET",
  path: "backoffice/referral/config",
  access: "operator",
  summary: "The referral programme's settings",
  tags: ["backoffice", "referral"],
  input: z.object({}),
  output: referralConfig,
});

export const backofficeConfigSave = call({
  method: "POST",
  path: "backoffice/referral/config/save",
  access: "operator",
  summary: "Change the referral programme's settings (applies to rewards and commissions paid from now on)",
  tags: ["backoffice", "referral"],
  input: z.object({
    enabled: z.boolean(msg("PARAMETER_ERROR")),
    reward_amount: decimalString,
    reward_currency: z.string(msg("PARAMETER_ERROR")).trim().min(1, msg("PARAMETER_ERROR")).max(16, msg("PARAMETER_ERROR")),
    conditions: z.array(rewardCondition),
    direct_rate: decimalString,
    indirect_rate: decimalString,
  }),
  output: referralConfig,
});

export const backofficePayouts = call({
  method: "GET",
  path: "backoffice/referral/payouts",
  access: "operator",
  summary: "Referral payouts, newest first, with totals per kind",
  tags: ["backoffice", "referral"],
  input: pageQuery,
  output: z.object({
    list: z.array(z.object({ id: z.number().int(), user_id: z.number().int(), account: z.string(), from_user_id: z.number().int(), from_account: z.string(), kind: z.enum(["reward", "commission"]), level: z.number().int(), amount: decimalString, currency: z.string(), entry_id: z.number().int(), created_at: seconds })),
    total: z.number().int().nonnegative(),
    totals: z.array(z.object({ kind: z.enum(["reward", "commission"]), currency: z.string(), amount: decimalString })),
  }),
});
