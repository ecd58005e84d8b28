import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { CertType, KycStatus } from "../../contract/kyc";

/** Tables of migrations/0005_kyc.sql (the images are platform/uploads.ts's `stored_images`). */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const kycSubmissions = pgTable("kyc_submissions", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  country: text("country").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  certType: text("cert_type").$type<CertType>().notNull(),
  certNo: text("cert_no").notNull(),
  frontImageId: bigint("front_image_id", { mode: "number" }).notNull(),
  backImageId: bigint("back_image_id", { mode: "number" }).notNull(),
  handImageId: bigint("hand_image_id", { mode: "number" }).notNull(),
  status: text("status").$type<KycStatus>().notNull().default("pending"),
  reason: text("reason"),
  reviewedBy: bigint("reviewed_by", { mode: "number" }),
  reviewedAt: ts("reviewed_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
