import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The bank card table of migrations/0002_auth.sql. */
export const bankCards = pgTable("bank_cards", {
  userId: bigint("user_id", { mode: "number" }).primaryKey(),
  realName: text("real_name").notNull(),
  bankName: text("bank_name").notNull(),
  swiftCode: text("swift_code").notNull(),
  bankAddress: text("bank_address").notNull(),
  cardNumber: text("card_number").notNull(),
  username: text("username").notNull(),
  payeeCountry: text("payee_country").notNull(),
  phone: text("phone").notNull(),
  recipientAddress: text("recipient_address").notNull(),
  routingNumber: text("routing_number").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
