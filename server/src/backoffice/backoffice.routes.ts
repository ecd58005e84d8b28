import { backoffice } from "../../contract";
import type { AppContext } from "../platform/context";
import type { OperatorService } from "./operators.service";
import { listOutbox } from "./outbox";

export function backofficeRoutes(ctx: AppContext, operators: OperatorService): void {
  const { api } = ctx;
  api.route(backoffice.login, ({ input, ip }) => operators.login(input, ip), { rateLimit: { max: ctx.config.RATE_LIMIT_AUTH } });
  api.route(backoffice.logout, async ({ operator }) => {
    await operators.logout(operator);
    return {};
  });
  api.route(backoffice.me, ({ operator }) => ({ id: operator.id, name: operator.name, role: operator.role }));
  api.route(backoffice.audit, ({ input }) => operators.auditLog(input), { roles: ["admin"] });
  // Bodies may hold sign-in codes: admins only.
  api.route(backoffice.outbox, ({ input }) => listOutbox(ctx.db, input), { roles: ["admin"] });
}
