import { bigint, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { AnyTermName, ConfigTermLine } from "../../contract/market";

/** The terms domain's table (migrations 0030 and 0033; its name from when it lived in the market domain). */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

/** Migration 0030: a change of a pair's term waiting for its notice period (or applied, or cancelled). */
export const marketTermChanges = pgTable("market_term_changes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  /** The pair of a spread change; null for a configuration's (migration 0033). */
  symbol: text("symbol"),
  term: text("term").$type<AnyTermName>().notNull(),
  fromValue: amount("from_value"),
  toValue: amount("to_value"),
  status: text("status").$type<"pending" | "applied" | "cancelled">().notNull(),
  reason: text("reason"),
  announcedAt: timestamp("announced_at", { withTimezone: true }).notNull(),
  effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
  noticeId: bigint("notice_id", { mode: "number" }),
  cancelNoticeId: bigint("cancel_notice_id", { mode: "number" }),
  createdBy: bigint("created_by", { mode: "number" }),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  cancelledBy: bigint("cancelled_by", { mode: "number" }),
  cancelReason: text("cancel_reason"),
  /** Migration 0033: a configuration's change holds the whole new configuration, the one it replaces and the announced lines. */
  fromConfig: jsonb("from_config"),
  toConfig: jsonb("to_config"),
  changes: jsonb("changes").$type<ConfigTermLine[]>(),
});
export type TermChangeRow = typeof marketTermChanges.$inferSelect;
