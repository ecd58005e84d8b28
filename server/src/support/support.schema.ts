import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Tables of migrations/0014_support.sql. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const supportMessages = pgTable("support_messages", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  sender: text("sender").$type<"user" | "agent">().notNull(),
  operatorId: bigint("operator_id", { mode: "number" }),
  body: text("body").notNull(),
  imageId: bigint("image_id", { mode: "number" }),
  readAt: ts("read_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
export type SupportMessageRow = typeof supportMessages.$inferSelect;
