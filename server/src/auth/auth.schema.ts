import { bigint, boolean, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

/** Tables of migrations/0002_auth.sql. */

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
