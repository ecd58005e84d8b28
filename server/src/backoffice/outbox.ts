import { count, desc, eq, sql } from "drizzle-orm";
import { toSeconds } from "../platform/clock";
import type { Db } from "../platform/db";
import { outbox } from "../platform/platform.schema";

/** The outbox as operators read it: every e-mail and text sent, newest first, optionally to one recipient. */
export async function listOutbox(db: Db, query: { page: number; limit: number; recipient?: string }) {
  const where = query.recipient ? eq(sql`lower(${outbox.recipient})`, query.recipient) : undefined;
  const rows = await db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(query.limit).offset((query.page - 1) * query.limit);
  const [{ total }] = await db.select({ total: count() }).from(outbox).where(where);
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      transport: row.transport,
      created_at: toSeconds(row.createdAt),
    })),
  };
}
