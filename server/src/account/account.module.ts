import type { AuthModule } from "../auth";
import type { AppContext } from "../platform/context";
import { accountRoutes } from "./account.routes";
import { AccountService } from "./account.service";

/** Passwords, Google 2FA, e-mail binding and the bank card: service and routes. */
export function registerAccount(ctx: AppContext, deps: AuthModule): AccountService {
  const account = new AccountService(ctx.db, ctx.clock, deps.auth, deps.sessions, deps.codes);
  accountRoutes(ctx, account);
  return account;
}
