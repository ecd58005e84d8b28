import { bigint, date, integer, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "../platform/columns";

/** Tables of migrations/0015_proof.sql (the levels' bytea and text[] columns are written and read in SQL). */

/** daily: 00:00 UTC; operator: on an operator's request; catch_up: a balance the latest one did not count (0024). */
export type SnapshotKind = "daily" | "operator" | "catch_up";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const proofSnapshots = pgTable("proof_snapshots", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  kind: text("kind").$type<SnapshotKind>().notNull(),
  day: date("day"),
  operatorId: bigint("operator_id", { mode: "number" }),
  users: integer("users").notNull(),
  durationMs: integer("duration_ms").notNull(),
  takenAt: ts("taken_at").notNull(),
});

export const proofRoots = pgTable(
  "proof_roots",
  {
    snapshotId: bigint("snapshot_id", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    root: text("root").notNull(),
    total: numeric("total").notNull(),
    leaves: integer("leaves").notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.currency] })],
);

export const proofLeaves = pgTable(
  "proof_leaves",
  {
    snapshotId: bigint("snapshot_id", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    idx: integer("idx").notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    nonce: text("nonce").notNull(),
    balance: numeric("balance", { precision: 36, scale: 18 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.currency, t.idx] })],
);

/** Each tree level as one row: its hashes concatenated (32 bytes each) and its sums, read back as slices. */
export const proofLevels = pgTable(
  "proof_levels",
  {
    snapshotId: bigint("snapshot_id", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    level: integer("level").notNull(),
    hashes: bytea("hashes").notNull(),
    sums: text("sums").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.currency, t.level] })],
);
