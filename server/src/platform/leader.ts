import type { FastifyBaseLogger } from "fastify";
import type { Connection, Database } from "./db";

/**
 * Leader election: only one process runs the feed (and, later, the other engines). The leader holds a PostgreSQL
 * advisory lock on a connection of its own; the lock lives exactly as long as that session, so when the leader
 * dies (or its connection does), the lock is released and the next process that tries takes over. Every process
 * keeps trying every `retryMs` (500 ms: a takeover waits at most that long for the lock once the leader's session
 * is gone); the leader checks its connection at the same pace and steps down when it is lost.
 * PGlite is one process per data folder: that process simply leads.
 */

/** An arbitrary constant, distinct from the migration lock. */
export const FEED_LOCK = 7_245_100;

/** What the leader runs; the returned function stops it. */
export type LeaderWork = () => Promise<() => Promise<void>>;

/**
 * Proof of leadership for a write: the database session that holds the lock. A write made with it checks, in the
 * same statement, that this session still holds the lock (a fence): a leader cut off from the database cannot
 * write after another process took over, even before it notices.
 */
export interface Fence {
  key: number;
  pid: number;
}

/** SQL answering `ok`: whether the fence's session (its key and pid at the numbered parameters) still holds the lock. */
export const fenceHolds = (keyParam: number, pidParam: number): string =>
  `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = $${keyParam} AND objsubid = 1 AND pid = $${pidParam} AND granted) AS ok`;

export class Leadership {
  private leading = false;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private connection: Connection | null = null;
  private backendPid: number | null = null;
  private stopWork: (() => Promise<void>) | null = null;
  /** When this process became leader (ms), or null. */
  since: number | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { key?: number; retryMs?: number } = {},
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /** The fence for the leader's writes (null on PGlite, where there is nothing to fence against, or when not leading). */
  fence(): Fence | null {
    return this.leading && this.backendPid !== null ? { key: this.options.key ?? FEED_LOCK, pid: this.backendPid } : null;
  }

  /** Starts trying to lead; `work` runs while this process leads. */
  start(work: LeaderWork): void {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      this.running = this.attempt(work).catch((error: unknown) => this.log.error({ err: error }, "leadership attempt failed"));
      await this.running;
      if (!this.stopped) {
        this.timer = setTimeout(() => void loop(), this.options.retryMs ?? 500);
        this.timer.unref?.();
      }
    };
    void loop();
  }

  private async attempt(work: LeaderWork): Promise<void> {
    if (this.leading) {
      // Still ours? A failed check means the session (and with it the lock) is gone.
      try {
        await this.connection?.query("SELECT 1");
        return;
      } catch (error) {
        this.log.warn({ err: error }, "market: lost the leader connection, stepping down");
        await this.stepDown();
      }
    }
    if (this.database.kind === "pglite") {
      await this.becomeLeader(work);
      return;
    }
    const connection = await this.database.dedicated();
    let locked = false;
    try {
      const [row] = await connection.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [this.options.key ?? FEED_LOCK]);
      locked = row?.ok === true;
    } finally {
      if (!locked) connection.release();
    }
    if (!locked || this.stopped) {
      if (locked) {
        await connection.query("SELECT pg_advisory_unlock($1)", [this.options.key ?? FEED_LOCK]).catch(() => undefined);
        connection.release();
      }
      return;
    }
    this.connection = connection;
    const [pidRow] = await connection.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    this.backendPid = pidRow.pid;
    await this.becomeLeader(work);
  }

  private async becomeLeader(work: LeaderWork): Promise<void> {
    this.leading = true;
    this.since = Date.now();
    this.log.info({ pid: process.pid }, "market: this process leads the feed");
    try {
      this.stopWork = await work();
    } catch (error) {
      this.log.error({ err: error }, "market: the feed failed to start, stepping down");
      await this.stepDown();
    }
  }

  private async stepDown(): Promise<void> {
    const stop = this.stopWork;
    this.stopWork = null;
    // The work's last writes still carry the fence: after a lost session they are refused, as they must be.
    if (stop) await stop().catch((error: unknown) => this.log.error({ err: error }, "market: stopping the feed failed"));
    this.leading = false;
    this.since = null;
    const connection = this.connection;
    this.connection = null;
    this.backendPid = null;
    if (connection) {
      await connection.query("SELECT pg_advisory_unlock($1)", [this.options.key ?? FEED_LOCK]).catch(() => undefined);
      connection.release();
    }
  }

  /** Stops the work and releases the lock (graceful shutdown: another process takes over at once). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.stepDown();
  }
}
