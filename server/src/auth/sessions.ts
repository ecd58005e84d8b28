import { and, count, desc, eq, gt, inArray, isNull, ne, type SQL } from "drizzle-orm";
import type { ActiveSession } from "../../contract/security";
import { toSeconds, type Clock } from "../platform/clock";
import { randomToken, sha256Hex } from "../platform/crypto";
import type { Bus } from "../platform/bus";
import type { Db, Executor, Tx } from "../platform/db";
import { DomainError } from "../platform/errors";
import { noEvents, type Events } from "../platform/events";
import type { SessionUser } from "../platform/http";
import { sessions, users } from "./auth.schema";
import { describeUserAgent } from "./user-agent";
import { asLanguage } from "./user-info";

/** What `authenticate` remembers of a session it read: the user, and the lifetimes it checks again on each use. */
interface Remembered {
  user: SessionUser;
  /** Monotonic ms (performance.now) of the read. */
  readAt: number;
  expiresAtMs: number;
  lastSeenAtMs: number;
}

/** Sessions that ended (by id), or a user whose sessions carry something that changed (language). */
export interface ForgetMessage {
  sessionIds?: number[];
  userId?: number;
}

const FORGET_TOPIC = "auth:sessions:forget";

/**
 * Opaque session tokens. The client holds the token; the server keeps only its SHA-256, so every session can be
 * revoked (logout, password change, freeze) and a leaked table yields no usable token.
 */
export class SessionService {
  /** Sessions checked lately, by token hash (see `authenticate`), and the session ids naming them. */
  private readonly remembered = new Map<string, Remembered>();
  private readonly hashOf = new Map<number, string>();
  /** Sessions ended lately (id -> when, monotonic ms): never remembered, whatever a read racing the end found. */
  private readonly endedLately = new Map<number, number>();
  private readonly rememberMs: number;
  private readonly bus: Bus | undefined;
  private readonly events: Events;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The absolute lifetime (SESSION_TTL_DAYS): a session ends then however much it is used. */
    private readonly ttlDays: number,
    /** The idle lifetime (SESSION_IDLE_HOURS): a session unused this long is over. */
    private readonly idleMs = 72 * 3_600_000,
    /**
     * SESSION_REMEMBER_MS, the bus that tells every process of an ended session or a changed user, and the domain
     * events that carry `sessions.ended` after the ending transaction commits.
     */
    options: { rememberMs?: number; bus?: Bus; events?: Events } = {},
  ) {
    this.rememberMs = options.rememberMs ?? 0;
    this.bus = options.bus;
    this.events = options.events ?? noEvents;
    this.bus?.subscribe(FORGET_TOPIC, (message) => {
      const { sessionIds = [], userId } = message as ForgetMessage;
      this.forgetHere(sessionIds, userId);
    });
  }

  async create(tx: Executor, userId: number, meta: { ip: string; userAgent: string }): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.ttlDays * 86_400_000);
    await tx.insert(sessions).values({ userId, tokenHash: sha256Hex(token), expiresAt, lastSeenAt: now, ip: meta.ip, userAgent: meta.userAgent });
    return token;
  }

  /**
   * The route helper's authenticator: the user behind a live token, or null. A frozen user is logged out.
   * A session read lately (SESSION_REMEMBER_MS) is taken as it was read, within its lifetimes: the one query every
   * request made (a fifth of the server's CPU per order placement, mostly the socket write). Logout, ending sessions,
   * freezing and a language change forget it at once in every process (`forget`), and a session ended while a read
   * raced the end is never remembered.
   */
  authenticate = async (token: string): Promise<SessionUser | null> => {
    if (token.length > 128) return null;
    const now = this.clock.now();
    const hash = sha256Hex(token);
    const known = this.remembered.get(hash);
    if (known && performance.now() - known.readAt < this.rememberMs && now.getTime() < known.expiresAtMs && now.getTime() - known.lastSeenAtMs < this.idleMs) {
      return known.user;
    }
    const readAt = performance.now();
    const rows = await this.db
      .select({ sessionId: sessions.id, userId: users.id, frozen: users.frozen, lang: users.lang, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - this.idleMs)),
        ),
      );
    if (!rows.length) return null;
    const row = rows[0];
    // Sliding idle expiry, written at most once a minute per session.
    let lastSeenAt = row.lastSeenAt;
    if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
      lastSeenAt = now;
    }
    if (row.frozen) throw new DomainError("ACCOUNT_FROZEN", undefined, true);
    const user = { id: row.userId, sessionId: row.sessionId, lang: asLanguage(row.lang) };
    this.remember(hash, { user, readAt, expiresAtMs: row.expiresAt.getTime(), lastSeenAtMs: lastSeenAt.getTime() });
    return user;
  };

  private remember(hash: string, entry: Remembered): void {
    if (this.rememberMs <= 0) return;
    const ended = this.endedLately.get(entry.user.sessionId);
    if (ended !== undefined && entry.readAt - ended < this.rememberMs * 2) return;
    // A bound on memory: at most this many live entries, all dropped at once (they are read again on next use).
    if (this.remembered.size >= 100_000) {
      this.remembered.clear();
      this.hashOf.clear();
    }
    this.remembered.set(hash, entry);
    this.hashOf.set(entry.user.sessionId, hash);
  }

  /**
   * Hears of every session that ends (logout, password change, freeze, ended from the security centre), on whichever
   * process it ended, through the bus: the sockets of those sessions stop at once. Returns the unsubscribe function.
   */
  onEndedAnywhere(listener: (sessionIds: readonly number[]) => void): () => void {
    if (!this.bus) return () => undefined;
    return this.bus.subscribe(FORGET_TOPIC, (message) => {
      const { sessionIds } = message as ForgetMessage;
      if (sessionIds?.length) listener(sessionIds);
    });
  }

  /** Forgets remembered sessions (by id) or everything remembered of a user, in every process. */
  forget(change: ForgetMessage): void {
    this.forgetHere(change.sessionIds ?? [], change.userId);
    this.bus?.publish(FORGET_TOPIC, change);
  }

  private forgetHere(sessionIds: readonly number[], userId: number | undefined): void {
    const at = performance.now();
    for (const [id, when] of this.endedLately) if (at - when > this.rememberMs * 2) this.endedLately.delete(id);
    for (const id of sessionIds) {
      this.endedLately.set(id, at);
      const hash = this.hashOf.get(id);
      if (hash !== undefined) this.remembered.delete(hash);
      this.hashOf.delete(id);
    }
    if (userId !== undefined) {
      for (const [hash, entry] of this.remembered) {
        if (entry.user.id !== userId) continue;
        this.remembered.delete(hash);
        this.hashOf.delete(entry.user.sessionId);
      }
    }
  }

  async revoke(tx: Tx, sessionId: number): Promise<void> {
    this.ended(tx, await tx.update(sessions).set({ revokedAt: this.clock.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))).returning({ id: sessions.id }));
  }

  async revokeAll(tx: Tx, userId: number): Promise<void> {
    this.ended(tx, await tx.update(sessions).set({ revokedAt: this.clock.now() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))).returning({ id: sessions.id }));
  }

  private ended(tx: Tx, rows: Array<{ id: number }>): void {
    if (!rows.length) return;
    const sessionIds = rows.map((r) => r.id);
    this.forget({ sessionIds });
    this.events.raise(tx, "sessions.ended", { sessionIds });
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
  async end(tx: Tx, userId: number, sessionId: number): Promise<void> {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.id, sessionId), this.liveOf(userId)))
      .returning({ id: sessions.id });
    if (!ended.length) throw new DomainError("SESSION_NOT_FOUND", "id");
    this.ended(tx, ended);
  }

  /** Ends every live session of the user except `keepSessionId`; returns how many ended. */
  async endOthers(tx: Tx, userId: number, keepSessionId: number): Promise<number> {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(this.liveOf(userId), ne(sessions.id, keepSessionId)))
      .returning({ id: sessions.id });
    this.ended(tx, ended);
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

declare module "../platform/events" {
  interface DomainEvents {
    /**
     * Sessions ended by logout, "log out" from the security centre, a password change or a freeze, once that
     * commits (the push domain drops the devices they subscribed; a push already skips an ended session's device).
     */
    "sessions.ended": { sessionIds: number[] };
  }
}
