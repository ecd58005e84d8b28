import type { LoginOutcome } from "../../contract/security";
import { bigint, boolean, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "../platform/columns";

/** Tables of migrations/0002_auth.sql (and 0019_security_centre.sql). */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable("users", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  account: text("account").notNull(),
  email: text("email"),
  passwordHash: text("password_hash"),
  tradePasswordHash: text("trade_password_hash"),
  inviteCode: text("invite_code").notNull(),
  inviterId: bigint("inviter_id", { mode: "number" }),
  reviewStatus: smallint("review_status").$type<0 | 1 | 2 | 3>().notNull().default(0),
  googleSecret: text("google_secret"),
  googlePendingSecret: text("google_pending_secret"),
  frozen: boolean("frozen").notNull().default(false),
  lockedUntil: ts("locked_until"),
  failedLogins: integer("failed_logins").notNull().default(0),
  walletAddress: text("wallet_address"),
  lang: text("lang").notNull().default("en"),
  withdrawLockedUntil: ts("withdraw_locked_until"),
  /** Shown in every e-mail and notice the platform sends the user (migrations/0019_security_centre.sql). */
  antiPhishingCode: text("anti_phishing_code"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable("sessions", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  tokenHash: text("token_hash").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
  revokedAt: ts("revoked_at"),
  ip: text("ip"),
  userAgent: text("user_agent"),
  /** Slides with use (at most once a minute); a session idle longer than SESSION_IDLE_HOURS is over. */
  lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
});

/** Sign-in attempts on known accounts (migrations/0019_security_centre.sql). */
export const loginEvents = pgTable("login_events", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  at: ts("at").notNull(),
  ip: text("ip").notNull(),
  userAgent: text("user_agent").notNull(),
  outcome: text("outcome").$type<LoginOutcome>().notNull(),
  newDevice: boolean("new_device").notNull().default(false),
});

export const verificationCodes = pgTable("verification_codes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  channel: text("channel").$type<"email" | "sms">().notNull(),
  target: text("target").notNull(),
  purpose: text("purpose").notNull(),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: ts("expires_at").notNull(),
  consumedAt: ts("consumed_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const walletNonces = pgTable("wallet_nonces", {
  nonce: text("nonce").primaryKey(),
  address: text("address").notNull(),
  message: text("message").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});

/** Passkeys and their challenges (migrations/0036_passkeys.sql). */
export const passkeys = pgTable("passkeys", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  credentialId: text("credential_id").notNull(),
  publicKey: bytea("public_key").notNull(),
  counter: bigint("counter", { mode: "number" }).notNull().default(0),
  transports: text("transports").array().notNull().default([]),
  name: text("name").notNull(),
  createdAt: ts("created_at").notNull(),
  lastUsedAt: ts("last_used_at"),
});

export const passkeyChallenges = pgTable("passkey_challenges", {
  challenge: text("challenge").primaryKey(),
  purpose: text("purpose").$type<"register" | "login" | "step_up">().notNull(),
  userId: bigint("user_id", { mode: "number" }),
  expiresAt: ts("expires_at").notNull(),
});
