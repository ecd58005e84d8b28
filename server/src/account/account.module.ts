import type { AuthModule } from "../auth";
import type { AppContext } from "../platform/context";
import { accountRoutes } from "./account.routes";
import { AccountService } from "./account.service";
import { stepUpCheck } from "./step-up";

/** Passwords, Google 2FA, e-mail binding and the bank card: service and routes. */
export function registerAccount(ctx: AppContext, deps: AuthModule): AccountService {
  const account = new AccountService(ctx.db, ctx.clock, deps.auth, deps.sessions, deps.codes);
  accountRoutes(ctx, account);
  // Every call declaring `stepUp` in the contract (address book, security settings) is checked here.
  ctx.api.useStepUp(stepUpCheck(ctx.db, ctx.clock, deps.auth, deps.passkeys));
  return account;
}
