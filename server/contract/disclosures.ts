import { z } from "zod";
import { call } from "./define";
import { decimalString, empty, seconds } from "./common";

/**
 * Honest disclosures: the share of accounts that lost money over the last 90 days, per product family, computed
 * from what was settled (closed positions, settled options), never typed in. An account is a user's ledger account
 * in one currency; it lost money when the sum of its results in the window is below zero (a loss and a bigger win
 * make a winner). Below `min_accounts` the share is null: "not enough closed positions yet", never a made-up 0 %.
 */
export const lossShareFamilies = ["leveraged", "options"] as const;
export const lossShareFamily = z.enum(lossShareFamilies);
export type LossShareFamily = z.infer<typeof lossShareFamily>;

export const familyLossShare = z.object({
  /** `leveraged`: contracts, forex and metals (closed positions); `options`: timed options (settled). */
  family: lossShareFamily,
  /** Accounts with at least one result in the window. */
  accounts: z.number().int().nonnegative(),
  /** Of those, the accounts whose net result over the window is below zero. */
  losing: z.number().int().nonnegative(),
  /** losing / accounts as a fraction to 4 places ("0.7312" = 73.12 %); null below `min_accounts`. */
  share: decimalString.nullable(),
});
export type FamilyLossShare = z.infer<typeof familyLossShare>;

export const lossShareView = z.object({
  window_days: z.number().int().positive(),
  /** The fewest accounts a share is published for. */
  min_accounts: z.number().int().positive(),
  /** When the figures were computed (they are cached for a while, not counted per request). */
  computed_at: seconds,
  families: z.array(familyLossShare),
});
export type LossShareView = z.infer<typeof lossShareView>;

export const lossShare = call({
  method: "GET",
  path: "disclosures/loss_share",
  access: "public",
  summary: "The share of accounts that lost money over the last 90 days, per product family, from closed positions and settled options",
  tags: ["disclosures"],
  input: empty,
  output: lossShareView,
});
