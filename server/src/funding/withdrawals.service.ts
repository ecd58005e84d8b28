import { notifications } from "../../contract/messages";
import { PUSH_SCREENS } from "../../contract/push-kinds";
import { silentNotifier, type UserNotifier } from "../platform/notify";
import { and, asc, count, min, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { PendingQueue } from "../platform/metrics";
import type { FundingStatus, WithdrawalItem } from "../../contract/funding";
import { errors } from "../../contract/messages";
import { REVIEW } from "../../contract";
import { userAccountOf, userRecords, verifyPassword } from "../auth";
import type { SecretGuard } from "../platform/login-throttle";
import { usableAt } from "./addresses.service";
import { isUniqueViolation } from "../platform/db-errors";
import { operatorNameOf } from "../backoffice";
import { ledger, ledgerReads, toWire, transfers } from "../ledger";
import { noEvents, type Events } from "../platform/events";
import { audit } from "../platform/audit";
import type { Clock } from "../platform/clock";
import { toSeconds, utcDateTime } from "../platform/clock";
import type { Db, Tx } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { idempotent, operatorDecision } from "../platform/idempotency";
import { decimalsOf, loadWalletConfig } from "../wallet";
import { loadFundingConfig } from "./funding.config";
import { checkAmount, quoteWithdrawal } from "./funding.engine";
import { withdrawAddresses, withdrawals, type WithdrawalRow } from "./funding.schema";
import type { WithdrawalGuards } from "./withdrawal-guards";
import { amountValue } from "../platform/i18n";

const OPEN: FundingStatus[] = ["pending", "review"];

export interface WithdrawInput {
  currency: string;
  amount: string;
  address_id: number;
  trade_password: string;
  idempotency_key?: string;
}

function toItem(row: WithdrawalRow): WithdrawalItem {
  return {
    id: row.id,
    currency: row.currency,
    network: row.network,
    amount: toWire(row.amount),
    fee: toWire(row.fee),
    receive: toWire(row.receive),
    address: row.address,
    status: row.status,
    tx_hash: row.txHash,
    created_at: toSeconds(row.createdAt),
    reviewed_at: row.reviewedAt ? toSeconds(row.reviewedAt) : null,
    reason: row.reason,
  };
}

/**
 * Withdrawals: every published rule and nothing else. The amount is held (frozen) by
 * the ledger at request; the operator pays it out (settle: receive to withdrawals out, fee to fees) or refuses it
 * (release: back to available).
 */
export interface WithdrawalRules {
  /** The account's one throttle of secrets (the trading password is one): `AuthService.guardSecret`. */
  guardSecret: SecretGuard;
  /** `ADDRESS_COOLING_HOURS`: a new address receives nothing before this many hours. */
  coolingHours: number;
}

export class WithdrawalService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly guards: WithdrawalGuards,
    private readonly rules: WithdrawalRules,
    private readonly notifier: UserNotifier = silentNotifier,
    private readonly events: Events = noEvents,
  ) {}

  /** An operator's decision, announced (`funding.decided`) once committed. */
  private async decide(
    operator: OperatorSession,
    route: string,
    key: string | undefined,
    request: Record<string, unknown>,
    work: (tx: Tx) => Promise<WithdrawalRow>,
  ): Promise<{ id: number; status: FundingStatus }> {
    return operatorDecision(this.db, operator, route, key, request, async (tx) => {
      const row = await work(tx);
      this.events.raise(tx, "funding.decided", { userId: row.userId, change: { kind: "withdrawal", id: row.id, status: row.status } });
      return { id: row.id, status: row.status };
    });
  }

  async info(userId: number, currency: string) {
    const config = await loadFundingConfig(this.db);
    if (currency !== config.withdraw.currency) throw new DomainError("CURRENCY_TYPE_WRONG");
    const wallets = await ledgerReads.balances(this.db, userId);
    const open = await this.db.select({ id: withdrawals.id }).from(withdrawals).where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, OPEN)));
    const decimals = decimalsOf(await loadWalletConfig(this.db), currency) ?? 6;
    const blocked = await this.guards.refusal(this.db, userId);
    return {
      currency,
      min: config.withdraw.min,
      fee: config.withdraw.fee,
      available: wallets.find((w) => w.currency === currency)?.available ?? "0",
      pending: open.length > 0,
      networks: config.withdraw.networks,
      decimals,
      blocked: blocked ? errors[blocked].key : null,
    };
  }

  /** Withdrawals still open for an operator's decision (the back office's overview). */
  async pendingCount(): Promise<number> {
    return (await this.pendingQueue()).count;
  }

  /** The review queue: how many wait, and since when the oldest (metrics). */
  async pendingQueue(): Promise<PendingQueue> {
    const [row] = await this.db.select({ count: count(), oldest: min(withdrawals.createdAt) }).from(withdrawals).where(inArray(withdrawals.status, OPEN));
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  }

  /**
   * Checks, in order: currency, amount and minimum, KYC passed, trading password set, the trading password (through
   * the account's throttle, before anything else about the account is told, so every wrong guess counts and waits),
   * the 24-hour lock after a credential change, the address in the user's book and its cooling period, the other
   * domains' guards (open leveraged position), one pending request; then, in one transaction, the request and its
   * hold (balance).
   */
  async request(userId: number, input: WithdrawInput): Promise<{ id: number; status: FundingStatus; fee: string; receive: string }> {
    const { trade_password: password, idempotency_key: key, ...body } = input;
    let planned: { fee: string; receive: string; amount: string; network: string; address: string } | null = null;
    const check = async () => {
      const config = await loadFundingConfig(this.db);
      if (input.currency !== config.withdraw.currency) throw new DomainError("CURRENCY_TYPE_WRONG");
      const decimals = decimalsOf(await loadWalletConfig(this.db), input.currency) ?? 6;
      const amount = checkAmount(input.amount, decimals);
      if (!amount.ok) throw new DomainError(amount.error, { amount: errors[amount.error].key });
      const quote = quoteWithdrawal(amount.value, config.withdraw);
      if (!quote.ok) throw new DomainError(quote.error, { amount: errors[quote.error].key });

      const user = await userRecords.find(this.db, userId);
      if (!user) throw new DomainError("USER_NOT_FOUND");
      if (user.reviewStatus !== REVIEW.PASSED) throw new DomainError("REAL_NAME_REQUIRED");
      const tradeHash = user.tradePasswordHash;
      if (!tradeHash) throw new DomainError("TRADE_PASSWORD_REQUIRED");
      await this.rules.guardSecret(userId, () => verifyPassword(tradeHash, password), () => new DomainError("TRADE_PASSWORD_WRONG", "trade_password"));
      const now = this.clock.now();
      if (user.withdrawLockedUntil && user.withdrawLockedUntil > now) throw new DomainError("WITHDRAW_LOCKED");
      const [address] = await this.db
        .select()
        .from(withdrawAddresses)
        .where(and(eq(withdrawAddresses.id, input.address_id), eq(withdrawAddresses.userId, userId), eq(withdrawAddresses.currency, input.currency)));
      if (!address) throw new DomainError("ADDRESS_REQUIRED", "address_id");
      const usable = usableAt(address.createdAt, this.rules.coolingHours);
      // 0 turns the wait off altogether (whatever clock wrote the address's time).
      if (this.rules.coolingHours > 0 && usable > now) throw new DomainError("ADDRESS_COOLING", "address_id").withValues({ time: utcDateTime(usable) });
      const refusal = await this.guards.refusal(this.db, userId);
      if (refusal) throw new DomainError(refusal);
      const open = await this.db.select({ id: withdrawals.id }).from(withdrawals).where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, OPEN)));
      if (open.length) throw new DomainError("WITHDRAW_PENDING");
      planned = { amount: toWire(amount.value), fee: toWire(quote.value.fee), receive: toWire(quote.value.receive), network: address.network, address: address.address };
    };

    return idempotent(
      this.db,
      { userId, key, scope: "wallet/out", body },
      async (tx) => {
        const plan = planned!;
        const now = this.clock.now();
        let id: number;
        try {
          // The partial unique index holds "one pending request" against a burst of parallel requests.
          const [row] = await tx
            .insert(withdrawals)
            .values({ userId, currency: input.currency, network: plan.network, address: plan.address, addressId: input.address_id, amount: plan.amount, fee: plan.fee, receive: plan.receive, createdAt: now })
            .returning({ id: withdrawals.id });
          id = row.id;
        } catch (error) {
          if (isUniqueViolation(error)) throw new DomainError("WITHDRAW_PENDING");
          throw error;
        }
        const held = await ledger.hold(tx, {
          key: `withdrawal:${id}:hold`,
          ...transfers.withdrawalHold({ userId, currency: input.currency, amount: plan.amount, withdrawalId: id }),
          at: now,
        });
        await tx.update(withdrawals).set({ holdId: held.holdId }).where(eq(withdrawals.id, id));
        await audit(tx, { actorKind: "user", actorId: userId, action: "withdrawal.request", targetKind: "withdrawal", targetId: id, detail: { amount: plan.amount, address: plan.address } });
        return { id, status: "pending" as const, fee: plan.fee, receive: plan.receive };
      },
      check,
    );
  }

  async list(userId: number, query: { page: number; limit: number }): Promise<{ list: WithdrawalItem[]; total: number }> {
    const rows = await this.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [{ total }] = await this.db.select({ total: count() }).from(withdrawals).where(eq(withdrawals.userId, userId));
    return { list: rows.map(toItem), total };
  }

  /** The operator's queue: pending oldest first (first come, first served), other states newest first. */
  async queue(query: { page: number; limit: number; status?: FundingStatus; user_id?: number }) {
    const filters: SQL[] = [];
    if (query.status) filters.push(eq(withdrawals.status, query.status));
    if (query.user_id) filters.push(eq(withdrawals.userId, query.user_id));
    const where = filters.length ? and(...filters) : undefined;
    const rows = await this.db
      .select({ w: withdrawals, account: userAccountOf(withdrawals.userId), reviewer: operatorNameOf(withdrawals.reviewedBy) })
      .from(withdrawals)
      .where(where)
      .orderBy(query.status === "pending" ? asc(withdrawals.id) : desc(withdrawals.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [{ total }] = await this.db.select({ total: count() }).from(withdrawals).where(where);
    return { total, list: rows.map((r) => ({ ...toItem(r.w), user_id: r.w.userId, account: r.account, reviewed_by: r.reviewer })) };
  }

  /** Claims an open withdrawal for review (row lock): a second operator finds it no longer open. */
  private async claim(tx: Tx, id: number, change: Partial<WithdrawalRow>): Promise<WithdrawalRow> {
    const rows = await tx
      .update(withdrawals)
      .set(change)
      .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, OPEN)))
      .returning();
    if (rows.length) return rows[0];
    const exists = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
    throw new DomainError(exists.length ? "ORDER_STATUS_ERROR" : "DATA_NOT_FOUND");
  }

  /** Paid out on chain: the frozen amount leaves (receive to withdrawals out, fee to fees), with the tx hash. */
  async approve(operator: OperatorSession, input: { id: number; tx_hash: string; idempotency_key?: string }) {
    return this.decide(operator, "backoffice/withdrawals/approve", input.idempotency_key, { id: input.id, tx_hash: input.tx_hash }, async (tx) => {
      const now = this.clock.now();
      const row = await this.claim(tx, input.id, { status: "succeeded", txHash: input.tx_hash, reviewedBy: operator.id, reviewedAt: now });
      if (row.holdId === null) throw new Error(`Invariant violated: withdrawal ${row.id} has no hold`);
      await ledger.settle(tx, {
        holdId: row.holdId,
        key: `withdrawal:${row.id}:settle`,
        actor: { kind: "operator", id: operator.id },
        at: now,
        ...transfers.withdrawalPayout({ currency: row.currency, receive: row.receive, fee: row.fee }),
      });
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "withdrawal.approve", targetKind: "withdrawal", targetId: row.id, detail: { user_id: row.userId, amount: toWire(row.amount), tx_hash: input.tx_hash } });
      await this.notifier.notifyUser(tx, row.userId, {
        title: notifications.WITHDRAWAL_PAID_TITLE.key,
        body: notifications.WITHDRAWAL_PAID_BODY.key,
        values: { receive: amountValue(toWire(row.receive), row.currency), currency: row.currency, address: row.address, tx_hash: input.tx_hash },
        push: { kind: "withdrawal", url: PUSH_SCREENS.withdrawals, id: row.id },
      });
      return row;
    });
  }

  /** Refused: the hold is voided and the whole amount returns to the user's available balance. */
  async reject(operator: OperatorSession, input: { id: number; reason: string; idempotency_key?: string }) {
    return this.decide(operator, "backoffice/withdrawals/reject", input.idempotency_key, { id: input.id, reason: input.reason }, async (tx) => {
      const now = this.clock.now();
      const row = await this.claim(tx, input.id, { status: "failed", reason: input.reason, reviewedBy: operator.id, reviewedAt: now });
      if (row.holdId === null) throw new Error(`Invariant violated: withdrawal ${row.id} has no hold`);
      await ledger.release(tx, { holdId: row.holdId, key: `withdrawal:${row.id}:release`, memo: input.reason, actor: { kind: "operator", id: operator.id }, at: now });
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "withdrawal.reject", targetKind: "withdrawal", targetId: row.id, detail: { user_id: row.userId, amount: toWire(row.amount), reason: input.reason } });
      await this.notifier.notifyUser(tx, row.userId, {
        title: notifications.WITHDRAWAL_REJECTED_TITLE.key,
        body: notifications.WITHDRAWAL_REJECTED_BODY.key,
        values: { amount: amountValue(toWire(row.amount), row.currency), currency: row.currency, reason: input.reason },
        push: { kind: "withdrawal", url: PUSH_SCREENS.withdrawals, id: row.id },
      });
      return row;
    });
  }
}

