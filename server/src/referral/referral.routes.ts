import * as referral from "../../contract/referral";
import type { AppContext } from "../platform/context";
import type { ReferralService } from "./referral.service";

export function referralRoutes(ctx: AppContext, service: ReferralService): void {
  const { api } = ctx;
  api.route(referral.invite, ({ user, raw }) => service.invite(user.id, `${raw.protocol}://${raw.host}`));
  api.route(referral.backofficeConfig, () => service.config(), { roles: ["admin", "support"] });
  api.route(referral.backofficeConfigSave, ({ operator, input }) => service.saveConfig(operator.id, input), { roles: ["admin"] });
  api.route(referral.backofficePayouts, ({ input }) => service.payouts(input), { roles: ["admin", "support"] });
}
