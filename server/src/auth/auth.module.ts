import type { AppContext } from "../platform/context";
import { authRoutes } from "./auth.routes";
import { AuthService } from "./auth.service";
import { CodeService } from "./codes";
import type { SessionService } from "./sessions";
import { WalletSignIn } from "./wallet-signin";

export interface AuthModule {
  auth: AuthService;
  sessions: SessionService;
  codes: CodeService;
}

/**
 * Sign-up, login (password, code, wallet), sessions and verification codes: services and routes. The session service
 * comes in built (`new SessionService(db, clock, ttlDays)`): the route helper needs its `authenticate` first.
 */
export function registerAuth(ctx: AppContext, deps: { sessions: SessionService }): AuthModule {
  const codes = new CodeService(ctx.db, ctx.clock, ctx.messenger, ctx.translator, ctx.secrets.codeKey);
  const wallets = new WalletSignIn(ctx.db, ctx.clock);
  const auth = new AuthService(ctx.db, ctx.clock, deps.sessions, codes, wallets);
  authRoutes(ctx, auth, codes, wallets);
  return { auth, sessions: deps.sessions, codes };
}
