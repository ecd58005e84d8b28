import { notifications } from "../../contract/messages";
import { PUSH_SCREENS } from "../../contract/push-kinds";
import { silentNotifier, type UserNotifier } from "../platform/notify";
import { and, asc, count, min, desc, eq, ne, type SQL } from "drizzle-orm";
import type { PendingQueue } from "../platform/metrics";
import type { DepositItem, DepositSource, DepositStatus, FundingChange, FundingStatus } from "../../contract/funding";
import { errors } from "../../contract/messages";
import { userAccountOf, userRecords } from "../auth";
import { isUniqueViolation } from "../platform/db-errors";
import { operatorNameOf } from "../backoffice";
import { ledger, toWire, transfers } from "../ledger";
import { noEvents, type Events } from "../platform/events";
import { audit } from "../platform/audit";
import type { Clock } from "../platform/clock";
import { toSeconds } from "../platform/clock";
import type { Db, Tx } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { OperatorSession, UploadedFile } from "../platform/http";
import { idempotent, operatorDecision } from "../platform/idempotency";
import { asImageData, checkImage, imagePurpose, readImage, storeImage, type CheckedImage } from "../platform/uploads";
import { decimalsOf, loadWalletConfig } from "../wallet";
import { getAddress } from "viem/utils";
import { depositAddressOf, loadChainConfig, watchedNetworks, watchOnlyKey, type ChainEnv } from "./chain.config";
import { loadFundingConfig, openDepositNetworks } from "./funding.config";
import { checkAmount, checkDepositAmount } from "./funding.engine";
import { deposits, type DepositRow } from "./funding.schema";
import { amountValue } from "../platform/i18n";

/**
 * Deposit screenshots: the user uploads them, a copy per deposit (a cancelled deposit frees its screenshot for a new
 * one; the deposits table refuses one screenshot behind two live deposits).
 */
const DEPOSIT_IMAGES = imagePurpose("deposit", { by: "user", singleCopy: false });

function toItem(row: DepositRow): DepositItem {
  return {
    id: row.id,
    currency: row.currency,
    network: row.network,
    amount: toWire(row.amount),
    status: row.status,
    created_at: toSeconds(row.createdAt),
    reviewed_at: row.reviewedAt ? toSeconds(row.reviewedAt) : null,
    reason: row.reason,
    source: row.source,
    tx_hash: row.txHash,
    log_index: row.logIndex,
    block: row.block,
    confirmations: row.confirmations,
  };
}

/**
 * USDT deposits by payment voucher: the user declares the amount with a screenshot of the transfer; an operator
 * checks it against the receiving address and approves (the user is credited from deposits in transit, once) or
 * rejects it with a reason. A pending deposit can be cancelled by its owner.
 */
export class DepositService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly maxBytes: number,
    private readonly notifier: UserNotifier = silentNotifier,
    /** Most pending deposits a user may have at once (`DEPOSIT_PENDING_MAX`). */
    private readonly pendingMax = 3,
    /** On-chain deposits' environment (DEPOSIT_XPUB, CHAIN_NETWORKS): the default until the back office saves its own. */
    private readonly chainEnv: ChainEnv = {},
    private readonly events: Events = noEvents,
  ) {}

  /**
   * Where a user sends a deposit: on a watched network their own derived address (credited by itself after the
   * confirmations), on any other open network the platform's address and the voucher.
   */
  async address(userId: number, currency: string, network: string | undefined) {
    const config = await loadFundingConfig(this.db);
    if (currency !== config.deposit.currency) throw new DomainError("CURRENCY_TYPE_WRONG");
    const chain = await loadChainConfig(this.db, this.chainEnv);
    const watched = watchedNetworks(chain);
    const open = openDepositNetworks(config).filter((n) => !watched.some((w) => w.network === n.network));
    const networks = [...watched.map((n) => n.network), ...open.map((n) => n.network)];
    if (!networks.length) throw new DomainError("DEPOSIT_NETWORK_CLOSED");
    const name = network ?? networks[0];
    const limits = { currency, network: name, min: config.deposit.min, max: config.deposit.max, networks };
    const auto = watched.find((n) => n.network === name);
    if (auto) {
      const address = depositAddressOf(watchOnlyKey(chain.xpub), userId);
      return { ...limits, address, auto: true, confirmations: auto.confirmations, token_contract: getAddress(auto.token_contract) };
    }
    const chosen = open.find((n) => n.network === name);
    if (!chosen) throw new DomainError("DEPOSIT_NETWORK_CLOSED");
    return { ...limits, address: chosen.address, auto: false, confirmations: null, token_contract: null };
  }

  /** Deposits waiting for an operator (the back office's overview). */
  async pendingCount(): Promise<number> {
    return (await this.pendingQueue()).count;
  }

  /** The review queue: how many wait, and since when the oldest (metrics). */
  async pendingQueue(): Promise<PendingQueue> {
    const [row] = await this.db.select({ count: count(), oldest: min(deposits.createdAt) }).from(deposits).where(eq(deposits.status, "pending"));
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  }

  /** A user can deposit to an enabled network with a receiving address, or to a watched one. */
  async acceptsDeposits(): Promise<boolean> {
    return openDepositNetworks(await loadFundingConfig(this.db)).length > 0 || watchedNetworks(await loadChainConfig(this.db, this.chainEnv)).length > 0;
  }

  async request(
    userId: number,
    input: { currency: string; network: string; amount: string; md5: string; idempotency_key?: string },
    voucher: UploadedFile | undefined,
  ): Promise<{ id: number; status: FundingStatus }> {
    const { idempotency_key: key, ...body } = input;
    let plan: { amount: string; address: string; screenshot: CheckedImage } | null = null;
    const check = async () => {
      await this.refuseOverCap(userId);
      const config = await loadFundingConfig(this.db);
      if (input.currency !== config.deposit.currency) throw new DomainError("CURRENCY_TYPE_WRONG");
      const network = openDepositNetworks(config).find((n) => n.network === input.network);
      if (!network) throw new DomainError("DEPOSIT_NETWORK_CLOSED");
      const decimals = decimalsOf(await loadWalletConfig(this.db), input.currency) ?? 6;
      const amount = checkAmount(input.amount, decimals);
      if (!amount.ok) throw new DomainError(amount.error, { amount: errors[amount.error].key });
      const limit = checkDepositAmount(amount.value, config.deposit);
      if (limit) throw new DomainError(limit, { amount: errors[limit].key });
      if (!voucher) throw new DomainError("MISSING_PARAMETER", "voucher");
      const screenshot = await checkImage(voucher, { field: "voucher", maxBytes: this.maxBytes, md5: input.md5 });
      const [used] = await this.db
        .select({ id: deposits.id, userId: deposits.userId })
        .from(deposits)
        .where(and(eq(deposits.voucherMd5, screenshot.md5), ne(deposits.status, "cancelled")));
      // The user's own earlier deposit is named; another user's never is (it would reveal their deposit).
      if (used?.userId === userId) throw new DomainError("DEPOSIT_VOUCHER_REUSED", "voucher").withValues({ order: String(used.id) });
      if (used) throw new DomainError("FILE_EXISTS", "voucher");
      plan = { amount: toWire(amount.value), address: network.address, screenshot };
    };
    return idempotent(
      this.db,
      { userId, key, scope: "wallet/charge_req", body },
      async (tx) => {
        const p = plan!;
        // One user's requests queue on their row, so a burst of parallel requests cannot slip past the cap.
        await userRecords.lock(tx, userId);
        await this.refuseOverCap(userId, tx);
        // Each deposit keeps its own copy: a cancelled deposit's screenshot may back a new one.
        const voucherId = await storeImage(tx, DEPOSIT_IMAGES, { userId, image: p.screenshot, data: voucher!.data });
        const inserted = await tx
          .insert(deposits)
          .values({
            userId,
            currency: input.currency,
            network: input.network,
            address: p.address,
            amount: p.amount,
            voucherUploadId: voucherId,
            voucherMd5: p.screenshot.md5,
            voucherType: p.screenshot.contentType,
            createdAt: this.clock.now(),
          })
          .returning({ id: deposits.id })
          .catch((error: unknown) => {
            // A twin request with the same screenshot won the race (the partial unique index).
            if (isUniqueViolation(error)) throw new DomainError("FILE_EXISTS", "voucher");
            throw error;
          });
        const row = inserted[0];
        await audit(tx, { actorKind: "user", actorId: userId, action: "deposit.request", targetKind: "deposit", targetId: row.id, detail: { amount: p.amount, network: input.network } });
        return { id: row.id, status: "pending" as const };
      },
      check,
    );
  }

  /** A user may have only so many deposits waiting for review (`DEPOSIT_PENDING_MAX`): refused with its own message. */
  async refuseOverCap(userId: number, db: Db | Tx = this.db): Promise<void> {
    const [{ n }] = await db.select({ n: count() }).from(deposits).where(and(eq(deposits.userId, userId), eq(deposits.status, "pending")));
    if (n >= this.pendingMax) throw new DomainError("DEPOSIT_PENDING_MAX");
  }

  async cancel(userId: number, id: number): Promise<{ id: number; status: FundingStatus }> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(deposits)
        .set({ status: "cancelled", reviewedAt: this.clock.now() })
        .where(and(eq(deposits.id, id), eq(deposits.userId, userId), eq(deposits.status, "pending")))
        .returning({ id: deposits.id });
      if (!rows.length) {
        const found = await tx.select({ userId: deposits.userId }).from(deposits).where(eq(deposits.id, id));
        if (!found.length || found[0].userId !== userId) throw new DomainError("DEPOSIT_RECEIPT_NOT_FOUND");
        throw new DomainError("DEPOSIT_RECEIPT_STATUS");
      }
      await audit(tx, { actorKind: "user", actorId: userId, action: "deposit.cancel", targetKind: "deposit", targetId: id });
      return { id, status: "cancelled" as const };
    });
  }

  async list(userId: number, query: { page: number; limit: number }): Promise<{ list: DepositItem[]; total: number }> {
    const rows = await this.db
      .select()
      .from(deposits)
      .where(eq(deposits.userId, userId))
      .orderBy(desc(deposits.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [{ total }] = await this.db.select({ total: count() }).from(deposits).where(eq(deposits.userId, userId));
    return { list: rows.map(toItem), total };
  }

  /** The voucher image: to its owner (userId) or to an operator (null). Anybody else is told it does not exist. */
  async voucher(id: number, userId: number | null): Promise<{ content_type: string; data: string }> {
    const [row] = await this.db.select().from(deposits).where(eq(deposits.id, id));
    if (!row || (userId !== null && row.userId !== userId) || row.voucherUploadId === null) throw new DomainError("DEPOSIT_RECEIPT_NOT_FOUND");
    const screenshot = await readImage(this.db, DEPOSIT_IMAGES, row.voucherUploadId);
    if (!screenshot) throw new DomainError("DEPOSIT_RECEIPT_NOT_FOUND");
    return asImageData(screenshot);
  }

  async queue(query: { page: number; limit: number; status?: DepositStatus; user_id?: number; source?: DepositSource }) {
    const filters: SQL[] = [];
    if (query.status) filters.push(eq(deposits.status, query.status));
    if (query.source) filters.push(eq(deposits.source, query.source));
    if (query.user_id) filters.push(eq(deposits.userId, query.user_id));
    const where = filters.length ? and(...filters) : undefined;
    const rows = await this.db
      .select({ d: deposits, account: userAccountOf(deposits.userId), reviewer: operatorNameOf(deposits.reviewedBy) })
      .from(deposits)
      .where(where)
      .orderBy(query.status === "pending" ? asc(deposits.id) : desc(deposits.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [{ total }] = await this.db.select({ total: count() }).from(deposits).where(where);
    return {
      total,
      list: rows.map((r) => ({ ...toItem(r.d), user_id: r.d.userId, account: r.account, address: r.d.address, voucher_md5: r.d.voucherMd5, reviewed_by: r.reviewer })),
    };
  }

  /** Takes a pending deposit for a decision; the row lock makes a second operator find it decided. */
  private async claim(tx: Tx, id: number, change: Partial<DepositRow>): Promise<DepositRow> {
    const rows = await tx
      .update(deposits)
      .set(change)
      .where(and(eq(deposits.id, id), eq(deposits.status, "pending")))
      .returning();
    if (rows.length) return rows[0];
    const exists = await tx.select({ id: deposits.id }).from(deposits).where(eq(deposits.id, id));
    throw new DomainError(exists.length ? "DEPOSIT_RECEIPT_STATUS" : "DEPOSIT_RECEIPT_NOT_FOUND");
  }

  /** Credits the user once: approving twice, or two operators at once, finds the deposit already decided. */
  async approve(operator: OperatorSession, id: number, key?: string): Promise<{ id: number; status: FundingStatus }> {
    return operatorDecision(this.db, operator, "backoffice/deposits/approve", key, { id }, async (tx) => {
      const now = this.clock.now();
      const row = await this.claim(tx, id, { status: "succeeded", reviewedBy: operator.id, reviewedAt: now });
      await this.credit(tx, row, { kind: "operator", id: operator.id }, now);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "deposit.approve", targetKind: "deposit", targetId: row.id, detail: { user_id: row.userId, amount: toWire(row.amount) } });
      return { id: row.id, status: "succeeded" as const };
    });
  }

  /**
   * On-chain transfers the watcher found confirmed: each credited once, in its own transaction (the row moves from
   * `confirming` to `succeeded` with its ledger posting; a second run finds it credited and does nothing).
   */
  async creditTransfers(ids: number[], confirmations: number): Promise<number> {
    let credited = 0;
    for (const id of ids) {
      const row = await this.db.transaction(async (tx) => {
        const now = this.clock.now();
        const [claimed] = await tx
          .update(deposits)
          .set({ status: "succeeded", confirmations, reviewedAt: now })
          .where(and(eq(deposits.id, id), eq(deposits.status, "confirming")))
          .returning();
        if (!claimed) return null;
        // The cause the user reads: the transaction, its log and its block.
        await this.credit(tx, claimed, { kind: "system", id: null }, now, `${claimed.network} ${claimed.txHash} #${claimed.logIndex} block ${claimed.block}`);
        await audit(tx, { actorKind: "system", actorId: null, action: "deposit.chain_credit", targetKind: "deposit", targetId: claimed.id, detail: { user_id: claimed.userId, amount: toWire(claimed.amount), tx_hash: claimed.txHash, log_index: claimed.logIndex, block: claimed.block } });
        return claimed;
      });
      if (row) credited += 1;
    }
    return credited;
  }

  /**
   * The credit of a deposit: from deposits in transit to the user, once (keyed by the deposit), with a notice and a
   * push; once committed, the depositor's screens are told and the approval is raised (the referral reward).
   */
  private async credit(tx: Tx, row: DepositRow, actor: { kind: "operator" | "system"; id: number | null }, at: Date, memo?: string): Promise<void> {
    const posted = await ledger.post(tx, {
      key: `deposit:${row.id}:credit`,
      ...transfers.depositCredit({ userId: row.userId, currency: row.currency, amount: row.amount, depositId: row.id }),
      actor,
      at,
      memo,
    });
    await tx.update(deposits).set({ entryId: posted.entryId }).where(eq(deposits.id, row.id));
    await this.notifier.notifyUser(tx, row.userId, {
      title: notifications.DEPOSIT_CREDITED_TITLE.key,
      body: notifications.DEPOSIT_CREDITED_BODY.key,
      values: { amount: amountValue(toWire(row.amount), row.currency), currency: row.currency },
      push: { kind: "deposit", url: PUSH_SCREENS.deposits, id: row.id },
    });
    this.events.raise(tx, "funding.decided", { userId: row.userId, change: { kind: "deposit", id: row.id, status: "succeeded" } });
    this.events.raise(tx, "deposit.approved", { userId: row.userId });
  }

  async reject(operator: OperatorSession, input: { id: number; reason: string; idempotency_key?: string }): Promise<{ id: number; status: FundingStatus }> {
    return operatorDecision(this.db, operator, "backoffice/deposits/reject", input.idempotency_key, { id: input.id, reason: input.reason }, async (tx) => {
      const row = await this.claim(tx, input.id, { status: "failed", reason: input.reason, reviewedBy: operator.id, reviewedAt: this.clock.now() });
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "deposit.reject", targetKind: "deposit", targetId: row.id, detail: { user_id: row.userId, amount: toWire(row.amount), reason: input.reason } });
      await this.notifier.notifyUser(tx, row.userId, {
        title: notifications.DEPOSIT_REJECTED_TITLE.key,
        body: notifications.DEPOSIT_REJECTED_BODY.key,
        values: { amount: amountValue(toWire(row.amount), row.currency), currency: row.currency, reason: input.reason },
        push: { kind: "deposit", url: PUSH_SCREENS.deposits, id: row.id },
      });
      this.events.raise(tx, "funding.decided", { userId: row.userId, change: { kind: "deposit", id: row.id, status: "failed" } });
      return { id: row.id, status: "failed" as const };
    });
  }

  /** Tells the depositor's screens (the socket's `funding` channel) of an on-chain transfer's progress, committed. */
  announce(userId: number, change: FundingChange): Promise<void> {
    return this.events.publish("funding.decided", { userId, change });
  }
}

declare module "../platform/events" {
  interface DomainEvents {
    /** A deposit's or withdrawal's decision, or an on-chain transfer's progress (the user's `funding` channel). */
    "funding.decided": { userId: number; change: FundingChange };
    /** A deposit credited to the user (the referral reward waits on a first deposit). */
    "deposit.approved": { userId: number };
  }
}
