import { inArray, lt, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Redis } from "ioredis";
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
 * Checks one secret a request carries through the account's throttle (the auth domain's `guardSecret`): `account` is
 * the user's id (or, for a reset, the address typed), `verify` whether the answer is right; a wrong one throws
 * `refusal()`, an account that has to wait gets 429 with `Retry-After` and its secret is not checked.
 */
export type SecretGuard = (account: number | string, verify: () => Promise<boolean>, refusal: () => DomainError) => Promise<void>;

/** One counter: failures within the window, and when the last one was (ms). */
export interface FailureCount {
  failures: number;
  lastFailedAtMs: number;
}

/**
 * Where the counts live: the database (`login_failures`), or Redis when `REDIS_URL` is set, so every process reads
 * and writes the same counts (a guess spread over processes is counted once) and the database is spared the writes.
 */
export interface ThrottleStore {
  read(keys: string[]): Promise<Map<string, FailureCount>>;
  /** Counts a failure at `nowMs` (a count whose last failure is older than the window starts again at 1); returns the count. */
  fail(key: string, nowMs: number, windowMs: number): Promise<number>;
  clear(keys: string[]): Promise<void>;
}

export function databaseThrottleStore(db: Db): ThrottleStore {
  return {
    async read(keys) {
      const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
      return new Map(rows.map((r) => [r.key, { failures: r.failures, lastFailedAtMs: r.lastFailedAt.getTime() }]));
    },
    async fail(key, nowMs, windowMs) {
      const now = new Date(nowMs);
      const windowStart = new Date(nowMs - windowMs);
      const [row] = await db
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
      // Old counts are forgotten now and then, by whoever fails.
      if (Math.random() < 0.01) await db.delete(loginFailures).where(lt(loginFailures.lastFailedAt, windowStart));
      return row.failures;
    },
    async clear(keys) {
      await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
    },
  };
}

/**
 * The count as a Redis hash (`n`, `at`), changed by one script so parallel failures in several processes never lose
 * one; it expires a window after its last failure. The window is judged by the app's clock (`at`), as in the database.
 */
const FAIL_SCRIPT = `
local at = redis.call('HGET', KEYS[1], 'at')
local n = 1
if at and tonumber(ARGV[1]) - tonumber(at) <= tonumber(ARGV[2]) then n = redis.call('HINCRBY', KEYS[1], 'n', 1) else redis.call('HSET', KEYS[1], 'n', 1) end
redis.call('HSET', KEYS[1], 'at', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return n`;

export function redisThrottleStore(redis: Redis, prefix: string): ThrottleStore {
  const name = (key: string) => `${prefix}throttle:${key}`;
  return {
    async read(keys) {
      const counts = new Map<string, FailureCount>();
      const rows = await Promise.all(keys.map((key) => redis.hmget(name(key), "n", "at")));
      rows.forEach(([n, at], i) => {
        if (n !== null && at !== null) counts.set(keys[i], { failures: Number(n), lastFailedAtMs: Number(at) });
      });
      return counts;
    },
    async fail(key, nowMs, windowMs) {
      return Number(await redis.eval(FAIL_SCRIPT, 1, name(key), String(nowMs), String(windowMs)));
    },
    async clear(keys) {
      if (keys.length) await redis.del(...keys.map(name));
    },
  };
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
    private readonly store: ThrottleStore,
    private readonly clock: Clock,
    private readonly scope: "user" | "operator" | "secret",
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  private keys(account: string, ip: string) {
    const name = account.trim().toLowerCase();
    return { pair: `${this.scope}:pair:${ip}|${name}`, account: `${this.scope}:account:${name}` };
  }

  /**
   * Refuses (TOO_MANY_REQUESTS, with the seconds to wait for `Retry-After`) an attempt that has to wait.
   * `knownAddress` says whether this address signed in to the account before.
   */
  async check(account: string, ip: string, knownAddress: () => Promise<boolean>): Promise<void> {
    const keys = this.keys(account, ip);
    const counts = await this.store.read([keys.pair, keys.account]);
    const now = this.clock.now().getTime();
    /** Milliseconds left to wait on a counter (0: none). */
    const waitMs = (key: string, free: number) => {
      const count = counts.get(key);
      if (!count || now - count.lastFailedAtMs > this.policy.windowMs) return 0;
      return Math.max(0, count.lastFailedAtMs + delayAfter(count.failures, free, this.policy) - now);
    };
    const refuse = (ms: number) => new DomainError("TOO_MANY_REQUESTS").retryAfter(Math.ceil(ms / 1000));
    const pair = waitMs(keys.pair, this.policy.pairFree);
    if (pair > 0) throw refuse(pair);
    const spread = waitMs(keys.account, this.policy.accountFree);
    if (spread > 0 && !(await knownAddress())) throw refuse(spread);
  }

  /** Counts a failure; returns how many failures the account has had (every address) within the window. */
  async fail(account: string, ip: string): Promise<number> {
    const keys = this.keys(account, ip);
    const now = this.clock.now().getTime();
    await this.store.fail(keys.pair, now, this.policy.windowMs);
    return this.store.fail(keys.account, now, this.policy.windowMs);
  }

  /** A right password from this address: its own count starts again (the account's count, kept by others' failures, stays). */
  async succeed(account: string, ip: string): Promise<void> {
    await this.store.clear([this.keys(account, ip).pair]);
  }
}
