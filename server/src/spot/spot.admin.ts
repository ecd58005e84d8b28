import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { TermChange } from "../../contract/market";
import type { SpotConfig } from "../../contract/spot";
import { userAccountOf } from "../auth";
import { ledgerReads } from "../ledger";
import { audit } from "../platform/audit";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { rateProblem, SPOT_CONFIG_KEY, spotConfig, spotTermLines } from "./spot.config";
import { spotOrders, type SpotOrderRow } from "./spot.schema";
import { SpotRole, toOrder } from "./spot.shared";

/** The back office of spot: every user's orders (read only) and the fee rates. */
export class SpotAdmin extends SpotRole {
  // ----- back office ------------------------------------------------------------------------------------------

  async adminList(query: { status?: SpotOrderRow["status"]; user_id?: number; symbol?: string; page: number; limit: number }) {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(spotOrders.status, query.status));
    if (query.user_id) conditions.push(eq(spotOrders.userId, query.user_id));
    if (query.symbol) conditions.push(eq(spotOrders.symbol, query.symbol));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }], platform] = await Promise.all([
      this.db.select({ o: spotOrders, account: userAccountOf(spotOrders.userId) }).from(spotOrders).where(where).orderBy(desc(spotOrders.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(spotOrders).where(where),
      ledgerReads.platformBalances(this.db),
    ]);
    return {
      list: rows.map((r) => ({ ...toOrder(r.o), user_id: r.o.userId, account: r.account })),
      total,
      accounts: platform.filter((b) => b.platform === "spot").map((b) => ({ platform: b.platform, currency: b.currency, balance: b.balance })),
    };
  }

  /** The fee rates in force, and the saved change waiting for its notice period. */
  async config(): Promise<SpotConfig & { pending: TermChange | null }> {
    const [config, pending] = await Promise.all([spotConfig.read(this.db), this.deps.pairs.terms.pendingConfig(this.db, SPOT_CONFIG_KEY)]);
    return { ...config, pending };
  }

  /**
   * Saves the fee rates by the notice rule (terms/term-changes.ts): a higher rate anywhere makes the whole
   * configuration wait for the notice period, announced; lower rates only apply at once, announced.
   */
  async saveConfig(operator: OperatorSession, input: SpotConfig & { reason?: string }): Promise<SpotConfig & { pending: TermChange | null }> {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    const { reason, ...config } = input;
    for (const symbol of Object.keys(config.pairs)) this.spotPair(symbol);
    if (rateProblem(config)) throw new DomainError("PARAMETER_ERROR", "fee_rate");
    let announce = () => undefined as void;
    await this.db.transaction(async (tx) => {
      const before = await spotConfig.read(tx);
      const recorded = await this.deps.pairs.terms.recordConfig(tx, { operatorId: operator.id, term: SPOT_CONFIG_KEY, from: before, to: config, lines: spotTermLines(before, config), reason: reason ?? null });
      announce = recorded.announce;
      if (recorded.now) await spotConfig.save(tx, config);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "spot.config", targetKind: "settings", detail: { ...config, change_id: recorded.change?.id ?? null, pending: !recorded.now } });
    });
    announce();
    return this.config();
  }
}
