import { auth } from "../../contract";
import type { AppContext } from "../platform/context";
import { AREA_CODES } from "./area-codes";
import type { AuthService } from "./auth.service";
import type { CodeService } from "./codes";
import type { WalletSignIn } from "./wallet-signin";

export function authRoutes(ctx: AppContext, service: AuthService, codes: CodeService, wallets: WalletSignIn): void {
  const { api } = ctx;
  const limited = { rateLimit: { max: ctx.config.RATE_LIMIT_AUTH } };

  api.route(auth.register, ({ input, lang, ip, userAgent }) => service.register(input, lang, { ip, userAgent }), limited);
  api.route(auth.login, ({ input, ip, userAgent }) => service.login(input, { ip, userAgent }), limited);
  api.route(auth.logout, async ({ user }) => {
    await service.logout(user.sessionId);
    return {};
  });
  api.route(auth.info, ({ user }) => service.info(user.id));
  api.route(auth.nonce, ({ input }) => wallets.issueNonce(input.address), limited);
  api.route(auth.addressRegister, ({ input, lang, ip, userAgent }) => service.walletLogin(input, lang, { ip, userAgent }), limited);
  api.route(auth.sendMailCode, ({ input, lang }) => codes.send("email", input.email, input.type, lang), limited);
  api.route(
    auth.sendPhoneCode,
    ({ input, lang }) => codes.send("sms", `${input.area_code.replace(/^\+?/, "+")}${input.phone}`, input.type, lang),
    limited,
  );
  api.route(auth.areaCodes, () => AREA_CODES);
  api.route(
    auth.forget,
    async ({ input }) => {
      await service.forget(input);
      return {};
    },
    limited,
  );
  api.route(auth.setLanguage, async ({ user, input }) => {
    await service.setLanguage(user.id, input.lang);
    return {};
  });
}
