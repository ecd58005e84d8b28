import { languages, type Language } from "../../contract";
import type { UserInfo } from "../../contract/auth";
import { toSeconds } from "../platform/clock";
import type { UserRow } from "./auth.schema";

/** An operator's lock has no end of its own: it lasts until an operator unlocks the account (back office, Users). */
export const OPERATOR_LOCK_UNTIL = new Date("9999-12-31T00:00:00Z");

export function isOperatorLock(lockedUntil: Date | null): boolean {
  return lockedUntil !== null && lockedUntil.getTime() >= OPERATOR_LOCK_UNTIL.getTime();
}

export function isLocked(user: UserRow, now: Date): boolean {
  return user.lockedUntil !== null && user.lockedUntil > now;
}

export function asLanguage(value: string): Language {
  return (languages as readonly string[]).includes(value) ? (value as Language) : "en";
}

/** The wire view of a user: never the hashes or secrets. */
export function toUserInfo(user: UserRow, now: Date): UserInfo {
  return {
    id: user.id,
    account: user.account,
    email: user.email,
    invite_code: user.inviteCode,
    review_status: user.reviewStatus,
    has_trade_password: user.tradePasswordHash !== null,
    google_bound: user.googleSecret !== null,
    frozen: user.frozen,
    locked: isLocked(user, now),
    wallet_address: user.walletAddress,
    withdraw_locked_until:
      user.withdrawLockedUntil && user.withdrawLockedUntil > now ? toSeconds(user.withdrawLockedUntil) : null,
    anti_phishing_set: user.antiPhishingCode !== null,
    lang: asLanguage(user.lang),
    created_at: toSeconds(user.createdAt),
  };
}
