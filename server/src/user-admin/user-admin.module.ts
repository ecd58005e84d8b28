import { userAdmin } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import type { PasskeyService, SessionService } from "../auth";
import type { KycService } from "../kyc";
import type { AppContext } from "../platform/context";
import { UserAdminService } from "./user-admin.service";

/** Support staff read (to answer users); only admins act on an account. */
const READERS: OperatorRole[] = ["admin", "support"];
const ACTORS: OperatorRole[] = ["admin"];

/** The back office's Users desk. */
export function registerUserAdmin(ctx: AppContext, deps: { sessions: SessionService; kyc: KycService; passkeys: PasskeyService }): UserAdminService {
  const service = new UserAdminService(ctx.db, ctx.clock, deps.sessions, deps.kyc, deps.passkeys);
  const { api } = ctx;
  api.route(userAdmin.search, ({ input }) => service.search(input), { roles: READERS });
  api.route(userAdmin.detail, ({ input }) => service.detail(input.user_id), { roles: READERS });
  api.route(userAdmin.ledger, ({ input }) => service.ledger(input), { roles: READERS });
  api.route(userAdmin.freeze, ({ operator, input }) => service.freeze(operator, input.user_id, input.reason), { roles: ACTORS });
  api.route(userAdmin.unfreeze, ({ operator, input }) => service.unfreeze(operator, input.user_id, input.reason), { roles: ACTORS });
  api.route(userAdmin.lock, ({ operator, input }) => service.lock(operator, input.user_id, input.reason), { roles: ACTORS });
  api.route(userAdmin.unlock, ({ operator, input }) => service.unlock(operator, input.user_id, input.reason), { roles: ACTORS });
  api.route(userAdmin.adjust, ({ operator, input }) => service.adjust(operator, input), { roles: ACTORS });
  return service;
}
