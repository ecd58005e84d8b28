import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { SupportMessage } from "../../contract/support";
import { userDirectory, userRecords } from "../auth";
import { ledgerReads } from "../ledger";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { UploadedFile } from "../platform/http";
import { asImageData, checkImage, findImage, imagePurpose, readImage, storeImage, violatedConstraint } from "../platform/uploads";
import { supportMessages, type SupportMessageRow } from "./support.schema";

/** Pictures a user sends in the support chat: one copy of a file, sent again it names the same image. */
const SUPPORT_IMAGES = imagePurpose("support", { by: "user", singleCopy: true });

/**
 * Customer-service chat: one conversation per user. The user writes text or sends an image (the platform's one image
 * check; an image already stored for chat is shared, the access check goes by the message, never by the uploader);
 * operators read and reply. Text is kept exactly as typed and only ever rendered as text. Each new message is
 * announced to the user's sockets once committed.
 */
export interface SupportDeps {
  db: Db;
  clock: Clock;
  maxBytes: number;
  /** Tells the user's sockets (the `support` channel) about a new message. */
  publish(userId: number, message: SupportMessage): void;
}

export function toMessage(row: SupportMessageRow, viewer: "user" | "operator"): SupportMessage {
  return {
    id: row.id,
    from: row.sender,
    text: row.body,
    image_id: row.imageId,
    image_url: row.imageId === null ? null : viewer === "user" ? `support/image?id=${row.imageId}` : `backoffice/support/image?id=${row.imageId}`,
    created_at: toSeconds(row.createdAt),
    read: row.readAt !== null,
  };
}

export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Conversations with a user's message no agent has read yet (the back office's overview). */
  async unreadChatCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(DISTINCT ${supportMessages.userId})::int` })
      .from(supportMessages)
      .where(and(eq(supportMessages.sender, "user"), isNull(supportMessages.readAt)));
    return row?.n ?? 0;
  }

  private async conversation(db: Executor, userId: number): Promise<SupportMessageRow[]> {
    return db.select().from(supportMessages).where(eq(supportMessages.userId, userId)).orderBy(supportMessages.id);
  }

  private async unread(db: Executor, userId: number, sender: "user" | "agent"): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(supportMessages)
      .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, sender), isNull(supportMessages.readAt)));
    return Number(row?.n ?? 0);
  }

  async messages(userId: number) {
    const rows = await this.conversation(this.db, userId);
    return { list: rows.map((r) => toMessage(r, "user")), unread: rows.filter((r) => r.sender === "agent" && r.readAt === null).length };
  }

  async send(userId: number, input: { text?: string; image_md5?: string }, files: Record<string, UploadedFile>): Promise<SupportMessage> {
    const file = files.image;
    const body = input.text ?? "";
    if (!file && body === "") throw new DomainError("MISSING_PARAMETER", "text");
    const image = file ? await checkImage(file, { field: "image", maxBytes: this.deps.maxBytes, md5: input.image_md5 }) : null;
    const row = await this.insertRetrying(async (tx) => {
      let imageId: number | null = null;
      if (image && file) {
        const stored = await findImage(tx, SUPPORT_IMAGES, image.md5);
        imageId = stored ? stored.id : await storeImage(tx, SUPPORT_IMAGES, { userId, image, data: file.data });
      }
      const [inserted] = await tx
        .insert(supportMessages)
        .values({ userId, sender: "user", body, imageId, createdAt: this.deps.clock.now() })
        .returning();
      return inserted;
    });
    const message = toMessage(row, "user");
    this.deps.publish(userId, message);
    return message;
  }

  /** Two users sending the same new picture at once: the second insert of the image loses and is retried (then shared). */
  private async insertRetrying(work: (tx: Tx) => Promise<SupportMessageRow>): Promise<SupportMessageRow> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      if (violatedConstraint(error) === null) throw error;
      return this.db.transaction(work);
    }
  }

  async read(userId: number) {
    await this.db
      .update(supportMessages)
      .set({ readAt: this.deps.clock.now() })
      .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, "agent"), isNull(supportMessages.readAt)));
    return { unread: 0 };
  }

  /** The user's own image: an image of another conversation answers like a missing one. */
  async image(userId: number, imageId: number) {
    const [owned] = await this.db
      .select({ id: supportMessages.id })
      .from(supportMessages)
      .where(and(eq(supportMessages.userId, userId), eq(supportMessages.imageId, imageId)))
      .limit(1);
    return this.imageData(owned ? imageId : null);
  }

  /** Operators see any image sent in a conversation (and nothing else of the image store). */
  async operatorImage(imageId: number) {
    const [used] = await this.db.select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.imageId, imageId)).limit(1);
    return this.imageData(used ? imageId : null);
  }

  private async imageData(imageId: number | null) {
    const image = imageId === null ? null : await readImage(this.db, SUPPORT_IMAGES, imageId);
    if (!image) throw new DomainError("DATA_NOT_FOUND");
    return asImageData(image);
  }

  // ---- back office --------------------------------------------------------------------------------------------

  async chats(input: { page: number; limit: number }) {
    const offset = (input.page - 1) * input.limit;
    const result = (await this.db.execute(sql`
      WITH c AS (
        SELECT user_id,
               max(id) AS last_id,
               count(*) FILTER (WHERE sender = 'user' AND read_at IS NULL) AS unread
        FROM support_messages GROUP BY user_id
      )
      SELECT c.user_id, c.unread, u.account, m.body, m.image_id, m.sender, m.created_at, count(*) OVER () AS total
      FROM c JOIN support_messages m ON m.id = c.last_id JOIN ${userDirectory} u ON u.id = c.user_id
      ORDER BY (c.unread > 0) DESC, c.last_id DESC
      LIMIT ${input.limit} OFFSET ${offset}
    `)) as unknown as { rows: Array<{ user_id: string | number; unread: string | number; account: string; body: string; image_id: unknown; sender: "user" | "agent"; created_at: string | Date; total: string | number }> };
    const [unreadTotal] = await this.db
      .select({ n: count() })
      .from(supportMessages)
      .where(and(eq(supportMessages.sender, "user"), isNull(supportMessages.readAt)));
    return {
      list: result.rows.map((r) => ({
        user_id: Number(r.user_id),
        account: r.account,
        last_message: r.body,
        last_from: r.sender,
        last_at: toSeconds(new Date(r.created_at)),
        unread: Number(r.unread),
      })),
      total: result.rows.length ? Number(result.rows[0].total) : 0,
      unread_total: Number(unreadTotal?.n ?? 0),
    };
  }

  async chat(userId: number) {
    const user = await userRecords.find(this.db, userId);
    if (!user) throw new DomainError("USER_NOT_FOUND");
    const rows = await this.conversation(this.db, userId);
    return {
      list: rows.map((r) => toMessage(r, "operator")),
      user: {
        user_id: user.id,
        account: user.account,
        email: user.email,
        review_status: user.reviewStatus,
        frozen: user.frozen,
        created_at: toSeconds(user.createdAt),
        wallets: await ledgerReads.balances(this.db, userId),
      },
    };
  }

  async operatorRead(userId: number) {
    await this.db
      .update(supportMessages)
      .set({ readAt: this.deps.clock.now() })
      .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, "user"), isNull(supportMessages.readAt)));
    return { unread: await this.unread(this.db, userId, "user") };
  }

  async reply(operatorId: number, userId: number, body: string): Promise<SupportMessage> {
    const row = await this.db.transaction(async (tx) => {
      const user = await userRecords.find(tx, userId);
      if (!user) throw new DomainError("USER_NOT_FOUND");
      const now = this.deps.clock.now();
      // Answering a conversation reads it.
      await tx
        .update(supportMessages)
        .set({ readAt: now })
        .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, "user"), isNull(supportMessages.readAt)));
      const [inserted] = await tx.insert(supportMessages).values({ userId, sender: "agent", operatorId, body, createdAt: now }).returning();
      await audit(tx, { actorKind: "operator", actorId: operatorId, action: "support.reply", targetKind: "user", targetId: userId, detail: { message_id: inserted.id } });
      return inserted;
    });
    const message = toMessage(row, "user");
    this.deps.publish(userId, message);
    return toMessage(row, "operator");
  }
}
