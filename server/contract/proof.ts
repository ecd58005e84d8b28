import { z } from "zod";
import { call } from "./define";
import { decimalString, empty, msg, pageQuery, paged, seconds } from "./common";

/**
 * Proof of liabilities: a Merkle-sum tree of every user's balance per currency,
 * snapshotted daily at 00:00 UTC and on an operator's request. The hashing rules are published with these calls
 * (and on the app's trust page) so anyone can verify a path with their own code.
 */

export const HASHING_RULES = [
  "SHA-256, hex lower case, over UTF-8 strings.",
  'commitment = sha256(user_id + "|" + nonce)',
  'leaf hash = sha256("leaf|" + commitment + "|" + balance)',
  'node hash = sha256("node|" + left_hash + "|" + left_sum + "|" + right_hash + "|" + right_sum), sum = left_sum + right_sum',
  'A level with an odd count pairs its last node with the empty node: hash sha256("empty"), sum "0".',
  "Balances and sums are decimal strings with no trailing zeros; a single leaf is its own root; no sum may be negative.",
] as const;

export const currencyRoot = z.object({
  currency: z.string(),
  root: z.string(),
  /** The sum of every leaf: what the platform owes its users in this currency. */
  total: decimalString,
  /** How many leaves (users with a non-zero balance). */
  leaves: z.number().int().nonnegative(),
});
export type CurrencyRoot = z.infer<typeof currencyRoot>;

export const rootView = z.object({
  /** When the snapshot was taken (null before the first one). */
  at: seconds.nullable(),
  currencies: z.array(currencyRoot),
});
export type RootView = z.infer<typeof rootView>;

export const pathStep = z.object({ side: z.enum(["left", "right"]), hash: z.string(), sum: decimalString });
export type PathStep = z.infer<typeof pathStep>;

export const myProof = z.object({
  currency: z.string(),
  /** The user's leaf; `user_id` and `nonce` let the user recompute the commitment. */
  leaf: z.object({ commitment: z.string(), balance: decimalString, user_id: z.number().int(), nonce: z.string() }),
  /** From the leaf up: `side` is the side on which the sibling stands. */
  path: z.array(pathStep),
  root: z.string(),
  total: decimalString,
});
export type MyProof = z.infer<typeof myProof>;

export const reserve = z.object({
  currency: z.string().trim().min(1, msg("PARAMETER_ERROR")).max(16, msg("PARAMETER_ERROR")).toUpperCase(),
  network: z.string().trim().max(32, msg("PARAMETER_ERROR")),
  address: z.string().trim().min(1, msg("PARAMETER_ERROR")).max(128, msg("PARAMETER_ERROR")),
  amount: decimalString,
});
export type Reserve = z.infer<typeof reserve>;

export const root = call({
  method: "GET",
  path: "proof/root",
  access: "public",
  summary: "The latest proof-of-liabilities snapshot: each currency's Merkle-sum root, total and leaf count",
  tags: ["proof"],
  input: empty,
  output: rootView.extend({
    rules: z.array(z.string()),
    /** What the operator declares it holds (addresses and amounts): declared, not proven by the tree. */
    reserves: z.array(reserve),
  }),
});

export const mine = call({
  method: "GET",
  path: "proof/mine",
  access: "user",
  summary: "My leaves in the latest snapshot with their paths to each currency's root",
  tags: ["proof"],
  input: empty,
  output: z.object({ at: seconds.nullable(), list: z.array(myProof) }),
});

export const snapshot = call({
  method: "POST",
  path: "backoffice/proof/snapshot",
  access: "operator",
  summary: "Take a proof-of-liabilities snapshot now (admin, audited); returns what proof/root returns",
  tags: ["backoffice", "proof"],
  input: empty,
  output: rootView,
});

export const snapshotRow = rootView.extend({
  id: z.number().int(),
  at: seconds,
  /** daily: at 00:00 UTC; operator: asked for in the back office; catch_up: taken because a user held a balance the latest snapshot did not count. */
  kind: z.enum(["daily", "operator", "catch_up"]),
  operator: z.string().nullable(),
  users: z.number().int(),
  duration_ms: z.number().int(),
});

export const history = call({
  method: "GET",
  path: "backoffice/proof/history",
  access: "operator",
  summary: "Every snapshot's roots, newest first",
  tags: ["backoffice", "proof"],
  input: pageQuery,
  output: paged(snapshotRow),
});



export const liabilities = call({
  method: "GET",
  path: "backoffice/proof/liabilities",
  access: "operator",
  summary: "Liabilities per currency (users' available and frozen, the last snapshot's total) against the declared reserves, with the coverage ratio",
  tags: ["backoffice", "proof"],
  input: empty,
  output: z.object({
    list: z.array(
      z.object({
        currency: z.string(),
        users: z.number().int(),
        available: decimalString,
        frozen: decimalString,
        liabilities: decimalString,
        snapshot_total: decimalString.nullable(),
        reserves: decimalString,
        /** reserves / liabilities (null when nothing is owed). */
        coverage: decimalString.nullable(),
      }),
    ),
    reserves: z.array(reserve),
  }),
});

export const setReserves = call({
  method: "POST",
  path: "backoffice/proof/reserves",
  access: "operator",
  summary: "Declare the platform's reserves (addresses and amounts per currency; admin, audited)",
  tags: ["backoffice", "proof"],
  input: z.object({ reserves: z.array(reserve).max(100, msg("PARAMETER_ERROR")) }),
  output: z.object({ reserves: z.array(reserve) }),
});
