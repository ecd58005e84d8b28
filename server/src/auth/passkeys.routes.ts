import { passkey } from "../../contract";
import type { AppContext } from "../platform/context";
import type { AuthService } from "./auth.service";
import type { PasskeyService } from "./passkeys";

export function passkeyRoutes(ctx: AppContext, auth: AuthService, passkeys: PasskeyService): void {
  const { api } = ctx;
  const limited = { rateLimit: { max: ctx.config.RATE_LIMIT_AUTH } };

  api.route(passkey.registerOptions, ({ user }) => passkeys.registerOptions(user.id));
  api.route(passkey.register, ({ user, input }) => passkeys.register(user.id, input.response, input.name));
  api.route(passkey.list, async ({ user }) => ({ list: await passkeys.list(user.id) }));
  api.route(passkey.remove, async ({ user, input }) => {
    await passkeys.remove(user.id, input.id);
    return {};
  });
  // Public: signed in (a token sent), the challenge is the user's step-up; else a sign-in challenge.
  api.route(passkey.loginOptions, ({ user, input }) => passkeys.assertionOptions({ signedIn: user?.id ?? null, account: input.account }), limited);
  api.route(passkey.login, ({ input, ip, userAgent }) => auth.passkeyLogin(input.response, { ip, userAgent }), limited);
}
