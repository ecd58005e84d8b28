import { account } from "../../contract";
import type { AppContext } from "../platform/context";
import type { AccountService } from "./account.service";

export function accountRoutes(ctx: AppContext, service: AccountService): void {
  const { api } = ctx;
  api.route(account.updatePassword, ({ user, input }) => service.updatePassword(user.id, input));
  api.route(account.google, ({ user, input }) => service.google(user.id, input));
  api.route(account.bindEmail, async ({ user, input }) => {
    await service.bindEmail(user.id, input);
    return {};
  });
  api.route(account.bankCardInfo, ({ user }) => service.bankCard(user.id));
  api.route(account.saveBankCard, async ({ user, input }) => {
    await service.saveBankCard(user.id, input);
    return {};
  });
}
