import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { TermChange } from "../../contract/market";
import type { PositionsConfig } from "../../contract/positions";
import { userAccountOf } from "../auth";
import { ledgerReads } from "../ledger";
import { audit } from "../platform/audit";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { configProblems, POSITIONS_CONFIG_KEY, positionsConfig, positionsTermLines } from "./positions.config";
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
      ledgerReads.platformBalances(this.db),
    ]);
    return {
      list: rows.map((r) => ({ ...this.queries.toPosition(r.p), user_id: r.p.userId, account: r.account })),
      total,
      accounts: platform.filter((b) => b.platform === "trading" || b.platform === "insurance").map((b) => ({ platform: b.platform, currency: b.currency, balance: b.balance })),
    };
  }

  /** The rules in force, and the saved change waiting for its notice period. */
  async config(): Promise<PositionsConfig & { pending: TermChange | null }> {
    const [config, pending] = await Promise.all([positionsConfig.read(this.db), this.deps.pairs.terms.pendingConfig(this.db, POSITIONS_CONFIG_KEY)]);
    return { ...config, pending };
  }

  /**
   * Saves the rules by the notice rule (terms/term-changes.ts): any term worse for users (a higher fee, maintenance
   * or swap rate, a lower leverage cap) makes the whole configuration wait for the notice period, announced; a change
   * only better applies at once, announced. Answers the rules in force and the pending change.
   */
  async saveConfig(operator: OperatorSession, input: PositionsConfig & { reason?: string }): Promise<PositionsConfig & { pending: TermChange | null }> {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    const { reason, ...config } = input;
    for (const symbol of Object.keys(config.pairs)) this.deps.pairs.requirePair(symbol);
    if (configProblems(config).length) throw new DomainError("PARAMETER_ERROR");
    let announce = () => undefined as void;
    await this.db.transaction(async (tx) => {
      const before = await positionsConfig.read(tx);
      const lines = positionsTermLines(before, config, (symbol) => this.deps.pairs.pair(symbol)?.kind);
      const recorded = await this.deps.pairs.terms.recordConfig(tx, { operatorId: operator.id, term: POSITIONS_CONFIG_KEY, from: before, to: config, lines, reason: reason ?? null });
      announce = recorded.announce;
      if (recorded.now) await positionsConfig.save(tx, config);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "positions.config", targetKind: "settings", detail: { ...config, change_id: recorded.change?.id ?? null, pending: !recorded.now } });
    });
    announce();
    return this.config();
  }
}
