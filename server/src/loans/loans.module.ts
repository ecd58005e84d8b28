import type { CountrySwitches } from "../kyc";
import { toWire } from "../ledger";
import type { AppContext } from "../platform/context";
import type { UserNotifier } from "../platform/notify";
import { loadWalletConfig, type PriceSource } from "../wallet";
import { loansRoutes } from "./loans.routes";
import { LoansAdmin } from "./loans.admin";
import { LoansCommands } from "./loans.commands";
import { LoansQueries } from "./loans.queries";
import { LoansSettlement } from "./loans.settlement";
import type { LoansDeps } from "./loans.shared";

export interface LoansModule {
  commands: LoansCommands;
  settlement: LoansSettlement;
  queries: LoansQueries;
  admin: LoansAdmin;
  /** The leader's periodic work: each overdue day's fee, once per loan and day (catches up after downtime). */
  runJobs(nowMs: number): Promise<void>;
}

/** Credit loans: applications, the operators' queue, repayments, and the overdue accrual for the leader. */
export function registerLoans(ctx: AppContext, deps: { notifier: UserNotifier; switches: CountrySwitches; prices: PriceSource }): LoansModule {
  const shared: LoansDeps = {
    db: ctx.db,
    clock: ctx.clock,
    notifier: deps.notifier,
    events: ctx.events,
    switches: deps.switches,
    maxBytes: ctx.config.UPLOAD_MAX_BYTES,
    async rates() {
      const config = await loadWalletConfig(ctx.db);
      const out: { currency: string; rate: string }[] = [];
      for (const currency of Object.keys(config.reference_prices).sort()) {
        const price = await deps.prices.usdtPrice(currency);
        if (price) out.push({ currency, rate: toWire(price) });
      }
      return out;
    },
  };
  const commands = new LoansCommands(shared);
  const settlement = new LoansSettlement(shared);
  const queries = new LoansQueries(shared);
  const admin = new LoansAdmin(shared);
  loansRoutes(ctx, { commands, queries, admin });
  return {
    commands,
    settlement,
    queries,
    admin,
    async runJobs(nowMs) {
      await settlement.accrueOverdue(nowMs);
    },
  };
}
