import { bigint, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { PushKind } from "../../contract/push-kinds";

/** Tables of migrations/0026_push.sql. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const pushSubscriptions = pgTable("push_subscriptions", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  sessionId: bigint("session_id", { mode: "number" }).notNull(),
  endpoint: text("endpoint").notNull(),
  p256dh: text("p256dh").notNull(),
  auth: text("auth").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export const pushSettings = pgTable("push_settings", {
  userId: bigint("user_id", { mode: "number" }).primaryKey(),
  kinds: jsonb("kinds").$type<Partial<Record<PushKind, boolean>>>().notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
