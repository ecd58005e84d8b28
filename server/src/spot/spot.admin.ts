import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { SpotConfig } from "../../contract/spot";
import { userAccountOf } from "../auth";
import { ledger } from "../ledger";
import { audit } from "../platform/audit";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { rateProblem, spotConfig } from "./spot.config";
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
      ledger.platformBalances(this.db),
    ]);
    return {
      list: rows.map((r) => ({ ...toOrder(r.o), user_id: r.o.userId, account: r.account })),
      total,
      accounts: platform.filter((b) => b.platform === "spot").map((b) => ({ platform: b.platform, currency: b.currency, balance: b.balance })),
    };
  }

  config(): Promise<SpotConfig> {
    return spotConfig.read(this.db);
  }

  async saveConfig(operator: OperatorSession, config: SpotConfig): Promise<SpotConfig> {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    for (const symbol of Object.keys(config.pairs)) this.spotPair(symbol);
    if (rateProblem(config)) throw new DomainError("PARAMETER_ERROR", "fee_rate");
    await this.db.transaction(async (tx) => {
      await spotConfig.save(tx, config);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "spot.config", targetKind: "settings", detail: config });
    });
    return config;
  }
}
