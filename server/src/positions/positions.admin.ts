import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { PositionsConfig } from "../../contract/positions";
import { userAccountOf } from "../auth";
import { ledger } from "../ledger";
import { audit } from "../platform/audit";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { configProblems, positionsConfig } from "./positions.config";
import { PositionsRole, type PositionsDeps } from "./positions.shared";
import { positions, type PositionRow } from "./positions.schema";
import type { PositionsQueries } from "./positions.queries";

/** The back office of positions: the list of every user's positions (read only) and the trading rules. */
export class PositionsAdmin extends PositionsRole {
  constructor(
    deps: PositionsDeps,
    private readonly queries: PositionsQueries,
  ) {
    super(deps);
  }

  // ----- back office ------------------------------------------------------------------------------------------

  async adminList(query: { status?: PositionRow["status"]; user_id?: number; symbol?: string; page: number; limit: number }) {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(positions.status, query.status));
    if (query.user_id) conditions.push(eq(positions.userId, query.user_id));
    if (query.symbol) conditions.push(eq(positions.symbol, query.symbol));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }], platform] = await Promise.all([
      this.db.select({ p: positions, account: userAccountOf(positions.userId) }).from(positions).where(where).orderBy(desc(positions.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(positions).where(where),
      ledger.platformBalances(this.db),
    ]);
    return {
      list: rows.map((r) => ({ ...this.queries.toPosition(r.p), user_id: r.p.userId, account: r.account })),
      total,
      accounts: platform.filter((b) => b.platform === "trading" || b.platform === "insurance").map((b) => ({ platform: b.platform, currency: b.currency, balance: b.balance })),
    };
  }

  config(): Promise<PositionsConfig> {
    return positionsConfig.read(this.db);
  }

  async saveConfig(operator: OperatorSession, config: PositionsConfig): Promise<PositionsConfig> {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    for (const symbol of Object.keys(config.pairs)) this.deps.market.requirePair(symbol);
    if (configProblems(config).length) throw new DomainError("PARAMETER_ERROR");
    await this.db.transaction(async (tx) => {
      await positionsConfig.save(tx, config);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "positions.config", targetKind: "settings", detail: config });
    });
    return config;
  }
}
