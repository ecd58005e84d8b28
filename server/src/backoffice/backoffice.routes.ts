import { backoffice } from "../../contract";
import type { AppContext } from "../platform/context";
import type { FirstRunSetup } from "./first-run";
import type { OperatorService } from "./operators.service";
import { listOutbox } from "./outbox";

export function backofficeRoutes(ctx: AppContext, operators: OperatorService, firstRun: FirstRunSetup): void {
  const { api } = ctx;
  // The first run's setup link: as rate-limited as a sign-in (a wrong code is a failed sign-in's twin).
  const signIn = { rateLimit: { max: ctx.config.RATE_LIMIT_AUTH } };
  api.route(backoffice.setupBegin, ({ input }) => firstRun.begin(input.token, input.name), signIn);
  api.route(backoffice.setupFinish, ({ input, ip }) => firstRun.finish(input, ip), signIn);
  api.route(backoffice.login, ({ input, ip }) => operators.login(input, ip), signIn);
  api.route(backoffice.logout, async ({ operator }) => {
    await operators.logout(operator);
    return {};
  });
  api.route(backoffice.me, ({ operator }) => ({ id: operator.id, name: operator.name, role: operator.role }));
  api.route(backoffice.audit, ({ input }) => operators.auditLog(input), { roles: ["admin"] });
  // Bodies may hold sign-in codes: admins only.
  api.route(backoffice.outbox, ({ input }) => listOutbox(ctx.db, input), { roles: ["admin"] });
}
