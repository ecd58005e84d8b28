import type { AppContext } from "../platform/context";
import type { ThrottleStore } from "../platform/login-throttle";
import { passkeyOrigin } from "../platform/config";
import { authRoutes } from "./auth.routes";
import { PasskeyService } from "./passkeys";
import { passkeyRoutes } from "./passkeys.routes";
import { AuthService } from "./auth.service";
import { CodeService } from "./codes";
import { LoginHistory } from "./login-history";
import { SecurityService } from "./security.service";
import { securityRoutes } from "./security.routes";
import type { SessionService } from "./sessions";
import { WalletSignIn } from "./wallet-signin";

export interface AuthModule {
  auth: AuthService;
  sessions: SessionService;
  codes: CodeService;
  passkeys: PasskeyService;
}

/**
 * Sign-up, login (password, code, wallet), sessions, verification codes and the security centre (anti-phishing
 * code, active sessions, login history) and passkeys: services and routes. The session service
 * comes in built (`new SessionService(db, clock, ttlDays)`): the route helper needs its `authenticate` first.
 */
export function registerAuth(ctx: AppContext, deps: { sessions: SessionService; throttles: ThrottleStore }): AuthModule {
  const codes = new CodeService(ctx.db, ctx.clock, ctx.messenger, ctx.translator, ctx.secrets.codeKey);
  const wallets = new WalletSignIn(ctx.db, ctx.clock);
  const history = new LoginHistory(ctx.db, ctx.clock);
  const passkeys = new PasskeyService(ctx.db, ctx.clock, passkeyOrigin(ctx.config));
  const auth = new AuthService(ctx.db, ctx.clock, deps.sessions, codes, wallets, history, passkeys, deps.throttles);
  authRoutes(ctx, auth, codes, wallets);
  securityRoutes(ctx, new SecurityService(ctx.db, deps.sessions), history);
  passkeyRoutes(ctx, auth, passkeys);
  return { auth, sessions: deps.sessions, codes, passkeys };
}
