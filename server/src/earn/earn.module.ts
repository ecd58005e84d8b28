import type { CountrySwitches } from "../kyc";
import type { AppContext } from "../platform/context";
import type { UserNotifier } from "../platform/notify";
import { earnRoutes } from "./earn.routes";
import { EarnService, type PayoutRun } from "./earn.service";

export interface EarnModule {
  service: EarnService;
  /** The leader's periodic work: pays every income due (00:00 UTC), catches up missed days (idempotent). */
  runJobs(nowMs: number): Promise<PayoutRun>;
}

/** AI arbitrage and hosting: one earn engine, its routes, and the daily payout job for the leader. */
export function registerEarn(ctx: AppContext, deps: { notifier: UserNotifier; switches: CountrySwitches }): EarnModule {
  const service = new EarnService({ db: ctx.db, clock: ctx.clock, notifier: deps.notifier, switches: deps.switches });
  earnRoutes(ctx, service);
  return { service, runJobs: (nowMs) => service.runPayouts(nowMs) };
}
