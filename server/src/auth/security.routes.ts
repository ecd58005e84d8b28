import { security } from "../../contract";
import type { AppContext } from "../platform/context";
import type { LoginHistory } from "./login-history";
import type { SecurityService } from "./security.service";

export function securityRoutes(ctx: AppContext, service: SecurityService, history: LoginHistory): void {
  const { api } = ctx;
  api.route(security.antiPhishing, async ({ user }) => ({ code: await service.antiPhishingCode(user.id) }));
  api.route(security.setAntiPhishing, async ({ user, input }) => ({ code: await service.setAntiPhishingCode(user.id, input.code) }), {
    rateLimit: { max: ctx.config.RATE_LIMIT_AUTH },
  });
  api.route(security.sessions, async ({ user }) => ({ list: await service.listSessions(user.id, user.sessionId) }));
  api.route(security.endSession, async ({ user, input }) => {
    await service.endSession(user.id, input.id);
    return {};
  });
  api.route(security.endOtherSessions, async ({ user }) => ({ ended: await service.endOtherSessions(user.id, user.sessionId) }));
  api.route(security.loginHistory, ({ user, input }) => history.list(user.id, input));
}
