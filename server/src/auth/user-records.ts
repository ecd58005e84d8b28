import { and, count, desc, eq, inArray, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Executor, Tx } from "../platform/db";
import { users, type UserRow } from "./auth.schema";

/** Changing a credential locks withdrawals this long (a published rule: 24 hours). */
export const WITHDRAW_LOCK_MS = 24 * 3_600_000;

/**
 * What other domains may do with a user's record: the `users` table stays auth's own, and these read and write it for
 * them (ARCHITECTURE.md, "Server domains and their doors"). Each write takes the caller's transaction, so a change of
 * the account commits or rolls back with the caller's own rows (a KYC decision, an operator's freeze, a new password).
 */

const lower = (column: SQLWrapper) => sql`lower(${column})`;

/** `%` and `_` typed by an operator are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The user's credentials and the withdrawal lock that follows a change of them (the account domain's settings). */
export type CredentialChange = Partial<Pick<UserRow, "passwordHash" | "tradePasswordHash" | "googleSecret" | "googlePendingSecret" | "email" | "withdrawLockedUntil">>;
/** An operator's levers on an account (the Users desk): frozen, the lock, the failed-login count a lock ends with. */
export type StandingChange = Partial<Pick<UserRow, "frozen" | "lockedUntil" | "failedLogins">>;

/** The user with this id, or null. */
async function find(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The user with this id under its row lock (null when none): one user's changes queue on it. */
async function lock(tx: Tx, id: number): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return row ?? null;
}

/** The user whose account name or e-mail is `login` (either case), or null. */
async function findByLogin(db: Executor, login: string): Promise<UserRow | null> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(lower(users.account), value), eq(lower(users.email), value)))
    .limit(1);
  return row ?? null;
}

/** What a notice to each of these users is written with: their language and their anti-phishing code. */
function noticeProfiles(db: Executor, ids: number[]): Promise<Array<{ id: number; lang: string; antiPhishingCode: string | null }>> {
  return db.select({ id: users.id, lang: users.lang, antiPhishingCode: users.antiPhishingCode }).from(users).where(inArray(users.id, ids));
}

/** Users whose id is `q` (digits) or whose account or e-mail holds it, newest first; with the count of all matches. */
async function search(db: Executor, query: { q: string; page: number; limit: number }): Promise<{ rows: UserRow[]; total: number }> {
  let where: SQL | undefined;
  if (query.q) {
    const text = or(sql`${lower(users.account)} LIKE ${likePattern(query.q)}`, sql`${lower(users.email)} LIKE ${likePattern(query.q)}`);
    where = /^\d{1,15}$/.test(query.q) ? or(eq(users.id, Number(query.q)), text) : text;
  }
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total };
}

/** Whether another user than `exceptUserId` has this e-mail (either case). */
async function emailTaken(db: Executor, email: string, exceptUserId: number): Promise<boolean> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(lower(users.email), email.toLowerCase()), ne(users.id, exceptUserId)));
  return taken.length > 0;
}

/** The KYC review status on the account (0 none, 1 pending, 2 passed, 3 rejected): the KYC domain's steps. */
async function setReviewStatus(tx: Executor, id: number, status: UserRow["reviewStatus"]): Promise<void> {
  await tx.update(users).set({ reviewStatus: status }).where(eq(users.id, id));
}

/** A change of the user's own credentials (passwords, authenticator, e-mail) and the withdrawal lock with it. */
async function setCredentials(tx: Executor, id: number, change: CredentialChange): Promise<void> {
  await tx.update(users).set(change).where(eq(users.id, id));
}

/** An operator's change of the account's standing; the row as it is now. */
async function setStanding(tx: Tx, id: number, change: StandingChange): Promise<UserRow> {
  const [row] = await tx.update(users).set(change).where(eq(users.id, id)).returning();
  return row;
}

export const userRecords = { find, lock, findByLogin, noticeProfiles, search, emailTaken, setReviewStatus, setCredentials, setStanding };

/**
 * A select expression: the account name of the user whose id is in `userId`, e.g.
 * `account: userAccountOf(deposits.userId)` (every user row a domain keeps points at an existing user). The query is
 * nested once more because drizzle writes the columns of a single-table select's expressions unqualified, and
 * `"user_id"` inside the sub-select must not be read as a column of `users`; nested, every column keeps its table.
 */
export function userAccountOf(userId: SQLWrapper): SQL<string> {
  return sql<string>`${sql`(select ${users.account} from ${users} where ${users.id} = ${userId})`}`;
}

/**
 * The users' directory for a domain's own SQL: `FROM ${userDirectory} u` reads id, account, inviter_id, review_status
 * and created_at, never a secret, and nothing can be written through it. PostgreSQL inlines it, so a query joined with
 * it plans as the same query on the table would.
 */
export const userDirectory: SQL = sql`(SELECT id, account, inviter_id, review_status, created_at FROM users)`;
