import { and, desc, eq, or, sql } from "drizzle-orm";
import type { AccountState, UserRow as UserListRow } from "../../contract/user-admin";
import { isLocked, isOperatorLock, OPERATOR_LOCK_UNTIL, type PasskeyService, type SessionService, type StandingChange, userAccountOf, type UserRow, userRecords } from "../auth";
import { operatorNameOf } from "../backoffice";
import type { KycService } from "../kyc";
import { ledger, ledgerReads, money } from "../ledger";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { DomainError } from "../platform/errors";
import { answerOnce } from "../platform/idempotency";
import type { OperatorSession } from "../platform/http";
import { auditLog } from "../platform/platform.schema";
import { decimalsOf, loadWalletConfig } from "../wallet";

/** How many lines of the account's history the detail shows. */
const HISTORY_LINES = 30;

/**
 * The back office's Users desk: search, the whole picture of one user, and the operator's levers on an account.
 * Freezing ends every session and refuses logins (ACCOUNT_FROZEN) until unfrozen; locking ends every session and
 * refuses logins (USER_LOCKED) until unlocked (the lock is `users.locked_until` set to the far future, so the
 * login check that already honours lockouts honours it too). A manual adjustment goes through `ledger.adjust`,
 * which posts it with its reason (the user sees it in their finance records) and audits it. Every action is
 * written to the audit log with the operator's id and name.
 */
export class UserAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessions: SessionService,
    private readonly kyc: KycService,
    private readonly passkeys: PasskeyService,
  ) {}

  private async user(db: Executor, userId: number): Promise<UserRow> {
    const row = await userRecords.find(db, userId);
    if (!row) throw new DomainError("USER_NOT_FOUND");
    return row;
  }

  private stateOf(row: UserRow): AccountState {
    const now = this.clock.now();
    const locked = isLocked(row, now);
    return {
      frozen: row.frozen,
      locked,
      locked_until: locked && row.lockedUntil ? toSeconds(row.lockedUntil) : null,
      locked_by_operator: locked && isOperatorLock(row.lockedUntil),
    };
  }

  async search(query: { q?: string; page: number; limit: number }): Promise<{ list: UserListRow[]; total: number }> {
    const { rows, total } = await userRecords.search(this.db, { q: query.q?.trim() ?? "", page: query.page, limit: query.limit });
    const now = this.clock.now();
    return {
      total,
      list: rows.map((r) => ({
        id: r.id,
        account: r.account,
        email: r.email,
        review_status: r.reviewStatus,
        frozen: r.frozen,
        locked: isLocked(r, now),
        created_at: toSeconds(r.createdAt),
      })),
    };
  }

  async detail(userId: number) {
    const row = await this.user(this.db, userId);
    const now = this.clock.now();
    const invitedBy = row.inviterId ? await userRecords.find(this.db, row.inviterId) : null;
    const live = await this.sessions.unexpiredCount(userId);
    const history = await this.db
      .select({ entry: auditLog, operatorName: sql<string | null>`case when ${auditLog.actorKind} = 'operator' then ${operatorNameOf(auditLog.actorId)} end`, userAccount: sql<string | null>`case when ${auditLog.actorKind} = 'user' then ${userAccountOf(auditLog.actorId)} end` })
      .from(auditLog)
      .where(or(and(eq(auditLog.targetKind, "user"), eq(auditLog.targetId, String(userId))), and(eq(auditLog.actorKind, "user"), eq(auditLog.actorId, userId))))
      .orderBy(desc(auditLog.id))
      .limit(HISTORY_LINES);
    return {
      profile: {
        id: row.id,
        account: row.account,
        email: row.email,
        invite_code: row.inviteCode,
        inviter_id: row.inviterId,
        inviter_account: invitedBy?.account ?? null,
        wallet_address: row.walletAddress,
        lang: row.lang,
        review_status: row.reviewStatus,
        has_trade_password: row.tradePasswordHash !== null,
        google_bound: row.googleSecret !== null,
        withdraw_locked_until: row.withdrawLockedUntil && row.withdrawLockedUntil > now ? toSeconds(row.withdrawLockedUntil) : null,
        created_at: toSeconds(row.createdAt),
        active_sessions: live,
        passkeys: await this.passkeys.count(userId),
      },
      state: this.stateOf(row),
      kyc: await this.kyc.latestSubmission(userId),
      wallets: await ledgerReads.balances(this.db, userId),
      actions: history.map(({ entry, operatorName, userAccount }) => ({
        id: entry.id,
        action: entry.action,
        actor_kind: entry.actorKind,
        actor_name: operatorName ?? userAccount ?? null,
        detail: entry.detail,
        created_at: toSeconds(entry.createdAt),
      })),
    };
  }

  ledger(query: { user_id: number; page: number; limit: number; currency?: string }) {
    return ledgerReads.entries(this.db, query.user_id, query);
  }

  /**
   * Changes the account's state under its row lock; a change that changes nothing is not audited twice. Freezing
   * and locking end every session of the user in the same transaction.
   */
  private async change(
    operator: OperatorSession,
    userId: number,
    action: "user.freeze" | "user.unfreeze" | "user.lock" | "user.unlock",
    reason: string | undefined,
  ): Promise<AccountState> {
    return this.db.transaction(async (tx) => {
      const row = await userRecords.lock(tx, userId);
      if (!row) throw new DomainError("USER_NOT_FOUND");
      const now = this.clock.now();
      const set: StandingChange =
        action === "user.freeze"
          ? { frozen: true }
          : action === "user.unfreeze"
            ? { frozen: false }
            : action === "user.lock"
              ? { lockedUntil: OPERATOR_LOCK_UNTIL }
              : { lockedUntil: null, failedLogins: 0 };
      const changed =
        action === "user.freeze" ? !row.frozen : action === "user.unfreeze" ? row.frozen : action === "user.lock" ? !isOperatorLock(row.lockedUntil) : isLocked(row, now);
      if (!changed) return this.stateOf(row);
      const updated = await userRecords.setStanding(tx, userId, set);
      if (action === "user.freeze" || action === "user.lock") await this.sessions.revokeAll(tx, userId);
      await audit(tx, {
        actorKind: "operator",
        actorId: operator.id,
        action,
        targetKind: "user",
        targetId: userId,
        detail: { operator: operator.name, ...(reason ? { reason } : {}) },
      });
      return this.stateOf(updated);
    });
  }

  freeze = (operator: OperatorSession, userId: number, reason?: string) => this.change(operator, userId, "user.freeze", reason);
  unfreeze = (operator: OperatorSession, userId: number, reason?: string) => this.change(operator, userId, "user.unfreeze", reason);
  lock = (operator: OperatorSession, userId: number, reason?: string) => this.change(operator, userId, "user.lock", reason);
  unlock = (operator: OperatorSession, userId: number, reason?: string) => this.change(operator, userId, "user.unlock", reason);

  /**
   * A manual adjustment of the user's available balance. The currency must have wallets and the amount fit its
   * decimals; the ledger refuses a debit below zero and writes the audit line. The same key (one per form) adjusts
   * once: a double click or a retry answers the first entry with `duplicate: true`. The key is bound to its request
   * (the operator's keys, as their decisions): the same key for another user, currency, amount or reason is
   * IDEMPOTENCY_CONFLICT, never "duplicate" of an adjustment it does not describe.
   */
  async adjust(operator: OperatorSession, input: { user_id: number; currency: string; amount: string; reason: string; idempotency_key: string }) {
    const config = await loadWalletConfig(this.db);
    const decimals = decimalsOf(config, input.currency);
    if (decimals === null) throw new DomainError("CURRENCY_NOT_FOUND", "currency");
    const amount = money(input.amount);
    if (amount.decimalPlaces() > decimals) throw new DomainError("AMOUNT_ERROR", "amount");
    await this.user(this.db, input.user_id);
    const request = { user_id: input.user_id, currency: input.currency, amount: amount.toString(), reason: input.reason };
    const { response, replayed } = await answerOnce(
      this.db,
      { userId: operator.id, owner: "operator", key: input.idempotency_key, scope: "backoffice/users/adjust", body: request },
      async (tx) => {
        const posted = await ledger.adjust(tx, {
          userId: input.user_id,
          currency: input.currency,
          amount: input.amount,
          reason: input.reason,
          operatorId: operator.id,
          key: input.idempotency_key,
          at: this.clock.now(),
        });
        // The ledger's key is every operator's: another operator's adjustment under this key is not this request.
        if (posted.duplicate) throw new DomainError("IDEMPOTENCY_CONFLICT");
        return { entry_id: posted.entryId };
      },
    );
    return { entry_id: response.entry_id, duplicate: replayed, wallets: await ledgerReads.balances(this.db, input.user_id) };
  }
}
