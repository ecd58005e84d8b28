import { and, count, desc, eq, gt, inArray, isNull, ne, type SQL } from "drizzle-orm";
import type { ActiveSession } from "../../contract/security";
import { toSeconds, type Clock } from "../platform/clock";
import { randomToken, sha256Hex } from "../platform/crypto";
import type { Db, Executor } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { SessionUser } from "../platform/http";
import { sessions, users } from "./auth.schema";
import { describeUserAgent } from "./user-agent";
import { asLanguage } from "./user-info";

/**
 * Opaque session tokens. The client holds the token; the server keeps only its SHA-256, so every session can be
 * revoked (logout, password change, freeze) and a leaked table yields no usable token.
 */
export class SessionService {
  /**
   * Told, inside the ending transaction, of every session that ends by logout, "log out" from the security centre,
   * a password change or freeze (the push domain drops the devices those sessions subscribed).
   */
  readonly onEnded: Array<(tx: Executor, sessionIds: number[]) => Promise<void>> = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The absolute lifetime (SESSION_TTL_DAYS): a session ends then however much it is used. */
    private readonly ttlDays: number,
    /** The idle lifetime (SESSION_IDLE_HOURS): a session unused this long is over. */
    private readonly idleMs = 72 * 3_600_000,
  ) {}

  async create(tx: Executor, userId: number, meta: { ip: string; userAgent: string }): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.ttlDays * 86_400_000);
    await tx.insert(sessions).values({ userId, tokenHash: sha256Hex(token), expiresAt, lastSeenAt: now, ip: meta.ip, userAgent: meta.userAgent });
    return token;
  }

  /** The route helper's authenticator: the user behind a live token, or null. A frozen user is logged out. */
  authenticate = async (token: string): Promise<SessionUser | null> => {
    if (token.length > 128) return null;
    const now = this.clock.now();
    const rows = await this.db
      .select({ sessionId: sessions.id, userId: users.id, frozen: users.frozen, lang: users.lang, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sha256Hex(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - this.idleMs)),
        ),
      );
    if (!rows.length) return null;
    const row = rows[0];
    // Sliding idle expiry, written at most once a minute per session.
    if (now.getTime() - row.lastSeenAt.getTime() > 60_000) await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
    if (row.frozen) throw new DomainError("ACCOUNT_FROZEN", undefined, true);
    return { id: row.userId, sessionId: row.sessionId, lang: asLanguage(row.lang) };
  };

  async revoke(tx: Executor, sessionId: number): Promise<void> {
    await this.ended(tx, await tx.update(sessions).set({ revokedAt: this.clock.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))).returning({ id: sessions.id }));
  }

  async revokeAll(tx: Executor, userId: number): Promise<void> {
    await this.ended(tx, await tx.update(sessions).set({ revokedAt: this.clock.now() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))).returning({ id: sessions.id }));
  }

  private async ended(tx: Executor, rows: Array<{ id: number }>): Promise<void> {
    if (!rows.length) return;
    for (const listener of this.onEnded) await listener(tx, rows.map((r) => r.id));
  }

  /** The live sessions of one user (never anyone else's), the one making the request first, then by last use. */
  async list(userId: number, currentSessionId: number): Promise<ActiveSession[]> {
    const rows = await this.db.select().from(sessions).where(this.liveOf(userId)).orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
    const list = rows.map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent ?? ""),
      user_agent: row.userAgent ?? "",
      ip: row.ip ?? "",
      created_at: toSeconds(row.createdAt),
      last_seen_at: toSeconds(row.lastSeenAt),
      current: row.id === currentSessionId,
    }));
    return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
  }

  /** Ends one of the user's live sessions; another user's session, or one already over, is SESSION_NOT_FOUND. */
  async end(tx: Executor, userId: number, sessionId: number): Promise<void> {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.id, sessionId), this.liveOf(userId)))
      .returning({ id: sessions.id });
    if (!ended.length) throw new DomainError("SESSION_NOT_FOUND", "id");
    await this.ended(tx, ended);
  }

  /** Ends every live session of the user except `keepSessionId`; returns how many ended. */
  async endOthers(tx: Executor, userId: number, keepSessionId: number): Promise<number> {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(this.liveOf(userId), ne(sessions.id, keepSessionId)))
      .returning({ id: sessions.id });
    await this.ended(tx, ended);
    return ended.length;
  }

  /** Whether the user ever had a session with this user agent (a sign-in from anything else is a new device). */
  async knownDevice(tx: Executor, userId: number, userAgent: string): Promise<boolean> {
    const rows = await tx.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, userId), eq(sessions.userAgent, userAgent))).limit(1);
    return rows.length > 0;
  }

  /** How many sessions of the user are neither revoked nor past their lifetime (the Users desk's figure). */
  async unexpiredCount(userId: number): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, this.clock.now())));
    return n;
  }

  /** Of these sessions, the ones still live now (others may keep what belongs to a live session only). */
  async liveIds(ids: readonly number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db.select({ id: sessions.id }).from(sessions).where(and(inArray(sessions.id, [...ids]), this.live()));
    return new Set(rows.map((r) => r.id));
  }

  /** Sessions of the user that still open the app: not revoked, not past either lifetime. */
  private liveOf(userId: number) {
    return and(eq(sessions.userId, userId), this.live());
  }

  /** A session that still opens the app: not revoked, not past either lifetime (the one rule, as `authenticate`). */
  private live(): SQL {
    const now = this.clock.now();
    return and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - this.idleMs)))!;
  }
}
