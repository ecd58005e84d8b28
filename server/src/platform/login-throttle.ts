import { inArray, lt, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Clock } from "./clock";
import type { Db } from "./db";
import { DomainError } from "./errors";

/** Table of migrations/0009_login_throttle.sql. */
export const loginFailures = pgTable("login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
});

export interface ThrottlePolicy {
  /** Failures from one address on one account before it has to wait. */
  pairFree: number;
  /** Failures on one account, from every address, before addresses it never signed in from have to wait. */
  accountFree: number;
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { pairFree: 5, accountFree: 20, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000, windowMs: 24 * 3_600_000 };

/** How long after the last failure the next attempt has to wait, given the failures so far. */
export function delayAfter(failures: number, free: number, policy: ThrottlePolicy): number {
  if (failures < free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(failures - free, 30), policy.maxDelayMs);
}

/**
 * Throttling of password sign-ins (OWASP ASVS 5.0, V6.3: no account lockout a stranger could trigger). Nothing is ever
 * locked: failed attempts make the next attempt wait, with delays that double. Two counters:
 * - per account AND address: whoever keeps guessing from one address waits longer and longer;
 * - per account, every address together: a distributed guess slows down too, but only for addresses that never
 *   signed in to this account, so the owner on their usual address is never kept out by a stranger.
 * Keys hold the account as typed (normalised): an unknown account is throttled exactly like a real one, and a
 * throttled attempt gets the same answer (429) whether the account exists or not. The password is not checked while
 * an attempt has to wait.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scope: "user" | "operator" | "step-up",
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  private keys(account: string, ip: string) {
    const name = account.trim().toLowerCase();
    return { pair: `${this.scope}:pair:${ip}|${name}`, account: `${this.scope}:account:${name}` };
  }

  /** Refuses (TOO_MANY_REQUESTS) an attempt that has to wait. `knownAddress` says whether this address signed in to the account before. */
  async check(account: string, ip: string, knownAddress: () => Promise<boolean>): Promise<void> {
    const keys = this.keys(account, ip);
    const rows = await this.db.select().from(loginFailures).where(inArray(loginFailures.key, [keys.pair, keys.account]));
    const now = this.clock.now().getTime();
    const waiting = (key: string, free: number) => {
      const row = rows.find((r) => r.key === key);
      if (!row || now - row.lastFailedAt.getTime() > this.policy.windowMs) return false;
      return now < row.lastFailedAt.getTime() + delayAfter(row.failures, free, this.policy);
    };
    if (waiting(keys.pair, this.policy.pairFree)) throw new DomainError("TOO_MANY_REQUESTS");
    if (waiting(keys.account, this.policy.accountFree) && !(await knownAddress())) throw new DomainError("TOO_MANY_REQUESTS");
  }

  /** Counts a failure; returns how many failures the account has had (every address) within the window. */
  async fail(account: string, ip: string): Promise<number> {
    const keys = this.keys(account, ip);
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - this.policy.windowMs);
    let accountFailures = 0;
    for (const key of [keys.pair, keys.account]) {
      const [row] = await this.db
        .insert(loginFailures)
        .values({ key, failures: 1, lastFailedAt: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            failures: sql`CASE WHEN ${loginFailures.lastFailedAt} < ${windowStart.toISOString()}::timestamptz THEN 1 ELSE ${loginFailures.failures} + 1 END`,
            lastFailedAt: now,
          },
        })
        .returning({ failures: loginFailures.failures });
      if (key === keys.account) accountFailures = row.failures;
    }
    // Old counts are forgotten now and then, by whoever fails.
    if (Math.random() < 0.01) await this.db.delete(loginFailures).where(lt(loginFailures.lastFailedAt, windowStart));
    return accountFailures;
  }

  /** A right password from this address: its own count starts again (the account's count, kept by others' failures, stays). */
  async succeed(account: string, ip: string): Promise<void> {
    await this.db.delete(loginFailures).where(inArray(loginFailures.key, [this.keys(account, ip).pair]));
  }
}
