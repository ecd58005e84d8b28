import type { AppContext } from "../platform/context";
import { referralRoutes } from "./referral.routes";
import { ReferralService } from "./referral.service";

export interface ReferralModule {
  service: ReferralService;
  /** The leader's periodic work: commission on new trading fees, and rewards a missed hook left unpaid. */
  runJobs(nowMs: number): Promise<void>;
}

/** The referral programme: the user's page, the back office's settings and payouts, the reward and commission. */
export function registerReferral(ctx: AppContext): ReferralModule {
  const service = new ReferralService({ db: ctx.db, clock: ctx.clock, log: ctx.log });
  referralRoutes(ctx, service);
  // An approval that may complete an invitee's conditions (KYC passed, a deposit credited), once committed.
  ctx.events.on("kyc.approved", ({ userId }) => service.afterApproval(userId));
  ctx.events.on("deposit.approved", ({ userId }) => service.afterApproval(userId));
  return {
    service,
    async runJobs() {
      await service.runJobs();
    },
  };
}
