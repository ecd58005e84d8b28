import { and, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../platform/clock";
import { randomToken, sha256Hex } from "../platform/crypto";
import type { Db, Executor } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { SessionUser } from "../platform/http";
import { sessions, users } from "./auth.schema";
import { asLanguage } from "./user-info";

/**
 * Opaque session tokens. The client holds the token; the server keeps only its SHA-256, so every session can be
 * revoked (logout, password change, freeze) and a leaked table yields no usable token.
 */
export class SessionService {
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
    await tx.update(sessions).set({ revokedAt: this.clock.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAll(tx: Executor, userId: number): Promise<void> {
    await tx.update(sessions).set({ revokedAt: this.clock.now() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
