import { bigint, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Tables of migrations/0001_platform.sql. */

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable("audit_log", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  actorKind: text("actor_kind").$type<"operator" | "user" | "system">().notNull(),
  actorId: bigint("actor_id", { mode: "number" }),
  action: text("action").notNull(),
  targetKind: text("target_kind"),
  targetId: text("target_id"),
  detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const outbox = pgTable("outbox", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  channel: text("channel").$type<"email" | "sms">().notNull(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  transport: text("transport").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
