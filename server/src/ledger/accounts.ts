/**
 * The platform's own accounts: the other side of every user posting. They keep no balance row (hot rows would
 * serialise every transfer): their balance is the sum of their postings. Add a name here when a domain needs one.
 */
export const PLATFORM_ACCOUNTS = [
  /** Fees the platform earned (withdrawal fees, conversion fees, trading fees). */
  "fees",
  /** The platform's inventory of each currency: the counterparty of conversions. */
  "treasury",
  /** Deposits approved by an operator: money that arrived on the platform's receiving addresses. */
  "deposits_in_transit",
  /** Withdrawals paid out to users' addresses. */
  "withdrawals_out",
  /** Rewards and promotional credit paid by the platform (referrals...). */
  "rewards",
  /** Manual corrections by operators, each with a reason. */
  "adjustments",
  /** The counterparty of leveraged positions: receives margins, pays payouts (P&L) and swaps. */
  "trading",
  /** Absorbs a position's loss beyond its margin (negative balance protection). */
  "insurance",
  /** Credit loans: pays out approved loans, receives repayments (principal, interest, overdue fees). */
  "loans",
  /** The spot desk: the counterparty of every spot fill (sells coins to buyers, buys them from sellers at the feed's quote). */
  "spot",
  /** Timed options: receives lost stakes, pays the profit of winning options. */
  "options",
] as const;

export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

/** Where a leg posts: a user's account (per currency) or a platform account (per currency). */
export type AccountRef = { user: number } | { platform: PlatformAccount };

export type Bucket = "available" | "frozen";

export const accountKey = (ref: AccountRef, currency: string): string =>
  "user" in ref ? `u:${ref.user}:${currency}` : `p:${ref.platform}:${currency}`;
