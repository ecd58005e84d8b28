import { features, kyc } from "../../contract";
import { CountrySwitches } from "./country-switches";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { UserNotifier } from "../platform/notify";
import { KycService } from "./kyc.service";

/** Who works the verification queue (and may see the photos). */
export const KYC_REVIEWERS: OperatorRole[] = ["admin", "reviewer"];

/** Identity verification: the user's calls and the back office's queue. */
export function registerKyc(ctx: AppContext, options: { notifier?: UserNotifier } = {}): KycService {
  const service = new KycService(ctx.db, ctx.clock, ctx.config.UPLOAD_MAX_BYTES, options.notifier, ctx.events);
  const { api } = ctx;
  api.route(kyc.submit, ({ user, input, files }) => service.submit(user.id, input, files));
  api.route(kyc.info, ({ user }) => service.info(user.id));
  api.route(kyc.photo, ({ user, input }) => service.ownPhoto(user.id, input.side));

  api.route(kyc.bo.queue, ({ input }) => service.queue(input), { roles: KYC_REVIEWERS });
  api.route(kyc.bo.photo, ({ input }) => service.photo(input.id, input.side), { roles: KYC_REVIEWERS });
  api.route(kyc.bo.approve, ({ operator, input }) => service.approve(operator, input.user_id, input.idempotency_key), { roles: KYC_REVIEWERS });
  api.route(kyc.bo.reject, ({ operator, input }) => service.reject(operator, input.user_id, input.reason, input.idempotency_key), { roles: KYC_REVIEWERS });
  return service;
}

/** Products switched off per KYC country: the user's view, the back office's switches, and the check domains use. */
export function registerCountrySwitches(ctx: AppContext): CountrySwitches {
  const switches = new CountrySwitches(ctx.db);
  const { api } = ctx;
  api.route(features.myFeatures, ({ user }) => switches.available(user.id));
  api.route(features.backofficeSwitches, () => switches.switches(), { roles: ["admin", "reviewer", "support"] });
  api.route(features.backofficeSwitchesSave, ({ operator, input }) => switches.save(operator, input), { roles: ["admin"] });
  return switches;
}
