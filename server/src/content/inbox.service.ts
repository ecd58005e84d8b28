import { noEvents, type Events } from "../platform/events";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { BoMessage, InboxItem, InboxKind, NoticeEvent, PersonalMessage } from "../../contract/content";
import { languages, type Language } from "../../contract/constants";
import { signWithAntiPhishingCode, userAccountOf, userRecords } from "../auth";
import { operatorNameOf } from "../backoffice";
import { audit } from "../platform/audit";
import type { Bus } from "../platform/bus";
import { toSeconds, type Clock } from "../platform/clock";
import { detached, type Db, type Executor, type Tx } from "../platform/db";
import { DomainError } from "../platform/errors";
import { insertMany } from "../platform/bulk";
import type { Translator } from "../platform/i18n";
import type { PushNote, UserNotification } from "../platform/notify";
import { noticeReadMarks, noticeReads, userMessages, type UserMessageRow } from "./content.schema";
import { fillPlaceholders, type FactSource } from "./facts";
import { shownIn, type NewsText, type Translations } from "./languages";
import { summaryOf } from "./news.service";
import { htmlToText } from "./sanitize";

export const TITLE_MAX = 200;
export const BODY_MAX = 4000;

/** A personal message as another domain sends it: message keys of the catalogue (translated), their values, a push. */
export type Notification = UserNotification;

/** A committed notice that asks for a push: its text in the user's language, without the anti-phishing line. */
export interface PushableNotice {
  userId: number;
  messageId: number;
  title: string;
  body: string;
  push: PushNote;
}

/** What other domains are given to tell a user something (a deposit approved, a loan due...). */
export interface Notifier {
  /**
   * Writes a personal message inside the caller's transaction, in the user's language, and announces it on the
   * bus (`user:<id>:notice`) once the transaction has committed; a rolled-back transaction announces nothing.
   */
  notifyUser(tx: Tx, userId: number, notification: Notification): Promise<{ id: number }>;
  /** The same for many users at once (a batch of settlements): one look-up of languages, one insert, one announcement check. */
  notifyUsers(tx: Tx, notifications: ReadonlyArray<{ userId: number } & Notification>): Promise<void>;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const dateOf = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The user's inbox: personal messages and the notices, with read marks; and the notifier other domains call. */
export class InboxService implements Notifier {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: Bus,
    private readonly translator: Translator,
    private readonly facts: FactSource,
    private readonly events: Events = noEvents,
  ) {}

  /** Notices this user can see (published, in their language) that are not read yet: SQL fragment for `n`. */
  private unreadNotice(userId: number) {
    return sql`NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.user_id = ${userId} AND r.news_id = n.id)
      AND NOT EXISTS (SELECT 1 FROM notice_read_marks m WHERE m.user_id = ${userId} AND n.published_at <= m.read_before)`;
  }

  private visibleNotice(lang: Language) {
    return sql`n.kind = 'notice' AND n.status = 'published' AND (n.lang IS NULL OR n.lang = ${lang})`;
  }

  async unread(db: Executor, userId: number, lang: Language): Promise<{ unread: number; latest_at: number | null }> {
    const [row] = rowsOf(
      await db.execute(sql`SELECT
        (SELECT count(*)::int FROM user_messages WHERE user_id = ${userId} AND read_at IS NULL)
          + (SELECT count(*)::int FROM news_items n WHERE ${this.visibleNotice(lang)} AND ${this.unreadNotice(userId)}) AS unread,
        GREATEST(
          (SELECT max(created_at) FROM user_messages WHERE user_id = ${userId}),
          (SELECT max(published_at) FROM news_items n WHERE ${this.visibleNotice(lang)})
        ) AS latest_at`),
    );
    return { unread: Number(row.unread), latest_at: row.latest_at ? toSeconds(dateOf(row.latest_at)) : null };
  }

  async list(userId: number, lang: Language, input: { page: number; limit: number }) {
    const inbox = sql`
      SELECT m.id, 'message' AS kind, m.title, m.body AS text, NULL AS html, NULL::jsonb AS translations, m.read_at IS NOT NULL AS read, m.created_at AS at
        FROM user_messages m WHERE m.user_id = ${userId}
      UNION ALL
      SELECT n.id, 'notice' AS kind, n.title, n.summary AS text, n.body AS html, n.translations, NOT (${this.unreadNotice(userId)}) AS read, n.published_at AS at
        FROM news_items n WHERE ${this.visibleNotice(lang)}`;
    const [rows, [{ total }], counts, facts] = await Promise.all([
      this.db.execute(sql`SELECT * FROM (${inbox}) x ORDER BY at DESC, kind, id DESC LIMIT ${input.limit} OFFSET ${(input.page - 1) * input.limit}`).then(rowsOf),
      this.db.execute(sql`SELECT count(*)::int AS total FROM (${inbox}) x`).then(rowsOf),
      this.unread(this.db, userId, lang),
      this.facts(this.db),
    ]);
    const list: InboxItem[] = rows.map((row) => {
      const kind = row.kind as InboxKind;
      const text = String(row.text ?? "");
      // A notice in the reader's language when it has one (personal messages are written in one language).
      const notice =
        kind === "notice"
          ? shownIn({ title: String(row.title), summary: text, body: String(row.html ?? "") }, (row.translations ?? {}) as Translations<NewsText>, lang).text
          : null;
      return {
        id: Number(row.id),
        kind,
        title: notice ? fillPlaceholders(notice.title, facts, false, lang) : String(row.title),
        body: notice ? summaryOf(fillPlaceholders(notice.summary, facts, false, lang), htmlToText(fillPlaceholders(notice.body, facts, true, lang))) : text,
        read: Boolean(row.read),
        created_at: toSeconds(dateOf(row.at)),
      };
    });
    return { list, total: Number(total), unread: counts.unread };
  }

  /** Marks one item read, or all (of one kind, or both); answers the new unread count. */
  async markRead(userId: number, lang: Language, input: { kind?: InboxKind; id?: number }) {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      if (input.id !== undefined) {
        if (input.kind === "message") {
          const [row] = await tx.select({ id: userMessages.id }).from(userMessages).where(and(eq(userMessages.id, input.id), eq(userMessages.userId, userId)));
          if (!row) throw new DomainError("DATA_NOT_FOUND");
          await tx.update(userMessages).set({ readAt: now }).where(and(eq(userMessages.id, input.id), isNull(userMessages.readAt)));
        } else {
          const [row] = rowsOf(await tx.execute(sql`SELECT n.id FROM news_items n WHERE n.id = ${input.id} AND ${this.visibleNotice(lang)}`));
          if (!row) throw new DomainError("DATA_NOT_FOUND");
          await tx.insert(noticeReads).values({ userId, newsId: input.id, readAt: now }).onConflictDoNothing();
        }
        return;
      }
      if (input.kind !== "notice") {
        await tx.update(userMessages).set({ readAt: now }).where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)));
      }
      if (input.kind !== "message") {
        await tx
          .insert(noticeReadMarks)
          .values({ userId, readBefore: now })
          .onConflictDoUpdate({ target: noticeReadMarks.userId, set: { readBefore: sql`GREATEST(${noticeReadMarks.readBefore}, excluded.read_before)` } });
      }
    });
    return { unread: (await this.unread(this.db, userId, lang)).unread };
  }

  /** One of my messages; reading it marks it read. Someone else's is not found (ids are not secrets). */
  async detail(userId: number, id: number): Promise<PersonalMessage> {
    const [row] = await this.db.select().from(userMessages).where(and(eq(userMessages.id, id), eq(userMessages.userId, userId)));
    if (!row) throw new DomainError("DATA_NOT_FOUND");
    if (!row.readAt) await this.db.update(userMessages).set({ readAt: this.clock.now() }).where(eq(userMessages.id, id));
    return { id: row.id, title: row.title, body: row.body, read: true, created_at: toSeconds(row.createdAt) };
  }

  // ---- back office --------------------------------------------------------------------------------------------------

  /** An operator writes to one user (found by id, account name or e-mail); audited with the text. */
  async send(operatorId: number, input: { user_id?: number; account?: string; title: string; body: string }): Promise<BoMessage> {
    const row = await this.db.transaction(async (tx) => {
      const user = input.user_id ? await userRecords.find(tx, input.user_id) : await userRecords.findByLogin(tx, input.account!);
      if (!user) throw new DomainError("USER_NOT_FOUND", input.user_id ? "user_id" : "account");
      const message = await this.insert(tx, user.id, { title: input.title, body: input.body, sentBy: operatorId });
      await audit(tx, {
        actorKind: "operator",
        actorId: operatorId,
        action: "content.message.send",
        targetKind: "user",
        targetId: user.id,
        detail: { message_id: message.id, title: message.title, body: message.body },
      });
      return message;
    });
    return (await this.sent({ page: 1, limit: 1, id: row.id })).list[0];
  }

  /** Messages sent to users, newest first (one user's with `user_id`). */
  async sent(input: { page: number; limit: number; user_id?: number; id?: number }) {
    const where = and(input.user_id ? eq(userMessages.userId, input.user_id) : undefined, input.id ? eq(userMessages.id, input.id) : undefined);
    const rows = await this.db
      .select({ message: userMessages, account: userAccountOf(userMessages.userId), sender: operatorNameOf(userMessages.sentBy) })
      .from(userMessages)
      .where(where)
      .orderBy(desc(userMessages.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit);
    const [{ total }] = await this.db.select({ total: count() }).from(userMessages).where(where);
    const list: BoMessage[] = rows.map(({ message, account, sender }) => ({
      id: message.id,
      user_id: message.userId,
      account,
      title: message.title,
      body: message.body,
      read: message.readAt !== null,
      created_at: toSeconds(message.createdAt),
      sent_by: sender,
    }));
    return { list, total };
  }

  // ---- sending ----------------------------------------------------------------------------------------------------

  async notifyUser(tx: Tx, userId: number, notification: Notification): Promise<{ id: number }> {
    const [row] = await this.write(tx, [{ userId, sentBy: null, render: (lang) => this.translate(lang, notification), push: notification.push }]);
    return { id: row.id };
  }

  async notifyUsers(tx: Tx, notifications: ReadonlyArray<{ userId: number } & Notification>): Promise<void> {
    await this.write(
      tx,
      notifications.map((n) => ({ userId: n.userId, sentBy: null, render: (lang: Language) => this.translate(lang, n), push: n.push })),
    );
  }

  private translate(lang: Language, notification: Notification): { title: string; body: string } {
    return { title: this.translator.t(lang, notification.title, notification.values), body: this.translator.t(lang, notification.body, notification.values) };
  }

  /** Writes a message (operator texts are not translated) and schedules its announcement. */
  async insert(tx: Tx, userId: number, message: { title: string; body: string; sentBy: number | null }): Promise<UserMessageRow> {
    const [row] = await this.write(tx, [{ userId, sentBy: message.sentBy, render: () => message }]);
    return row;
  }

  /**
   * The one writer of personal messages: each in its recipient's language, under the recipient's anti-phishing code
   * (the security centre), one look-up of recipients for the whole batch, announced once committed.
   */
  private async write(
    tx: Tx,
    messages: ReadonlyArray<{ userId: number; sentBy: number | null; render: (lang: Language) => { title: string; body: string }; push?: PushNote }>,
  ): Promise<UserMessageRow[]> {
    if (!messages.length) return [];
    const ids = [...new Set(messages.map((m) => m.userId))];
    const found = await userRecords.noticeProfiles(tx, ids);
    if (found.length !== ids.length) throw new DomainError("USER_NOT_FOUND");
    const recipients = new Map(found.map((u) => [u.id, { lang: (languages as readonly string[]).includes(u.lang) ? (u.lang as Language) : ("en" as Language), code: u.antiPhishingCode }]));
    const now = this.clock.now();
    const texts = messages.map((m) => {
      const { lang, code } = recipients.get(m.userId)!;
      const { title, body } = m.render(lang);
      return { title: clip(title.trim() || "-", TITLE_MAX), body: body.trim(), signed: signWithAntiPhishingCode(this.translator, lang, code, body.trim()) };
    });
    const values = messages.map((m, i) => ({ userId: m.userId, title: texts[i].title, body: clip(texts[i].signed, BODY_MAX), sentBy: m.sentBy, createdAt: now, readAt: null }));
    // One statement per 5,000 messages, one array per column (a VALUES list of thousands of rows costs more to build
    // than to run). Only the ids come back, in the order of the messages: the rest is what was written.
    const rows: UserMessageRow[] = [];
    for (let i = 0; i < values.length; i += 5_000) {
      const part = values.slice(i, i + 5_000);
      const ids = await insertMany(tx, userMessages, part, ["id"]);
      part.forEach((value, j) => rows.push({ ...value, id: ids[j].id }));
    }
    // The anti-phishing code proves a message in the app; a push shown on a lock screen never carries it.
    const pushable = messages.flatMap((m, i) => (m.push ? [{ userId: m.userId, messageId: rows[i].id, title: texts[i].title, body: texts[i].body, push: m.push }] : []));
    this.announceManyWhenCommitted(rows, pushable);
    return rows;
  }

  /**
   * The bus must not announce a message whose transaction rolls back. There is no commit hook, so the batch's last row
   * is looked up from outside the transaction until it is visible (committed), and then every row is announced; a row
   * that never appears was rolled back. On PGlite (one connection) the look-up simply queues behind the transaction.
   */
  private announceManyWhenCommitted(rows: UserMessageRow[], pushable: PushableNotice[]): void {
    const delaysMs = [0, 20, 50, 100, 250, 500, 1000, 2000];
    const attempt = async (index: number): Promise<void> => {
      if (index >= delaysMs.length) return;
      await new Promise((resolve) => setTimeout(resolve, delaysMs[index]));
      const [last] = await this.db.select({ id: userMessages.id }).from(userMessages).where(eq(userMessages.id, rows[rows.length - 1].id));
      if (!last) return attempt(index + 1);
      for (const row of rows) this.bus.publish(`user:${row.userId}:notice`, { kind: "message", id: row.id, title: row.title, created_at: toSeconds(row.createdAt) } satisfies NoticeEvent);
      // In this process only (the one that committed), so several processes never push the same notice twice.
      if (pushable.length) await this.events.publish("notices.pushable", { notices: pushable });
    };
    detached(() => attempt(0)).catch(() => undefined);
  }
}

declare module "../platform/events" {
  interface DomainEvents {
    /** Committed notices that ask for a Web Push (in the process that committed them, so each is pushed once). */
    "notices.pushable": { notices: PushableNotice[] };
  }
}
