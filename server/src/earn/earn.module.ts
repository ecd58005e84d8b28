import type { CountrySwitches } from "../kyc";
import type { AppContext } from "../platform/context";
import type { UserNotifier } from "../platform/notify";
import { earnRoutes } from "./earn.routes";
import { EarnAdmin } from "./earn.admin";
import { EarnCommands } from "./earn.commands";
import { EarnQueries } from "./earn.queries";
import { EarnSettlement } from "./earn.settlement";
import type { EarnDeps, PayoutRun } from "./earn.shared";

export interface EarnModule {
  commands: EarnCommands;
  settlement: EarnSettlement;
  queries: EarnQueries;
  admin: EarnAdmin;
  /** The leader's periodic work: pays every income due (00:00 UTC), catches up missed days (idempotent). */
  runJobs(nowMs: number): Promise<PayoutRun>;
}

/** AI arbitrage and hosting: one earn engine, its routes, and the daily payout job for the leader. */
export function registerEarn(ctx: AppContext, deps: { notifier: UserNotifier; switches: CountrySwitches }): EarnModule {
  const shared: EarnDeps = { db: ctx.db, clock: ctx.clock, notifier: deps.notifier, switches: deps.switches };
  const commands = new EarnCommands(shared);
  const settlement = new EarnSettlement(shared);
  const queries = new EarnQueries(shared);
  const admin = new EarnAdmin(shared);
  earnRoutes(ctx, { commands, queries, admin });
  return { commands, settlement, queries, admin, runJobs: (nowMs) => settlement.runPayouts(nowMs) };
}
