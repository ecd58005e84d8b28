import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { OptionsConfig, OptionStatus } from "../../contract/options";
import { userAccountOf } from "../auth";
import { ledger } from "../ledger";
import { audit } from "../platform/audit";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { configProblems, optionsConfig } from "./options.config";
import { options } from "./options.schema";
import { OptionsRole, toOption } from "./options.shared";

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
      ledger.platformBalances(this.db),
    ]);
    return {
      list: rows.map((r) => ({ ...toOption(r.o), user_id: r.o.userId, account: r.account })),
      total,
      accounts: platform.filter((b) => b.platform === "options").map((b) => ({ platform: b.platform, currency: b.currency, balance: b.balance })),
    };
  }

  config(): Promise<OptionsConfig> {
    return optionsConfig.read(this.db);
  }

  async saveConfig(operator: OperatorSession, config: OptionsConfig): Promise<OptionsConfig> {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    if (configProblems(config).length) throw new DomainError("PARAMETER_ERROR");
    await this.db.transaction(async (tx) => {
      await optionsConfig.save(tx, config);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "options.config", targetKind: "settings", detail: config });
    });
    return config;
  }
}
