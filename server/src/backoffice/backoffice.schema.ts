import { bigint, boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { OperatorRole } from "../../contract/backoffice";

/** Tables of migrations/0003_backoffice.sql. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const operators = pgTable("operators", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  totpSecret: text("totp_secret").notNull(),
  role: text("role").$type<OperatorRole>().notNull(),
  disabled: boolean("disabled").notNull().default(false),
  lastTotpStep: bigint("last_totp_step", { mode: "number" }).notNull().default(0),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const operatorSessions = pgTable("operator_sessions", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  operatorId: bigint("operator_id", { mode: "number" }).notNull(),
  tokenHash: text("token_hash").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
  revokedAt: ts("revoked_at"),
  ip: text("ip"),
});
