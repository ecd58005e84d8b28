import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { TermChange } from "../../contract/market";
import type { OptionsConfig, OptionStatus } from "../../contract/options";
import { userAccountOf } from "../auth";
import { ledgerReads } from "../ledger";
import { audit } from "../platform/audit";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { configProblems, OPTIONS_CONFIG_KEY, optionsConfig, optionsTermLines } from "./options.config";
import { options } from "./options.schema";
import { OptionsRole } from "./options.shared";

/** The back office of options: every user's options (read only) and the periods and rates. */
export class OptionsAdmin extends OptionsRole {
  // ----- back office --------------------------------------------------------------------------------------------

  async adminList(query: { status?: OptionStatus; user_id?: number; symbol?: string; page: number; limit: number }) {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(options.status, query.status));
    if (query.user_id) conditions.push(eq(options.userId, query.user_id));
    if (query.symbol) conditions.push(eq(options.symbol, query.symbol));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }], platform] = await Promise.all([
      this.db.select({ o: options, account: userAccountOf(options.userId) }).from(options).where(where).orderBy(desc(options.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(options).where(where),
      ledgerReads.platformBalances(this.db),
    ]);
    return {
      list: rows.map((r) => ({ ...this.wire(r.o), user_id: r.o.userId, account: r.account })),
      total,
      accounts: platform.filter((b) => b.platform === "options").map((b) => ({ platform: b.platform, currency: b.currency, balance: b.balance })),
    };
  }

  /** The periods in force, and the saved change waiting for its notice period. */
  async config(): Promise<OptionsConfig & { pending: TermChange | null }> {
    const [config, pending] = await Promise.all([optionsConfig.read(this.db), this.deps.pairs.terms.pendingConfig(this.db, OPTIONS_CONFIG_KEY)]);
    return { ...config, pending };
  }

  /**
   * Saves the periods by the notice rule (terms/term-changes.ts): a lower payout rate of any period kept makes the
   * whole configuration wait for the notice period, announced; higher rates only apply at once, announced.
   */
  async saveConfig(operator: OperatorSession, input: OptionsConfig & { reason?: string }): Promise<OptionsConfig & { pending: TermChange | null }> {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    const { reason, ...config } = input;
    if (configProblems(config).length) throw new DomainError("PARAMETER_ERROR");
    let announce = () => undefined as void;
    await this.db.transaction(async (tx) => {
      const before = await optionsConfig.read(tx);
      const recorded = await this.deps.pairs.terms.recordConfig(tx, { operatorId: operator.id, term: OPTIONS_CONFIG_KEY, from: before, to: config, lines: optionsTermLines(before, config), reason: reason ?? null });
      announce = recorded.announce;
      if (recorded.now) await optionsConfig.save(tx, config);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "options.config", targetKind: "settings", detail: { ...config, change_id: recorded.change?.id ?? null, pending: !recorded.now } });
    });
    announce();
    return this.config();
  }
}
