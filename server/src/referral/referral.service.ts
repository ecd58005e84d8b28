import { count, desc, eq, inArray, sql } from "drizzle-orm";
import type { ReferralConfig } from "../../contract/referral";
import { userAccountOf, userDirectory, userRecords } from "../auth";
import { ledger, ledgerReads, money, toWire, transfers } from "../ledger";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { getSetting, putSetting } from "../platform/settings";
import { commissionOf, maskAccount } from "./referral.engine";
import { referralFeeQueue, referralIncome } from "./referral.schema";

export const DEFAULT_REFERRAL_CONFIG: ReferralConfig = {
  enabled: true,
  reward_amount: "200",
  reward_currency: "USDT",
  conditions: ["kyc", "first_deposit"],
  direct_rate: "0.2",
  indirect_rate: "0.1",
};
const SETTING = "referral.config";
/** Fee postings looked at per transaction of the commission job. */
const BATCH = 500;
/** Trading fees earn commission: those of position and spot entries (withdrawal, conversion, early-exit fees do not). */
const isTradingFee = (entryKind: string) => entryKind.startsWith("position.") || entryKind.startsWith("spot.");

type Row<T> = { rows: T[] };
const rows = async <T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as Row<T>).rows;

/**
 * The referral programme. The reward is paid once per direct invitee when the conditions hold (KYC passed, a first
 * approved deposit): `qualify` runs after each of those approvals commits, locks the invitee's user row (so two
 * approvals committing at once are checked one after the other, the second seeing the first) and posts under the
 * key `referral:reward:<invitee>` (the ledger posts a key once). Commission is a share of the trading fees invitees
 * paid, read from the fee postings by the leader's job and posted once per fee posting and level.
 */
export class ReferralService {
  constructor(private readonly deps: { db: Db; clock: Clock; log?: { warn(obj: unknown, msg: string): void } }) {}

  private get db() {
    return this.deps.db;
  }

  async config(db: Executor = this.db): Promise<ReferralConfig> {
    return { ...DEFAULT_REFERRAL_CONFIG, ...((await getSetting<Partial<ReferralConfig>>(db, SETTING)) ?? {}) };
  }

  /** Whether an operator has saved the programme's settings (until then the reward is the default nobody chose), and the reward paid now. */
  async rewardChoice(): Promise<{ chosen: boolean; amount: string; currency: string }> {
    const saved = await getSetting(this.db, SETTING);
    const config = await this.config();
    return { chosen: saved !== null, amount: config.reward_amount, currency: config.reward_currency };
  }

  async saveConfig(operatorId: number, input: ReferralConfig): Promise<ReferralConfig> {
    const next: ReferralConfig = { ...input, conditions: [...new Set(input.conditions)].sort() as ReferralConfig["conditions"] };
    await this.db.transaction(async (tx) => {
      await putSetting(tx, SETTING, next);
      await audit(tx, { actorKind: "operator", actorId: operatorId, action: "referral.config", detail: next });
    });
    return next;
  }

  /** Pays the invitee's inviter the reward if every condition now holds and it was not paid before. Safe to call any time. */
  async qualify(inviteeId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const config = await this.config(tx);
      if (!config.enabled || money(config.reward_amount).lte(0)) return false;
      const invitee = await userRecords.lock(tx, inviteeId);
      if (!invitee || invitee.inviterId === null) return false;
      if (!(await this.meets(tx, invitee, config))) return false;
      const amount = money(config.reward_amount);
      const posted = await ledger.post(tx, {
        key: `referral:reward:${invitee.id}`,
        ...transfers.referralReward({ inviterId: invitee.inviterId, inviteeId: invitee.id, currency: config.reward_currency, amount }),
        actor: { kind: "system", id: null },
        at: this.deps.clock.now(),
        memo: "invitee qualified",
      });
      if (posted.duplicate) return false;
      await tx.insert(referralIncome).values({ userId: invitee.inviterId, fromUserId: invitee.id, kind: "reward", level: 1, amount: toWire(amount), currency: config.reward_currency, entryId: posted.entryId, createdAt: this.deps.clock.now() });
      return true;
    });
  }

  private async meets(db: Executor, invitee: { id: number; reviewStatus: number }, config: ReferralConfig): Promise<boolean> {
    if (config.conditions.includes("kyc") && invitee.reviewStatus !== 2) return false;
    if (config.conditions.includes("first_deposit")) {
      if (!(await ledgerReads.hasEntryOfKind(db, invitee.id, "deposit"))) return false;
    }
    return true;
  }

  /** Runs `qualify` after an approval committed; a failure is logged (the leader's job checks again). */
  readonly afterApproval = async (userId: number): Promise<void> => {
    try {
      await this.qualify(userId);
    } catch (error) {
      this.deps.log?.warn({ err: error, userId }, "referral: qualification failed; the job retries");
    }
  };

  /**
   * The leader's job: commission on every trading fee posted since the last run (postings to the `fees` account in
   * position and spot entries; withdrawal, conversion and early-exit fees are not trading fees, deposits never are),
   * then a sweep of invitees whose reward may be due. Idempotent per fee posting and level (the ledger key). The fee
   * postings come from `referral_fee_queue`, which the database fills in each fee posting's own transaction: a fee
   * is found whenever it commits, whatever ids committed before it, and the job never scans the ledger.
   */
  async runJobs(): Promise<{ commissions: number; rewards: number }> {
    let commissions = 0;
    for (;;) {
      const done = await this.db.transaction((tx) => this.commissionBatch(tx));
      commissions += done.paid;
      if (done.seen < BATCH) break;
    }
    let rewards = 0;
    const pending = await rows<{ id: string | number }>(
      this.db,
      sql`SELECT u.id FROM ${userDirectory} u WHERE u.inviter_id IS NOT NULL AND u.review_status = 2
          AND NOT EXISTS (SELECT 1 FROM referral_income r WHERE r.kind = 'reward' AND r.from_user_id = u.id) LIMIT 1000`,
    );
    for (const row of pending) if (await this.qualify(Number(row.id))) rewards++;
    return { commissions, rewards };
  }

  private async commissionBatch(tx: Tx): Promise<{ seen: number; paid: number }> {
    const fees = await ledgerReads.queuedPostings(tx, referralFeeQueue, BATCH);
    if (fees.length === 0) return { seen: 0, paid: 0 };
    const config = await this.config(tx);
    let paid = 0;
    for (const fee of fees) {
      // Withdrawal, conversion and early-exit fees are not trading fees; with the programme off nothing is owed later.
      if (!isTradingFee(fee.entryKind) || !config.enabled || fee.payer === null) continue;
      const payer = fee.payer;
      const chain = await this.inviters(tx, payer);
      const levels: Array<[1 | 2, number | null, string]> = [
        [1, chain[0] ?? null, config.direct_rate],
        [2, chain[1] ?? null, config.indirect_rate],
      ];
      for (const [level, beneficiary, rate] of levels) {
        if (beneficiary === null) continue;
        const amount = commissionOf(fee.amount, rate);
        if (amount.lte(0)) continue;
        const posted = await ledger.post(tx, {
          key: `referral:commission:${fee.postingId}:${level}`,
          ...transfers.referralCommission({ beneficiary, currency: fee.currency, amount, feeEntryId: fee.entryId }),
          actor: { kind: "system", id: null },
          at: this.deps.clock.now(),
          memo: `level ${level}`,
        });
        if (posted.duplicate) continue;
        await tx.insert(referralIncome).values({ userId: beneficiary, fromUserId: payer, kind: "commission", level, amount: toWire(amount), currency: fee.currency, feePostingId: fee.postingId, entryId: posted.entryId, createdAt: this.deps.clock.now() });
        paid++;
      }
    }
    await tx.delete(referralFeeQueue).where(inArray(referralFeeQueue.postingId, fees.map((fee) => fee.postingId)));
    return { seen: fees.length, paid };
  }

  /** [direct inviter, indirect inviter] of a user. */
  private async inviters(db: Executor, userId: number): Promise<number[]> {
    const [row] = await rows<{ l1: string | number | null; l2: string | number | null }>(
      db,
      sql`SELECT u.inviter_id AS l1, i.inviter_id AS l2 FROM ${userDirectory} u LEFT JOIN ${userDirectory} i ON i.id = u.inviter_id WHERE u.id = ${userId}`,
    );
    return [row?.l1, row?.l2].filter((v): v is string | number => v !== null && v !== undefined).map(Number);
  }

  // ---- the user's page ----------------------------------------------------------------------------------------

  async invite(userId: number, origin: string) {
    const config = await this.config();
    const me = await userRecords.find(this.db, userId);
    const invitees = await rows<{ id: string | number; account: string; level: number; created_at: string | Date; qualified: boolean }>(
      this.db,
      sql`SELECT u.id, u.account, 1 AS level, u.created_at,
                 EXISTS (SELECT 1 FROM referral_income r WHERE r.kind = 'reward' AND r.from_user_id = u.id) AS qualified
          FROM ${userDirectory} u WHERE u.inviter_id = ${userId}
          UNION ALL
          SELECT v.id, v.account, 2 AS level, v.created_at, false AS qualified
          FROM ${userDirectory} u JOIN ${userDirectory} v ON v.inviter_id = u.id WHERE u.inviter_id = ${userId}
          ORDER BY created_at DESC LIMIT 200`,
    );
    const [counts] = await rows<{ direct: string | number; indirect: string | number }>(
      this.db,
      sql`SELECT (SELECT count(*) FROM ${userDirectory} d WHERE d.inviter_id = ${userId}) AS direct,
                 (SELECT count(*) FROM ${userDirectory} v JOIN ${userDirectory} u ON v.inviter_id = u.id WHERE u.inviter_id = ${userId}) AS indirect`,
    );
    const records = await this.db
      .select({ amount: referralIncome.amount, currency: referralIncome.currency, kind: referralIncome.kind, level: referralIncome.level, createdAt: referralIncome.createdAt, from: userAccountOf(referralIncome.fromUserId) })
      .from(referralIncome)
      .where(eq(referralIncome.userId, userId))
      .orderBy(desc(referralIncome.id))
      .limit(100);
    const [total] = await rows<{ total: string | null }>(this.db, sql`SELECT sum(amount) AS total FROM referral_income WHERE user_id = ${userId} AND currency = ${config.reward_currency}`);
    const code = me?.inviteCode ?? "";
    return {
      invite_code: code,
      link: `${origin}/#/pages/register/index?invite=${encodeURIComponent(code)}`,
      reward: { amount: config.reward_amount, currency: config.reward_currency, conditions: config.conditions, enabled: config.enabled },
      commission: { direct_rate: config.direct_rate, indirect_rate: config.indirect_rate },
      direct: Number(counts?.direct ?? 0),
      indirect: Number(counts?.indirect ?? 0),
      income_total: toWire(total?.total ?? "0"),
      list: invitees.map((r) => ({ account: maskAccount(r.account), level: Number(r.level) as 1 | 2, joined_at: toSeconds(new Date(r.created_at)), qualified: Boolean(r.qualified) })),
      records: records.map((r) => ({ amount: toWire(r.amount), currency: r.currency, kind: r.kind, from: maskAccount(r.from), level: r.level, created_at: toSeconds(r.createdAt) })),
    };
  }

  // ---- back office --------------------------------------------------------------------------------------------

  async payouts(input: { page: number; limit: number }) {
    const list = await rows<{ id: string | number; user_id: string | number; account: string; from_user_id: string | number; from_account: string; kind: "reward" | "commission"; level: number; amount: string; currency: string; entry_id: string | number; created_at: string | Date }>(
      this.db,
      sql`SELECT r.id, r.user_id, u.account, r.from_user_id, f.account AS from_account, r.kind, r.level, r.amount, r.currency, r.entry_id, r.created_at
          FROM referral_income r JOIN ${userDirectory} u ON u.id = r.user_id JOIN ${userDirectory} f ON f.id = r.from_user_id
          ORDER BY r.id DESC LIMIT ${input.limit} OFFSET ${(input.page - 1) * input.limit}`,
    );
    const [n] = await this.db.select({ n: count() }).from(referralIncome);
    const totals = await rows<{ kind: "reward" | "commission"; currency: string; amount: string }>(this.db, sql`SELECT kind, currency, sum(amount) AS amount FROM referral_income GROUP BY kind, currency ORDER BY kind, currency`);
    return {
      list: list.map((r) => ({ id: Number(r.id), user_id: Number(r.user_id), account: r.account, from_user_id: Number(r.from_user_id), from_account: r.from_account, kind: r.kind, level: Number(r.level), amount: toWire(r.amount), currency: r.currency, entry_id: Number(r.entry_id), created_at: toSeconds(new Date(r.created_at)) })),
      total: Number(n?.n ?? 0),
      totals: totals.map((t) => ({ kind: t.kind, currency: t.currency, amount: toWire(t.amount) })),
    };
  }
}

